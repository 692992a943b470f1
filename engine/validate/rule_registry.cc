// The registry of rules: one line per rule, in graphql-js 16 `specifiedRules`
// order (MaxIntrospectionDepth is in specifiedRules through recommendedRules),
// then OperationTypeExistence, then the optional custom rules.
//
// TO ADD A RULE: write rule_<name>.cc defining the function declared in rule.h,
// then uncomment its line below. Do not reorder the lines: the order is
// graphql-js's, and it decides the order of diagnostics.
#include <algorithm>
#include <array>

#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

constexpr RuleEntry kRules[] = {
    {"ExecutableDefinitions", &rule_executable_definitions},
    {"UniqueOperationNames", &rule_unique_operation_names, /*cosmetic=*/true},
    {"LoneAnonymousOperation", &rule_lone_anonymous_operation},
    {"SingleFieldSubscriptions", &rule_single_field_subscriptions},
    {"KnownTypeNames", &rule_known_type_names},
    {"FragmentsOnCompositeTypes", &rule_fragments_on_composite_types},
    {"VariablesAreInputTypes", &rule_variables_are_input_types},
    {"ScalarLeafs", &rule_scalar_leafs},
    {"FieldsOnCorrectType", &rule_fields_on_correct_type},
    {"UniqueFragmentNames", &rule_unique_fragment_names},
    {"KnownFragmentNames", &rule_known_fragment_names},
    {"NoUnusedFragments", &rule_no_unused_fragments, /*cosmetic=*/true},
    {"PossibleFragmentSpreads", &rule_possible_fragment_spreads},
    {"NoFragmentCycles", &rule_no_fragment_cycles},
    {"UniqueVariableNames", &rule_unique_variable_names},
    {"NoUndefinedVariables", &rule_no_undefined_variables},
    {"NoUnusedVariables", &rule_no_unused_variables, /*cosmetic=*/true},
    {"KnownDirectives", &rule_known_directives},
    {"UniqueDirectivesPerLocation", &rule_unique_directives_per_location},
    {"KnownArgumentNames", &rule_known_argument_names},
    {"UniqueArgumentNames", &rule_unique_argument_names},
    {"ValuesOfCorrectType", &rule_values_of_correct_type},
    {"ProvidedRequiredArguments", &rule_provided_required_arguments},
    {"VariablesInAllowedPosition", &rule_variables_in_allowed_position},
    {"OverlappingFieldsCanBeMerged", &rule_overlapping_fields_can_be_merged},
    {"UniqueInputFieldNames", &rule_unique_input_field_names},
    {"MaxIntrospectionDepth", &rule_max_introspection_depth},
    {"OperationTypeExistence", &rule_operation_type_existence},
    // graphql-js's custom rules, outside specifiedRules: run only when named.
    {"NoDeprecatedCustom", &rule_no_deprecated_custom, /*cosmetic=*/false, /*optional=*/true},
    {"NoSchemaIntrospectionCustom", &rule_no_schema_introspection_custom, /*cosmetic=*/false,
     /*optional=*/true},
};

}  // namespace

std::span<const RuleEntry> all_rules() { return kRules; }

const RuleEntry* find_rule(std::string_view name) {
  auto it = std::find_if(std::begin(kRules), std::end(kRules),
                         [&](const RuleEntry& r) { return r.name == name; });
  return it == std::end(kRules) ? nullptr : &*it;
}

}  // namespace gqleval::validate
