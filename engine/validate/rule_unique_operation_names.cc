// UniqueOperationNames: no two operations share a name. graphql-js:
// `There can be only one operation named "X".` at the first name and the
// repeated one (each repeat is reported against the first).
#include <string>

#include "engine/validate/rule.h"

namespace gqleval::validate {

void rule_unique_operation_names(ValidationContext& ctx) {
  for (size_t i = 0; i < ctx.operations.size(); ++i) {
    const ast::OperationDefinition* op = ctx.operations[i];
    if (op->name.empty()) continue;
    // The first operation of that name (earlier repeats are never the first).
    const ast::Name* first = nullptr;
    for (size_t j = 0; j < i && first == nullptr; ++j) {
      if (ctx.operations[j]->name.value == op->name.value) first = &ctx.operations[j]->name;
    }
    if (first) {
      ctx.report("There can be only one operation named \"" + std::string(op->name.value) + "\".",
                 {first->loc.pos(), op->name.loc.pos()});
    }
  }
}

}  // namespace gqleval::validate
