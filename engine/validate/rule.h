// The validation rules and their registry.
//
// A rule is a plain function of a ValidationContext (context.h): it inspects
// the document, usually with ctx.walk() and a Visitor, and calls ctx.report()
// once per violation, with graphql-js 16's exact message and locations, in
// graphql-js's order. The validator sets the rule name on each diagnostic.
//
// all_rules() lists the rules in graphql-js `specifiedRules` order, each with
// its graphql-js name without the `Rule` suffix, followed by
// OperationTypeExistence (from graphql-js execution: an operation whose root
// type the schema lacks). A rule marked cosmetic is downgraded to a warning in
// lenient mode. Last come graphql-js's optional custom rules (NoDeprecatedCustom,
// NoSchemaIntrospectionCustom), which are not in specifiedRules: validate()
// runs them only when ValidateOptions::rules names them.
//
// One rule per file: rule_<snake_name>.cc defines `void rule_<snake_name>(ValidationContext&)`.
#pragma once

#include <span>
#include <string_view>

#include "engine/validate/internal/context.h"

namespace gqleval::validate {

using RuleFn = void (*)(ValidationContext&);

struct RuleEntry {
  std::string_view name;  // graphql-js name without "Rule", e.g. "FieldsOnCorrectType"
  RuleFn fn;
  bool cosmetic = false;  // downgraded to a warning in lenient mode
  bool optional = false;  // not in specifiedRules: runs only when asked for by name
};

// Every rule, in the order validate() runs them.
std::span<const RuleEntry> all_rules();
// The rule named `name`, or nullptr.
const RuleEntry* find_rule(std::string_view name);

// ---- the rules (defined in rule_<name>.cc)
void rule_executable_definitions(ValidationContext& ctx);
void rule_unique_operation_names(ValidationContext& ctx);
void rule_lone_anonymous_operation(ValidationContext& ctx);
void rule_single_field_subscriptions(ValidationContext& ctx);
void rule_known_type_names(ValidationContext& ctx);
void rule_fragments_on_composite_types(ValidationContext& ctx);
void rule_variables_are_input_types(ValidationContext& ctx);
void rule_scalar_leafs(ValidationContext& ctx);
void rule_fields_on_correct_type(ValidationContext& ctx);
void rule_unique_fragment_names(ValidationContext& ctx);
void rule_known_fragment_names(ValidationContext& ctx);
void rule_no_unused_fragments(ValidationContext& ctx);
void rule_possible_fragment_spreads(ValidationContext& ctx);
void rule_no_fragment_cycles(ValidationContext& ctx);
void rule_unique_variable_names(ValidationContext& ctx);
void rule_no_undefined_variables(ValidationContext& ctx);
void rule_no_unused_variables(ValidationContext& ctx);
void rule_known_directives(ValidationContext& ctx);
void rule_unique_directives_per_location(ValidationContext& ctx);
void rule_known_argument_names(ValidationContext& ctx);
void rule_unique_argument_names(ValidationContext& ctx);
void rule_values_of_correct_type(ValidationContext& ctx);
void rule_provided_required_arguments(ValidationContext& ctx);
void rule_variables_in_allowed_position(ValidationContext& ctx);
void rule_overlapping_fields_can_be_merged(ValidationContext& ctx);
void rule_unique_input_field_names(ValidationContext& ctx);
void rule_max_introspection_depth(ValidationContext& ctx);
void rule_operation_type_existence(ValidationContext& ctx);
void rule_no_deprecated_custom(ValidationContext& ctx);
void rule_no_schema_introspection_custom(ValidationContext& ctx);

}  // namespace gqleval::validate
