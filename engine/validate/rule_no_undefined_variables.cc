// NoUndefinedVariables: every variable used by an operation, directly or in a
// fragment it spreads (transitively), is defined by that operation. graphql-js:
// `Variable "$x" is not defined by operation "Q".` (or `Variable "$x" is not
// defined.` for an anonymous operation), at the variable and at the operation,
// once per usage, in graphql-js's usage order.
#include <string>

#include "engine/validate/rule.h"

namespace gqleval::validate {

void rule_no_undefined_variables(ValidationContext& ctx) {
  for (const ast::OperationDefinition* op : ctx.operations) {
    for (const VariableUsage& usage : ctx.recursive_variable_usages(*op)) {
      std::string_view name = usage.node->text;
      bool defined = false;
      for (const ast::VariableDefinition* vd : op->variables) {
        defined = defined || vd->variable.value == name;
      }
      if (defined) continue;
      std::string message = "Variable \"$" + std::string(name) + "\" is not defined";
      if (!op->name.empty()) message += " by operation \"" + std::string(op->name.value) + "\"";
      message += ".";
      ctx.report(std::move(message), {usage.node->loc.pos(), op->loc.pos()});
    }
  }
}

}  // namespace gqleval::validate
