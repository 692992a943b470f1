// run_calls: the `calls` run (GraphQLRestBench-style function calling) over
// a CSV or JSON Lines file, on the batch pipeline (pipeline.h) with the
// guarantees of every batch run: one result line per data row, in input
// order, byte-identical for any number of threads or shard size; a malformed
// row is a bad_row result and the run goes on; memory flat in the number of
// rows (plus the predictions, when they come from a file of their own).
//
// Each row's reference (the dataset's `output`) and candidate (a candidate
// column, or the predictions file, joined by id when both files have ids,
// else by row index) are scored by calls::score_calls against the row's
// function specs and GraphQL schema; the results are calls/calls_result.h's
// lines, the totals calls/calls_summary.h's, per group of one tag column.
//
// Errors (the run does not start, or its output could not be written): the
// input or the predictions cannot be read, the reference column is missing,
// there is no candidate column and no predictions file, a column named is
// missing, more than one reference or group-by column is named, the output
// cannot be written or is the input file.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/batch_input.h"
#include "engine/batch/columns.h"
#include "engine/batch/progress.h"
#include "engine/batch/provenance.h"
#include "engine/batch/run_options.h"
#include "engine/batch/schema_cache.h"
#include "engine/calls/calls_summary.h"

namespace gqleval::batch {

struct CallsRunOptions : RunOptions {
  CallsRunOptions() { command = "calls"; }

  // columns: reference, candidate, function specs, schema, id, one group-by,
  // keep (the answers may come from `predictions`, run_options.h).

  std::string artifacts_dir;    // each row's dependency graphs as DOT; empty: none
  uint64_t artifacts_rows = 0;  // only the first N rows get them; 0: every row
};

struct CallsReport {
  calls::CallsSummary summary;
  Provenance provenance;
  ColumnMap columns;
  uint64_t rows = 0;
  std::vector<std::string> warnings;
  int interrupted_by = 0;       // the signal that stopped the run; 0: it completed
  std::string partial_results;  // where an interrupted run's rows are
};

Result<CallsReport, Diagnostic> run_calls(const CallsRunOptions& options);

// The summary file: results_version, calls::CallsSummary::json()'s members,
// then the run's warnings and provenance (docs/results.schema.json,
// calls_summary).
std::string calls_summary_json(const CallsReport& report);

}  // namespace gqleval::batch
