// run_batch: the `score` run. It scores every row of a CSV or JSON Lines file
// on the batch pipeline (pipeline.h), one RowScorer per worker thread, and
// writes one result per row, in input order, and the summary's tallies.
//
// Guarantees:
//   - exactly one result per input data row, in input order; a malformed row
//     is a bad_row result and its neighbours are unaffected; no row can stop
//     the run;
//   - the results are the same byte for byte for any number of threads and
//     any shard size (results depend only on their row);
//   - memory is flat in the number of rows: at most `shards_in_flight` shards
//     exist at a time, shard buffers are reused, the writer streams, and the
//     pages of the input that every shard has left behind are handed back to
//     the kernel (madvise), so the resident size does not grow with the file.
//
// Errors (the run does not start, or its output could not be written):
// the input cannot be read or its header is malformed, a required column is
// missing, the schema file or rules file cannot be read or parsed, the output
// cannot be written or is the input file itself, an option the run's mode
// does not have (BatchOptions::mode). A schema that does not build is not an
// error of the run: its rows are invalid_schema.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/batch_input.h"
#include "engine/batch/batch_options.h"
#include "engine/batch/candidates.h"
#include "engine/batch/columns.h"
#include "engine/batch/progress.h"
#include "engine/batch/result_format.h"
#include "engine/batch/row_core.h"
#include "engine/batch/run_checks.h"
#include "engine/batch/run_options.h"
#include "engine/batch/schema_cache.h"
#include "engine/batch/score_mode.h"
#include "engine/batch/summary.h"
#include "engine/normalize/rewrites.h"
#include "engine/score/score_pair.h"
#include "engine/score/subset.h"

namespace gqleval::batch {

// One candidate column's part of a run of several.
struct CandidateRun {
  std::string column;
  std::string results;  // its results file (shared by all in a long file)
  Summary summary;
  RunFacts facts;
};

struct BatchReport {
  // With several candidate columns, the first's (each is in `runs`).
  Summary summary;
  RunFacts facts;                  // with the gates' outcomes and the run's warnings
  std::vector<CandidateRun> runs;  // with several candidate columns, one per column, in order
  ColumnMap columns;
  int interrupted_by = 0;       // the signal that stopped the run; 0: it completed
  std::string partial_results;  // where the rows of an interrupted run are
  bool gates_met() const;
};

Result<BatchReport, Diagnostic> run_batch(const BatchOptions& options);

// What a score run's options make of the schema cache (the dialect, whether
// rewrite rules are built, the bound, the rules file read: an error names
// the file) and of each pair's scoring (an equivalence pair's, or a subset
// run's), for every caller that scores rows as a run would (the language
// bindings' engine too, engine/rows). The options' operation name points into
// `options`. `rules_text`, when given, is the rules file's bytes as the caller
// read them (a score run reads them once, for their hash too); else the file
// is read here.
Result<SchemaCacheOptions, Diagnostic> schema_cache_options(
    const BatchOptions& options, std::optional<std::string_view> rules_text = std::nullopt);
// The scoring options of the run's mode (row_core.h).
RowCoreOptions row_core_options(const BatchOptions& options);
// What `options.mode` does not have that the options ask for (a gate on the
// F1, a delta, a rules file, artifacts in a subset run), refused as a run
// refuses it.
std::optional<Diagnostic> check_mode(const BatchOptions& options);

}  // namespace gqleval::batch
