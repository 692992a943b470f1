// OperationTypeExistence (spec "Operation Type Existence"; not a graphql-js 16
// validation rule, whose execution reports it instead): an operation's root type
// must exist in the schema. Message as graphql-js 16 execution:
// `Schema is not configured to execute mutation operation.` at the operation.
#include <string>

#include "engine/validate/rule.h"

namespace gqleval::validate {

void rule_operation_type_existence(ValidationContext& ctx) {
  for (const ast::OperationDefinition* op : ctx.operations) {
    if (ctx.schema.root_type(op->operation) != schema::kNone) continue;
    ctx.report("Schema is not configured to execute " +
                   std::string(ast::operation_type_name(op->operation)) + " operation.",
               {op->loc.pos()});
  }
}

}  // namespace gqleval::validate
