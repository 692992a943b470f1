#include "engine/graphql/ast.h"

namespace gqleval::ast {

std::string_view operation_type_name(OperationType op) {
  switch (op) {
    case OperationType::kQuery: return "query";
    case OperationType::kMutation: return "mutation";
    case OperationType::kSubscription: return "subscription";
  }
  return "query";
}

std::span<const std::string_view> directive_location_names() {
  static constexpr std::string_view kNames[] = {
      "QUERY",
      "MUTATION",
      "SUBSCRIPTION",
      "FIELD",
      "FRAGMENT_DEFINITION",
      "FRAGMENT_SPREAD",
      "INLINE_FRAGMENT",
      "VARIABLE_DEFINITION",
      "SCHEMA",
      "SCALAR",
      "OBJECT",
      "FIELD_DEFINITION",
      "ARGUMENT_DEFINITION",
      "INTERFACE",
      "UNION",
      "ENUM",
      "ENUM_VALUE",
      "INPUT_OBJECT",
      "INPUT_FIELD_DEFINITION",
      "DIRECTIVE_DEFINITION",  // graphql-js 16.14+ (deprecating a directive)
  };
  return kNames;
}

}  // namespace gqleval::ast
