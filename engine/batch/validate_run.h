// run_validate: the `validate` run over a CSV or JSON Lines file. Each row's
// query is validated against its schema (row_validator.h) on the batch
// pipeline (pipeline.h), with the guarantees of every batch run: one result
// line per data row, in input order, byte-identical for any number of threads
// or shard size; a malformed row is an invalid row and the run goes on;
// memory flat in the number of rows.
//
// Errors (the run does not start, or its output could not be written): the
// input cannot be read or its header is malformed, the query column (or the
// schema column, when no schema serves every row) is missing, the schema file
// cannot be read, the output cannot be written or is the input file itself.
// A schema that does not build is not an error of the run: its rows are
// invalid with the schema's errors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/batch_input.h"
#include "engine/batch/columns.h"
#include "engine/batch/progress.h"
#include "engine/batch/run_options.h"
#include "engine/batch/schema_cache.h"
#include "engine/validate/validator.h"

namespace gqleval::batch {

struct ValidateRunOptions : RunOptions {
  ValidateRunOptions() { command = "validate"; }

  // columns: query, schema, schema_path are read.
  validate::ValidateOptions validate;
  std::string operation;  // for documents with several operations
};

struct ValidateReport {
  uint64_t rows = 0;
  uint64_t valid = 0;
  uint64_t invalid = 0;    // the query or its schema has errors
  uint64_t malformed = 0;  // rows the reader could not read (also invalid)
};

Result<ValidateReport, Diagnostic> run_validate(const ValidateRunOptions& options);

}  // namespace gqleval::batch
