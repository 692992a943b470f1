// VariablesAreInputTypes: a variable's type is an input type (scalar, enum or
// input object, through list and non-null wrappers). Unknown type names are left
// to KnownTypeNames. graphql-js: `Variable "$x" cannot be non-input type "T".`,
// the type as written, at the type.
#include <string>

#include "engine/graphql/printer.h"
#include "engine/validate/rule.h"

namespace gqleval::validate {

void rule_variables_are_input_types(ValidationContext& ctx) {
  for (const ast::OperationDefinition* op : ctx.operations) {
    for (const ast::VariableDefinition* vd : op->variables) {
      if (!vd->type) continue;
      schema::TypeRef type = ctx.resolve(*vd->type);
      if (type.named == schema::kNone || ctx.schema.is_input_type(type)) continue;
      ctx.report("Variable \"$" + std::string(vd->variable.value) +
                     "\" cannot be non-input type \"" + graphql::print(*vd->type) + "\".",
                 {vd->type->loc.pos()});
    }
  }
}

}  // namespace gqleval::validate
