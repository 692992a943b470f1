// A batch run's results must not depend on how it was run: the same bytes for
// 1 or 2 (or more) threads and for any shard size, on the real datasets.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "engine/batch/batch_run.h"
#include "engine/batch/batch_test_util.h"

namespace gqleval::batch {
namespace {

using testing::lines_of;
using testing::read_file;
using testing::ScratchDir;

const std::string kShared = GQLEVAL_SHARED_DIR;

std::string run_to_text(BatchOptions o, const ScratchDir& dir, unsigned threads, size_t shard) {
  o.threads = threads;
  o.shard_records = shard;
  o.output = dir.file("out_" + std::to_string(threads) + "_" + std::to_string(shard));
  auto r = run_batch(o);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return read_file(o.output);
}

void expect_same_for_every_layout(const BatchOptions& o, size_t rows) {
  ScratchDir dir;
  const std::string expected = run_to_text(o, dir, 1, 256);
  ASSERT_EQ(lines_of(expected).size(), rows);
  for (unsigned threads : {1u, 2u, 3u}) {
    for (size_t shard : {1u, 7u, 64u, 100000u}) {
      if (threads == 1 && shard == 256) continue;
      EXPECT_TRUE(run_to_text(o, dir, threads, shard) == expected)
          << threads << " threads, shards of " << shard << " records";
    }
  }
}

TEST(BatchDeterminism, Nl2gqlGtQuery2AgainstGtQuery) {
  const std::string input = kShared + "/datasets/nl2gql/nl2gql_test.csv";
  if (!std::filesystem::exists(input)) GTEST_SKIP() << "NL2GQL dataset not found at " << input;
  BatchOptions o;
  o.input = input;
  o.columns.candidate = "gt_query_2";
  expect_same_for_every_layout(o, 1164);
}

TEST(BatchDeterminism, RgevalGranite) {
  const std::string input = kShared + "/datasets/rgeval-granite/granite20b_zeroshot_rgeval.csv";
  if (!std::filesystem::exists(input)) GTEST_SKIP() << "RGEval dataset not found at " << input;
  BatchOptions o;
  o.input = input;
  expect_same_for_every_layout(o, 376);
}

TEST(BatchDeterminism, CsvOutputToo) {
  const std::string input = kShared + "/datasets/rgeval-granite/granite20b_zeroshot_rgeval.csv";
  if (!std::filesystem::exists(input)) GTEST_SKIP() << "RGEval dataset not found at " << input;
  BatchOptions o;
  o.input = input;
  o.output_format = OutputFormat::kCsv;
  ScratchDir dir;
  const std::string expected = run_to_text(o, dir, 1, 256);
  EXPECT_TRUE(run_to_text(o, dir, 2, 5) == expected);
}

}  // namespace
}  // namespace gqleval::batch
