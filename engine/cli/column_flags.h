// The command-line flags that name a column of each role (batch/columns.h),
// so that the batch engine's messages about columns name the flag a user of
// `gqleval score` or `gqleval validate` would pass.
#pragma once

#include <string_view>

#include "engine/batch/columns.h"

namespace gqleval::cli {

// "--candidate-col", "--schema-col", ...; "--schema FILE" for the one schema
// of every row.
std::string_view column_flag(batch::ColumnRole role);

}  // namespace gqleval::cli
