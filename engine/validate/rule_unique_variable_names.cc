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
      // Most names are not repeated: check before collecting (and allocating).
      bool repeated = false;
      for (size_t j = i + 1; j < vars.size() && !repeated; ++j) {
        repeated = vars[j]->variable.value == name;
      }
      if (!repeated) continue;
      std::vector<SourcePos> locations;
      for (size_t j = i; j < vars.size(); ++j) {
        if (vars[j]->variable.value == name) locations.push_back(vars[j]->variable.loc.pos());
      }
      ctx.report("There can be only one variable named \"$" + std::string(name) + "\".",
                 std::move(locations));
    }
  }
}

}  // namespace gqleval::validate
