// LoneAnonymousOperation: an anonymous operation must be the only operation.
// graphql-js: "This anonymous operation must be the only defined operation."
// at each anonymous operation, when the document has more than one operation.
#include "engine/validate/rule.h"

namespace gqleval::validate {

void rule_lone_anonymous_operation(ValidationContext& ctx) {
  if (ctx.operations.size() <= 1) return;
  for (const ast::OperationDefinition* op : ctx.operations) {
    if (op->name.empty()) {
      ctx.report("This anonymous operation must be the only defined operation.", {op->loc.pos()});
    }
  }
}

}  // namespace gqleval::validate
