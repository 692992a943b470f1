// VariablesInAllowedPosition: a variable is used only where its type fits: the
// variable's type must be a subtype of the expected type (non-null fits
// nullable; list items are compared likewise). A nullable variable may stand in
// a non-null position when the variable has a non-null default or the position
// (argument, input field) has a default. graphql-js: `Variable "$x" of type "T"
// used in position expecting type "U".`, at the variable definition and at the
// usage. Since graphql-js 16.11 this rule also rejects a nullable variable as a
// field of a @oneOf input object: `Variable "$x" is of type "T" but must be
// non-nullable to be used for OneOf Input Object "O".` (as graphql-js, only
// when the object literal stands where the oneOf type is expected without a
// non-null or list wrapper). Undefined variables and positions of unknown type
// are skipped; when a name is defined twice, the last definition counts.
#include <string>

#include "engine/validate/internal/literal_coercion.h"
#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

bool allowed_usage(const schema::Schema& s, schema::TypeRef var_type, const ast::Value* var_default,
                   schema::TypeRef location_type, bool location_has_default) {
  if (location_type.is_non_null() && !var_type.is_non_null()) {
    bool non_null_var_default = var_default && var_default->kind != ast::ValueKind::kNull;
    if (!non_null_var_default && !location_has_default) return false;
    return s.is_type_sub_type_of(var_type, location_type.nullable());
  }
  return s.is_type_sub_type_of(var_type, location_type);
}

}  // namespace

void rule_variables_in_allowed_position(ValidationContext& ctx) {
  const schema::Schema& s = ctx.schema;
  for (const ast::OperationDefinition* op : ctx.operations) {
    if (op->variables.empty()) continue;  // every usage is undefined: nothing to compare
    for (const VariableUsage& usage : ctx.recursive_variable_usages(*op)) {
      const ast::VariableDefinition* def = nullptr;
      for (const ast::VariableDefinition* vd : op->variables) {
        if (vd->variable.value == usage.node->text) def = vd;
      }
      if (!def || !def->type || usage.type.named == schema::kNone) continue;
      schema::TypeRef var_type = ctx.resolve(*def->type);
      if (var_type.named == schema::kNone) continue;
      const std::string_view name = usage.node->text;
      // graphql-js keeps a location's default only when it coerces (literal_coercion.h).
      bool location_default =
          usage.default_value && literal_coerces(s, *usage.default_value, usage.type);
      if (!allowed_usage(s, var_type, def->default_value, usage.type, location_default)) {
        ctx.report("Variable \"$" + std::string(name) + "\" of type \"" +
                       s.type_to_string(var_type) + "\" used in position expecting type \"" +
                       s.type_to_string(usage.type) + "\".",
                   {def->loc.pos(), usage.node->loc.pos()});
      }
      schema::TypeRef parent = usage.parent_type;
      if (parent.named != schema::kNone && parent.list_depth == 0 && parent.non_null == 0 &&
          s.type(parent.named).kind == schema::TypeKind::kInputObject &&
          s.type(parent.named).one_of && !var_type.is_non_null()) {
        ctx.report("Variable \"$" + std::string(name) + "\" is of type \"" +
                       s.type_to_string(var_type) +
                       "\" but must be non-nullable to be used for OneOf Input Object \"" +
                       std::string(s.type(parent.named).name) + "\".",
                   {def->loc.pos(), usage.node->loc.pos()});
      }
    }
  }
}

}  // namespace gqleval::validate
