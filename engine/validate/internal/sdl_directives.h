// The directive lists of a type-system definition found in an executable
// document (which ExecutableDefinitions rejects, but graphql-js's directive
// rules still inspect), in graphql-js visit order, each with its directive
// location. Cold path: only documents that contain SDL get here.
#pragma once

#include <string_view>
#include <vector>

#include "engine/graphql/ast.h"
#include "engine/schema/schema.h"

namespace gqleval::validate {

struct SdlDirectiveList {
  ast::List<ast::Directive> directives;
  schema::DirectiveLocation location;
  // Directives of a schema definition/extension, or of a type definition or
  // extension: graphql-js checks repeats across all the definitions of the same
  // schema / type name. Empty `type_name` and false `on_schema` otherwise.
  bool on_schema = false;
  std::string_view type_name;
};

std::vector<SdlDirectiveList> sdl_directive_lists(const ast::Definition& definition);

}  // namespace gqleval::validate
