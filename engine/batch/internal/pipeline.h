// The pipeline every batch command runs (docs/architecture.md, "Data flow of a
// batch run"), whatever its row kind:
//
//   BatchInput (serial source of shards)
//     -> oneTBB flow graph:
//        input_node (serial) -> limiter_node (shards in flight)
//        -> function_node (parallel; one ShardWorker per worker thread)
//        -> sequencer_node (back to input order)
//        -> function_node (serial sink: results, tallies, progress)
//
// Guarantees: the sink sees every shard exactly once, in input order; the
// text a worker appends depends only on the shard's records (so outputs are
// the same byte for byte for any number of threads and any shard size); at
// most `shards_in_flight` shards exist at a time and shards are recycled with
// their buffers, so memory is flat in the number of rows and a steady run
// allocates nothing per shard; `threads` is honoured with a tbb::task_arena
// and tbb::global_control.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/batch/batch_input.h"
#include "engine/batch/summary.h"
#include "io/record_shard.h"

namespace gqleval::batch {

// Turns a shard of records into result text and a tally. One per worker
// thread, so it may keep reusable state; it must not depend on which shards it
// saw before.
class ShardWorker {
 public:
  virtual ~ShardWorker() = default;
  virtual void process(const io::RecordShard& shard, std::string& out, RowTally& tally) = 0;
  // A run of several streams (PipelineOptions): one result text and one
  // tally each (e.g. one per candidate column). The default serves a worker
  // of one stream.
  virtual void process_streams(const io::RecordShard& shard, std::span<std::string> outs,
                               std::span<RowTally> tallies) {
    process(shard, outs[0], tallies[0]);
  }
};

struct PipelineOptions {
  unsigned threads = 0;         // 0: all cores
  size_t shard_records = 256;   // records per shard (0 counts as 1)
  size_t shards_in_flight = 0;  // 0: four per thread
  // Asked before each shard is read: once it says true, no further shard is
  // read; the shards in flight are finished and handed to the sink, in
  // order, as usual. Empty: the run reads its whole input.
  std::function<bool()> stop;
  // Result texts and tallies per shard (at least 1 each), for a worker of
  // several streams (ShardWorker::process_streams).
  size_t out_streams = 1;
  size_t tally_streams = 1;
};

// What the sink is given for each shard, in input order.
struct ShardDone {
  const std::string& out;  // outs[0]
  const RowTally& tally;   // tallies[0]
  std::span<const std::string> outs;
  std::span<const RowTally> tallies;
  size_t records = 0;    // rows in the shard
  size_t input_end = 0;  // byte offset in the input where the shard ends
};

// Runs the pipeline over every record of `input`; returns the number of
// threads it used.
unsigned run_pipeline(BatchInput& input, const PipelineOptions& options,
                      const std::function<std::unique_ptr<ShardWorker>()>& make_worker,
                      const std::function<void(const ShardDone&)>& sink);

}  // namespace gqleval::batch
