#include "engine/cli/column_flags.h"

namespace gqleval::cli {

std::string_view column_flag(batch::ColumnRole role) {
  using batch::ColumnRole;
  switch (role) {
    case ColumnRole::kSchema: return "--schema-col";
    case ColumnRole::kSchemaPath: return "--schema-path-col";
    case ColumnRole::kReference: return "--reference-col";
    case ColumnRole::kCandidate: return "--candidate-col";
    case ColumnRole::kId: return "--id-col";
    case ColumnRole::kVariables: return "--variables-col";
    case ColumnRole::kGroupBy: return "--group-by";
    case ColumnRole::kQuery: return "--query-col";
    case ColumnRole::kSchemaFile: return "--schema FILE";
  }
  return {};
}

}  // namespace gqleval::cli
