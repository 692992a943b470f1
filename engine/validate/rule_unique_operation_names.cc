// UniqueOperationNames: no two operations share a name. graphql-js:
// `There can be only one operation named "X".` at the first name and the
// repeated one (each repeat is reported against the first).
#include <string>
#include <vector>

#include "engine/validate/rule.h"

namespace gqleval::validate {

void rule_unique_operation_names(ValidationContext& ctx) {
  std::vector<const ast::Name*> known;
  for (const ast::OperationDefinition* op : ctx.operations) {
    if (op->name.empty()) continue;
    const ast::Name* first = nullptr;
    for (const ast::Name* n : known) {
      if (n->value == op->name.value) {
        first = n;
        break;
      }
    }
    if (first) {
      ctx.report("There can be only one operation named \"" + std::string(op->name.value) + "\".",
                 {first->loc.pos(), op->name.loc.pos()});
    } else {
      known.push_back(&op->name);
    }
  }
}

}  // namespace gqleval::validate
