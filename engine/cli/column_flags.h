// The command-line flags that name a column of each role (batch/columns.h),
// so that the batch engine's messages about columns name the flag a user of
// `gqleval score` or `gqleval validate` would pass.
#pragma once

#include <string_view>

#include "engine/batch/columns.h"
#include "engine/cli/args.h"

namespace gqleval::cli {

// "--candidate-col", "--schema-col", ...; "--schema FILE" for the one schema
// of every row.
std::string_view column_flag(batch::ColumnRole role);

// The column flags of a score run (--schema-col ... --variables-col) into
// `spec`, which then names its flags in messages.
void read_column_flags(const Args& args, batch::ColumnSpec& spec);

}  // namespace gqleval::cli
