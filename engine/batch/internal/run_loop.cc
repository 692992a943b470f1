#include "engine/batch/internal/run_loop.h"

#include <utility>

namespace gqleval::batch {
namespace {

Progress::Options progress_options(std::string label) {
  Progress::Options options;
  options.label = std::move(label);
  return options;
}

}  // namespace

RunLoop::RunLoop(BatchInput& input, std::span<OutputFile* const> outputs, const RunOptions& o,
                 std::string progress_label, io::ContentHasher* hasher, RunStart start)
    : input_(input),
      outputs_(outputs),
      o_(o),
      progress_(o.progress, input.buffer().size(), progress_options(std::move(progress_label))),
      pages_(input.buffer(), hasher, static_cast<size_t>(start.input_end)),
      rows_(start.rows),
      input_end_(start.input_end) {
  pages_.done_up_to(static_cast<size_t>(start.input_end));
}

bool RunLoop::any_failed() const {
  for (const OutputFile* file : outputs_) {
    if (file->failed()) return true;
  }
  return false;
}

unsigned RunLoop::run(const std::function<std::unique_ptr<ShardWorker>()>& make_worker,
                      const std::function<void(const ShardDone&)>& on_shard,
                      size_t shards_in_flight, size_t tally_streams) {
  PipelineOptions pipeline{o_.threads, o_.shard_records, shards_in_flight, {}};
  pipeline.out_streams = outputs_.size();
  pipeline.tally_streams = tally_streams;
  pipeline.stop = [&] {
    return any_failed() || (o_.interrupt != nullptr && o_.interrupt->load() != 0);
  };
  const unsigned threads = run_pipeline(input_, pipeline, make_worker, [&](const ShardDone& done) {
    for (size_t i = 0; i < outputs_.size(); ++i) outputs_[i]->write(done.outs[i]);
    rows_ += done.records;
    input_end_ = done.input_end;
    progress_.update(rows_, done.input_end);
    pages_.done_up_to(done.input_end);  // and hashed: a checkpoint in on_shard covers them
    if (on_shard) on_shard(done);
  });
  progress_.finish();
  interrupted_by_ = o_.interrupt != nullptr ? o_.interrupt->load() : 0;
  return threads;
}

std::optional<Diagnostic> RunLoop::write_failure(
    const std::function<std::string(const OutputFile&)>& hint) const {
  for (const OutputFile* file : outputs_) {
    if (!file->failed()) continue;
    std::string message = file->error() + " (after " + std::to_string(rows_) + " rows)";
    if (hint) message += hint(*file);
    return make_error("IO", std::move(message));
  }
  return std::nullopt;
}

std::optional<Diagnostic> RunLoop::finish() {
  if (interrupted_by_ != 0) {
    for (OutputFile* file : outputs_) file->close();
    return std::nullopt;
  }
  pages_.hash_rest();
  for (OutputFile* file : outputs_) {
    if (!file->commit()) return make_error("IO", file->error());
  }
  return std::nullopt;
}

}  // namespace gqleval::batch
