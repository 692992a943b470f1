// The batch layer's promise: once its buffers have grown, reading a record,
// finding its schema, formatting its result and counting it allocate nothing
// per row. (Scoring itself is engine/score's; its allocations are measured by
// the benchmark, not asserted here.) Allocations are counted by
// testing/allocation_counter.h, read only around the code under test.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "engine/batch/batch_input.h"
#include "engine/batch/batch_test_util.h"
#include "engine/batch/internal/row_key.h"
#include "engine/batch/result_format.h"
#include "engine/batch/schema_cache.h"
#include "engine/batch/summary.h"
#include "testing/allocation_counter.h"

namespace gqleval::batch {
namespace {

using testing::csv_quote;
using testing::kTestSchema;

TEST(BatchAllocation, SteadyRowsAllocateNothing) {
  testing::ScratchDir dir;
  std::string csv = "id,schema,reference,candidate,hops\n";
  for (int i = 0; i < 40; ++i) {
    // Half the rows have no id: their key is made (hashed, printed) in place.
    csv += (i % 2 ? std::to_string(i) : std::string()) + "," + csv_quote(kTestSchema) +
           ",\"{ users { \"\"id\"\" } }\"," + "{ users { id } }," + std::to_string(i % 3) + "\n";
  }
  testing::write_file(dir.file("in.csv"), csv);
  auto input = BatchInput::open(dir.file("in.csv"), InputFormat::kAuto);
  ASSERT_TRUE(input.ok());
  auto columns = resolve_columns(input->column_names(), {}, false);
  ASSERT_TRUE(columns.ok());
  Column hops{"hops", 4, {}};

  io::RecordShard shard;
  ASSERT_TRUE(input->next_shard(io::ShardLimits{100, size_t{1} << 20}, shard));
  ASSERT_EQ(shard.records.size(), 40u);

  SchemaCache cache;
  SchemaMemo memo(cache);
  RecordReader reader(*input);
  RowKeys keys(*columns);
  std::string out;
  RowTally tally;
  score::SubtreeDiff paths[1] = {{"query -> users -> name", {}, {1, 11}, 1}};
  score::PairResult result;
  result.verdict = score::Verdict::kOverfetch;
  result.extra = 1;
  result.extra_paths = paths;

  auto run_shard = [&] {
    out.clear();
    tally.clear();
    size_t ok = 0;
    for (size_t i = 0; i < shard.records.size(); ++i) {
      ok += reader.read(shard.records[i]) ? 1 : 0;
      const SchemaEntry& e = memo.get(reader.cell(columns->schema));
      ok += e.ok() ? 1 : 0;
      const std::string_view cells[] = {reader.cell(columns->references[0]),
                                        reader.cell(columns->candidate)};
      const RowKey key =
          keys.of(shard.first_record + i, shard.records[i], reader, e.content_hash, cells);
      append_row_result(out, i % 2 ? OutputFormat::kCsv : OutputFormat::kJsonl, key, result);
      tally.add(outcome_of(result.verdict), result.f1);
      tally.add_tag(0, reader.cell(hops), false);
    }
    return ok;
  };
  EXPECT_EQ(run_shard(), 80u);  // warm-up: buffers grow, the schema is built
  const uint64_t before = gqleval::testing::allocation_count();
  for (int round = 0; round < 5; ++round) EXPECT_EQ(run_shard(), 80u);
  EXPECT_EQ(gqleval::testing::allocation_count() - before, 0);
  // The quoted reference with "" escapes was decoded (into the reader's arena).
  EXPECT_EQ(reader.cell(columns->references[0]), "{ users { \"id\" } }");
}

}  // namespace
}  // namespace gqleval::batch
