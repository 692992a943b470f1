// Structural equality of type-system definitions, for the dialect's "identical
// duplicate" fix: the same kind, name, description, interfaces, directives,
// fields (with arguments, types, defaults and directives), union members, enum
// values and input fields, in the same order. Source positions do not count;
// strings compare by decoded value, numbers by their text (graphql::ast_equal).
#pragma once

#include "engine/graphql/ast.h"

namespace gqleval::schema {

bool same_definition(const ast::Definition& a, const ast::Definition& b);

// The same for one member of a type, for the dialect's merge of a field (input
// field, enum value) repeated in a type and its extensions.
bool same_field_definition(const ast::FieldDefinition& a, const ast::FieldDefinition& b);
bool same_input_value_definition(const ast::InputValueDefinition& a,
                                 const ast::InputValueDefinition& b);
bool same_enum_value_definition(const ast::EnumValueDefinition& a,
                                const ast::EnumValueDefinition& b);
// Two definitions of a field that are the same but for the directives applied
// to the field itself (its arguments, with their directives, are the same):
// the dialect's merge of a field that an extension repeats with other
// directives (StepZen's `@materializer` on a field the type already has).
bool same_field_but_directives(const ast::FieldDefinition& a, const ast::FieldDefinition& b);

}  // namespace gqleval::schema
