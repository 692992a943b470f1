// UniqueVariableNames: an operation defines each variable once. graphql-js:
// `There can be only one variable named "$x".` once per repeated name, in the
// order of first definition, at the name (after `$`) of every definition.
#include <string>
#include <vector>

#include "engine/validate/rule.h"

namespace gqleval::validate {

void rule_unique_variable_names(ValidationContext& ctx) {
  for (const ast::OperationDefinition* op : ctx.operations) {
    const ast::List<ast::VariableDefinition> vars = op->variables;
    for (size_t i = 0; i < vars.size(); ++i) {
      std::string_view name = vars[i]->variable.value;
      bool first = true;  // only the first definition of a name reports its group
      for (size_t j = 0; j < i && first; ++j) first = vars[j]->variable.value != name;
      if (!first) continue;
      std::vector<SourcePos> locations;
      for (size_t j = i; j < vars.size(); ++j) {
        if (vars[j]->variable.value == name) locations.push_back(vars[j]->variable.loc.pos());
      }
      if (locations.size() > 1) {
        ctx.report("There can be only one variable named \"$" + std::string(name) + "\".",
                   std::move(locations));
      }
    }
  }
}

}  // namespace gqleval::validate
