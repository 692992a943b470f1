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

}  // namespace gqleval::ast
