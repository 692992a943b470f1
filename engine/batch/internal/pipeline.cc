#include "engine/batch/internal/pipeline.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include <oneapi/tbb/concurrent_queue.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/flow_graph.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/task_arena.h>

namespace gqleval::batch {
namespace {

namespace flow = tbb::flow;

// One unit of work: a run of records, then their results and tally.
struct Shard {
  uint64_t seq = 0;
  io::RecordShard records;
  std::vector<std::string> outs;
  std::vector<RowTally> tallies;
};

// Shards are recycled, so their vectors and buffers keep their capacity and a
// steady run allocates nothing per shard. The source (serial) takes, the
// sink (serial) gives back.
class ShardPool {
 public:
  Shard* take() {
    Shard* s = nullptr;
    if (free_.try_pop(s)) return s;
    owned_.push_back(std::make_unique<Shard>());  // only the serial source grows it
    return owned_.back().get();
  }
  void give_back(Shard* s) { free_.push(s); }

 private:
  std::vector<std::unique_ptr<Shard>> owned_;
  tbb::concurrent_queue<Shard*> free_;
};

}  // namespace

unsigned run_pipeline(BatchInput& input, const PipelineOptions& o,
                      const std::function<std::unique_ptr<ShardWorker>()>& make_worker,
                      const std::function<void(const ShardDone&)>& sink) {
  const unsigned threads =
      o.threads != 0 ? o.threads : static_cast<unsigned>(tbb::info::default_concurrency());
  io::ShardLimits limits;
  limits.max_records = o.shard_records == 0 ? 1 : o.shard_records;
  const size_t in_flight = o.shards_in_flight != 0 ? o.shards_in_flight : size_t{4} * threads;

  ShardPool pool;
  uint64_t next_seq = 0;
  tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, threads);
  tbb::task_arena arena(static_cast<int>(threads));
  tbb::enumerable_thread_specific<std::unique_ptr<ShardWorker>> workers(make_worker);
  arena.execute([&] {
    flow::graph g;
    flow::input_node<Shard*> source(g, [&](tbb::flow_control& fc) -> Shard* {
      if (o.stop && o.stop()) {
        fc.stop();
        return nullptr;
      }
      Shard* s = pool.take();
      s->outs.resize(std::max<size_t>(o.out_streams, 1));
      s->tallies.resize(std::max<size_t>(o.tally_streams, 1));
      if (!input.next_shard(limits, s->records)) {
        pool.give_back(s);
        fc.stop();
        return nullptr;
      }
      s->seq = next_seq++;
      return s;
    });
    flow::limiter_node<Shard*> limiter(g, in_flight);
    flow::function_node<Shard*, Shard*> worker(g, flow::unlimited, [&](Shard* s) {
      // The source's nullptr after fc.stop() is never sent on; the analyzer
      // cannot see that through the flow graph.
      for (std::string& out : s->outs) out.clear();  // NOLINT(clang-analyzer-core.CallAndMessage)
      for (RowTally& tally : s->tallies) tally.clear();
      workers.local()->process_streams(s->records, s->outs, s->tallies);
      return s;
    });
    flow::sequencer_node<Shard*> sequencer(g, [](Shard* const& s) { return s->seq; });
    flow::function_node<Shard*, flow::continue_msg> writer(g, flow::serial, [&](Shard* s) {
      sink(ShardDone{s->outs[0], s->tallies[0], s->outs, s->tallies, s->records.records.size(),
                     static_cast<size_t>(s->records.records.back().end)});
      pool.give_back(s);
      return flow::continue_msg();
    });
    flow::make_edge(source, limiter);
    flow::make_edge(limiter, worker);
    flow::make_edge(worker, sequencer);
    flow::make_edge(sequencer, writer);
    flow::make_edge(writer, limiter.decrementer());
    source.activate();
    g.wait_for_all();
  });
  return threads;
}

}  // namespace gqleval::batch
