// The command-line flags that name a column of each role (batch/columns.h).
// `gqleval score`, `gqleval calls` and `gqleval validate --input` read their
// input's columns through these, so they find the same columns; the run's
// messages name these flags (batch::OptionNames::flags(), which the commands
// set).
#pragma once

#include <string_view>

#include "engine/batch/batch_input.h"
#include "engine/batch/columns.h"
#include "engine/cli/args.h"

namespace gqleval::cli {

// The column flags (--schema-col, --schema-path-col, --reference-col,
// --candidate-col, --id-col, --variables-col, --query-col,
// --function-specs-col, --keep-col) into `spec`. A flag that the command does
// not declare reads as not given, so every command shares this reading.
void read_column_flags(const Args& args, batch::ColumnSpec& spec);

}  // namespace gqleval::cli
