// The command-line flags that say how to read a batch input: the flags that
// name a column of each role (batch/columns.h), so that the batch engine's
// messages about columns name the flag a user of `gqleval score` or `gqleval
// validate --input` would pass, and the input format. Both commands read
// their input through these, so they find the same columns.
#pragma once

#include <string_view>

#include "engine/batch/batch_input.h"
#include "engine/batch/columns.h"
#include "engine/cli/args.h"

namespace gqleval::cli {

// "--candidate-col", "--schema-col", ...; "--schema FILE" for the one schema
// of every row.
std::string_view column_flag(batch::ColumnRole role);

// The column flags (--schema-col, --schema-path-col, --reference-col,
// --candidate-col, --id-col, --variables-col, --query-col,
// --function-specs-col) into `spec`, which
// then names its flags in messages. A flag that the command does not declare
// reads as not given, so `score` and `validate --input` share this reading.
void read_column_flags(const Args& args, batch::ColumnSpec& spec);

// --format (csv, tsv, jsonl; default by extension, then content) into
// `format`; a wrong name fails `args`.
void read_format_flag(Args& args, batch::InputFormat& format);

}  // namespace gqleval::cli
