// The named type references of a type-system definition found in an
// executable document (interfaces, field and argument types, union members,
// input field types, root operation types), in graphql-js visit order.
// KnownTypeNames checks them as graphql-js does. Cold path: only documents
// that contain SDL (which ExecutableDefinitions rejects) get here.
#pragma once

#include <vector>

#include "engine/graphql/ast.h"

namespace gqleval::validate {

std::vector<const ast::Name*> sdl_named_types(const ast::Definition& definition);

}  // namespace gqleval::validate
