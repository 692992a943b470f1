// The options of a score run (run_batch, batch_run.h): what each row is
// asked, the rewrite rules, the outputs (one file, a folder of one per
// candidate column, a shard of the input), artifacts, gates, and resuming,
// beside what every run has (run_options.h). Plain data: the internals that
// take a score run's options include this header, not the run's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/batch/candidates.h"
#include "engine/batch/result_format.h"
#include "engine/batch/run_checks.h"
#include "engine/batch/run_options.h"
#include "engine/batch/score_mode.h"
#include "engine/normalize/options.h"

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
  // delta, rules file or artifacts (asking for them is an error); nor has a
  // coverage run, which grades the candidate against the required
  // coordinates of the `required` column (or its primary reference's).
  ScoreMode mode = ScoreMode::kEquivalence;
  std::string rules_file;  // rewrite rules (normalize/rules_file.h); empty: none
  normalize::RuleSwitches rules;
  bool ignore_typename = false;
  // Unbound variables keep their names (normalize::NormalizeOptions).
  bool variables_by_name = false;
  uint32_t delta = 0;
  std::string operation;  // for documents with several operations
  bool extract = true;    // find the candidate in LLM text (SEMANTICS stage 1)
  // --answer all: every operation of a candidate cell (one document, or a
  // JSON array of query texts) is graded together (coverage runs).
  bool answer_all = false;

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

}  // namespace gqleval::batch
