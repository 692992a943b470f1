// A default value as graphql-js's printSchema writes it. graphql-js does not
// print the literal of the SDL: buildSchema coerces it against the declared
// type (valueFromAST) and printSchema turns the result back into a literal
// (astFromValue). So `x: Float = 1.0` prints `x: Float = 1`, `ids: [Int] = 3`
// prints `ids: [Int] = [3]`, an input object prints its fields in the type's
// order with their own defaults filled in, and `id: ID = "12"` prints
// `id: ID = 12`. A value that does not coerce has no default at all in
// graphql-js, and prints nothing (nullopt here).
//
// One departure: where graphql-js would throw (a list or object given to a
// custom scalar, a non-finite float), the literal is printed as written.
// Numbers are formatted as JavaScript's Number.prototype.toString does.
#pragma once

#include <optional>
#include <string>

#include "engine/graphql/ast.h"
#include "engine/schema/internal/schema_impl.h"

namespace gqleval::schema {

std::optional<std::string> print_default_value(const Schema::Impl& s, TypeRef type,
                                               const ast::Value& value);

// Whether graphql-js's valueFromAST accepts `value` for `type`; when it does
// not, graphql-js's schema has no default there at all.
bool default_value_coerces(const Schema::Impl& s, TypeRef type, const ast::Value& value);

// JavaScript's String(x) for a double: shortest round-trip digits, exponent
// form below 1e-6 and from 1e21 on.
std::string js_number_string(double x);

}  // namespace gqleval::schema
