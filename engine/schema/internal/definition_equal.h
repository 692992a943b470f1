// Structural equality of type-system definitions, for the dialect's "identical
// duplicate" fix: the same kind, name, description, interfaces, directives,
// fields (with arguments, types, defaults and directives), union members, enum
// values and input fields, in the same order. Source positions do not count;
// strings compare by decoded value, numbers by their text (graphql::ast_equal).
#pragma once

#include "engine/graphql/ast.h"

namespace gqleval::schema {

bool same_definition(const ast::Definition& a, const ast::Definition& b);

}  // namespace gqleval::schema
