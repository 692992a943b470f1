// The skeleton every run over a file of rows shares (score, calls, validate):
// its shards through the pipeline (pipeline.h), each shard's results appended
// to the run's output files in input order, the progress, the input's pages
// handed back to the kernel once every shard has left them (hashed first when
// the run keeps a hash of its input), a stop once a write failed or an
// interrupt came, and at the end the outputs committed or, for an
// interrupted run, closed where they are (their partial files).
//
// What differs between runs stays theirs: the workers, what each shard adds
// to their tallies (on_shard), their checkpoints, and the report.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "engine/base/diagnostic.h"
#include "engine/batch/batch_input.h"
#include "engine/batch/internal/output_file.h"
#include "engine/batch/internal/pipeline.h"
#include "engine/batch/progress.h"
#include "engine/batch/run_options.h"
#include "io/content_hash.h"
#include "io/file.h"

namespace gqleval::batch {

// Where a run starts: after the rows a resumed run already has.
struct RunStart {
  uint64_t rows = 0;
  uint64_t input_end = 0;  // bytes of the input those rows span (hashed already)
};

class RunLoop {
 public:
  // `outputs` receive the shards' result streams, one each; `hasher`, when
  // given, is fed every byte of the input from `start.input_end` on.
  RunLoop(BatchInput& input, std::span<OutputFile* const> outputs, const RunOptions& o,
          std::string progress_label, io::ContentHasher* hasher = nullptr, RunStart start = {});

  // Runs the pipeline; `on_shard` sees each shard once its results are
  // written and its input released and hashed (rows() and input_end() count
  // it), so a checkpoint there covers it. Returns the threads used.
  unsigned run(const std::function<std::unique_ptr<ShardWorker>()>& make_worker,
               const std::function<void(const ShardDone&)>& on_shard, size_t shards_in_flight = 0,
               size_t tally_streams = 1);

  uint64_t rows() const { return rows_; }
  uint64_t input_end() const { return input_end_; }
  int interrupted_by() const { return interrupted_by_; }
  bool any_failed() const;

  // A write that failed, as the run's error: "<why> (after N rows)", then
  // what `hint` says of that file (empty: nothing).
  std::optional<Diagnostic> write_failure(
      const std::function<std::string(const OutputFile&)>& hint) const;
  // The end of a run that did not fail: an interrupted one closes its
  // outputs where they are; one that completed hashes the rest of its input
  // and commits them. An error when a commit fails.
  std::optional<Diagnostic> finish();

 private:
  BatchInput& input_;
  std::span<OutputFile* const> outputs_;
  const RunOptions& o_;
  Progress progress_;
  io::PageReleaser pages_;
  uint64_t rows_;
  uint64_t input_end_;
  int interrupted_by_ = 0;
};

}  // namespace gqleval::batch
