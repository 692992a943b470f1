// One score run (run_batch, batch_run.h) from its opening to its report, in
// steps: open the input, the schemas and the outputs (or pick up an
// interrupted run's), score every row through the run skeleton (run_loop.h)
// with its checkpoints, then write the report of each candidate column. A
// step's error ends the run before the next; none is an error of a row.
#pragma once

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/batch/batch_run.h"
#include "engine/batch/internal/artifacts.h"
#include "engine/batch/internal/output_file.h"
#include "engine/batch/internal/predictions.h"
#include "engine/batch/internal/resume_run.h"
#include "engine/batch/internal/row_scorer.h"
#include "engine/batch/internal/run_setup.h"
#include "io/content_hash.h"

namespace gqleval::batch {

class ScoreRun {
 public:
  ScoreRun(const BatchOptions& options, std::chrono::steady_clock::time_point start);
  ScoreRun(const ScoreRun&) = delete;
  ScoreRun& operator=(const ScoreRun&) = delete;

  std::optional<Diagnostic> open();
  std::optional<Diagnostic> score_rows();
  BatchReport report();

 private:
  std::optional<Diagnostic> open_input_and_schemas();
  std::optional<Diagnostic> open_artifacts();
  std::optional<Diagnostic> open_outputs();
  void write_csv_header();
  void checkpoint();
  RunFacts run_facts() const;
  CandidateRun candidate_run(size_t k, const RunFacts& facts);

  const BatchOptions& o_;
  const std::chrono::steady_clock::time_point start_;
  const bool several_;
  const bool sharded_;
  Provenance provenance_;
  std::optional<OpenedInput> opened_;
  SchemaSetup schemas_;
  ShardFacts shard_;
  BatchContext context_;
  std::vector<std::string> names_;    // the candidate column of each part of the run
  std::vector<std::string> outputs_;  // the results file of each
  std::vector<std::unique_ptr<ArtifactWriter>> artifacts_;
  std::vector<Summary> summaries_;
  std::vector<uint64_t> matches_;  // artifact matches per part
  std::vector<std::unique_ptr<OutputFile>> files_;
  std::unique_ptr<Predictions> predictions_;  // the answers' file; null: the input's column
  // Per worker, what it did with the predictions (workers are made on the
  // pipeline's threads: under uses_mutex_).
  std::vector<std::unique_ptr<PredictionUse>> uses_;
  std::mutex uses_mutex_;
  io::ContentHasher input_hash_;
  Fingerprint fingerprint_;
  bool resumed_ = false;
  RunPosition at_;
  uint64_t resumed_rows_ = 0;
  std::chrono::steady_clock::time_point last_checkpoint_;
  std::string checkpoint_error_;
  unsigned threads_ = 0;
  int interrupted_by_ = 0;
};

}  // namespace gqleval::batch
