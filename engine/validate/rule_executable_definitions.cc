// ExecutableDefinitions: an executable document holds only operations and
// fragments. graphql-js: `The "Name" definition is not executable.` at the
// definition (`The schema definition ...` for schema definitions and extensions).
#include <string>

#include "engine/base/concat.h"
#include "engine/validate/rule.h"

namespace gqleval::validate {

void rule_executable_definitions(ValidationContext& ctx) {
  for (const ast::Definition* def : ctx.document.definitions) {
    std::string_view name;
    switch (def->kind) {
      case ast::DefinitionKind::kOperation:
      case ast::DefinitionKind::kFragment: continue;
      case ast::DefinitionKind::kSchema: break;
      case ast::DefinitionKind::kDirective:
        name = ast::as<ast::DirectiveDefinition>(*def).name.value;
        break;
      default: name = ast::as<ast::TypeDefinition>(*def).name.value; break;
    }
    std::string message =
        def->kind == ast::DefinitionKind::kSchema
            ? std::string("The schema definition is not executable.")
            : concat({"The \"", name, "\" definition is not executable."});
    ctx.report(std::move(message), {def->loc.pos()});
  }
}

}  // namespace gqleval::validate
