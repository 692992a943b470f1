// ValidateOptions: what a caller may ask of validate() (validator.h), and what
// every rule may read through its ValidationContext (context.h). A plain value
// type; copying it copies the rule list.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace gqleval::validate {

struct ValidateOptions {
  // The rules to run, by name ("FieldsOnCorrectType"); empty runs all of them.
  std::vector<std::string> rules;
  // Lenient mode: the purely cosmetic rules (NoUnusedFragments,
  // NoUnusedVariables, UniqueOperationNames) report warnings (Severity::kWarning)
  // instead of errors. A warning does not make a document invalid, and does not
  // count towards max_errors.
  bool lenient = false;
  // As graphql-js's maxErrors: once this many errors are reported, the next one
  // is replaced by "Too many validation errors, error limit reached. Validation
  // aborted." and validation stops.
  size_t max_errors = 100;
  // As graphql-js 16.15's hideSuggestions: messages leave out "Did you mean".
  bool hide_suggestions = false;
  // With all rules: first try certify_simple_document() (simple_document.h),
  // which passes the commonest valid documents in one walk. Off only to
  // compare it with the rules.
  bool certify_simple = true;
};

}  // namespace gqleval::validate
