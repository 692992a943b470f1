// NoUnusedVariables: every variable an operation defines is used by it, directly
// or in a fragment it spreads (transitively); a use in another variable's default
// value does not count. graphql-js: `Variable "$x" is never used in operation
// "Q".` (or `Variable "$x" is never used.` for an anonymous operation), at the
// variable definition, in definition order.
#include <span>
#include <string>

#include "engine/validate/rule.h"

namespace gqleval::validate {

void rule_no_unused_variables(ValidationContext& ctx) {
  for (const ast::OperationDefinition* op : ctx.operations) {
    if (op->variables.empty()) continue;
    const std::span<const VariableUsage> usages = ctx.recursive_variable_usages(*op);
    for (const ast::VariableDefinition* vd : op->variables) {
      std::string_view name = vd->variable.value;
      bool used = false;
      for (const VariableUsage& usage : usages) used = used || usage.node->text == name;
      if (used) continue;
      std::string message = "Variable \"$" + std::string(name) + "\" is never used";
      if (!op->name.empty()) message += " in operation \"" + std::string(op->name.value) + "\"";
      message += ".";
      ctx.report(std::move(message), {vd->loc.pos()});
    }
  }
}

}  // namespace gqleval::validate
