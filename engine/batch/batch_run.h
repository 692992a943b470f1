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
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/batch_input.h"
#include "engine/batch/candidates.h"
#include "engine/batch/columns.h"
#include "engine/batch/progress.h"
#include "engine/batch/result_format.h"
#include "engine/batch/run_checks.h"
#include "engine/batch/run_options.h"
#include "engine/batch/schema_cache.h"
#include "engine/batch/score_mode.h"
#include "engine/batch/summary.h"
#include "engine/normalize/rewrites.h"

namespace gqleval::batch {

// Which rows get artifacts (--artifacts-only).
enum class ArtifactFilter : uint8_t { kFail, kPass, kAll };
std::string_view artifact_filter_name(ArtifactFilter filter);  // "fail", "pass", "all"
bool artifact_filter_from_name(std::string_view name, ArtifactFilter* out);

struct BatchOptions : RunOptions {
  BatchOptions() { command = "score"; }

  // What each row is asked (score_mode.h). A subset run compares each
  // reference (LEFT) with the candidate (RIGHT) as `gqleval subset` does: no
  // rewrite rule applies (the rule switches are not used), and it has no
  // delta, rules file or artifacts (asking for them is an error).
  ScoreMode mode = ScoreMode::kEquivalence;
  std::string rules_file;  // rewrite rules (normalize/rules_file.h); empty: none
  normalize::RuleSwitches rules;
  bool ignore_typename = false;
  uint32_t delta = 0;
  std::string operation;  // for documents with several operations
  bool extract = true;    // find the candidate in LLM text (SEMANTICS stage 1)

  // Several candidate columns scored in one pass (candidates.h): each gets its
  // results (DIR/<column>.jsonl or .csv with `output_dir`; else one long file
  // at `output`, each line with a run member) and its summary
  // (BatchReport::runs). Not resumable. Empty: the candidate of `columns`.
  CandidateColumns candidates;
  std::string output_dir;
  // Score only the shard_index-th (1-based) of shard_count slices of the
  // input: the records that start in [size * (K-1) / N, size * K / N) of its
  // bytes, cut as ever and numbered as in the whole input; the summary then
  // carries what `gqleval merge` needs (RunFacts::shard). 0: the whole input.
  uint32_t shard_index = 0;
  uint32_t shard_count = 0;
  OutputFormat output_format = OutputFormat::kJsonl;
  std::string artifacts_dir;  // empty: none
  ArtifactFilter artifacts_only = ArtifactFilter::kFail;
  uint64_t artifacts_limit = 1000;  // rows with artifacts, the first in input order; 0: no limit

  std::vector<Gate> gates;  // checked against the summary (BatchReport::facts.gates)

  size_t shards_in_flight = 0;  // 0: four per thread

  // Continue the interrupted or killed run of the same input and options from
  // its partial results (internal/resume_state.h); when there is no state
  // beside the output, the run starts from the first row. (An interrupted
  // run keeps the state of its partial results beside them.)
  bool resume = false;
  // How often the partial results are flushed and their state written.
  double checkpoint_seconds = 1.0;
};

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
// the file) and of each pair's scoring, for every caller that scores rows as
// a run would (the Python module's Scorer too). The ScoreOptions' operation
// name points into `options`.
Result<SchemaCacheOptions, Diagnostic> schema_cache_options(const BatchOptions& options);
score::ScoreOptions score_options(const BatchOptions& options);

}  // namespace gqleval::batch
