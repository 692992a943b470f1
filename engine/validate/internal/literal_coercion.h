// Literal coercion as graphql-js 16's valueFromAST decides it, for the places
// where validation depends on it: a default value in the schema counts only if
// it coerces to its type, because graphql-js's buildSchema stores
// valueFromAST(default, type) and an uncoercible default becomes `undefined`
// (so `arg: Int! = null` is a REQUIRED argument, and gives no default to a
// nullable variable used there).
//
// literal_coerces() answers whether valueFromAST(value, type) is not undefined:
// null only for a nullable type; a list literal item by item, any other value
// as a one-item list; an input object literal when every field it gives
// coerces, every required field is given or has a coercible default, unknown
// fields are ignored, and (for @oneOf) exactly one non-null field results; a
// scalar or enum literal when its parseLiteral accepts it (custom scalars take
// any literal). Variables do not coerce (there are none in the schema). Cost:
// linear in the size of the literal; no allocation.
#pragma once

#include <string_view>

#include "engine/graphql/ast.h"
#include "engine/schema/schema.h"

namespace gqleval::validate {

bool literal_coerces(const schema::Schema& schema, const ast::Value& value, schema::TypeRef type);

// The argument or input field has a default that graphql-js keeps.
bool has_coercible_default(const schema::Schema& schema, const schema::InputValue& input);

// graphql-js isRequiredArgument / isRequiredInputField: non-null type and no
// (coercible) default.
bool is_required_input(const schema::Schema& schema, const schema::InputValue& input);

// graphql-js GraphQLInt.parseLiteral's range check on an integer literal's text.
bool fits_int32(std::string_view integer_text);

}  // namespace gqleval::validate
