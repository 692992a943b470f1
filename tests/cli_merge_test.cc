// gqleval score --shard K/N and gqleval merge (#13): N shards merged are the
// unsharded run, results byte for byte and the summary byte for byte except
// the members that say how and when the processes ran (pairs_per_second;
// provenance's arguments, output, started_at, wall_seconds), which are masked
// here and nowhere else; and what cannot be one run is refused.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>

#include "engine/batch/batch_test_util.h"
#include "tests/support/cli_runner.h"

namespace gqleval::batch {
namespace {

using testing::read_file;
using testing::ScratchDir;
using testing::write_file;

const std::string kSource = GQLEVAL_SOURCE_DIR;
const std::string kGranite =
    std::string(GQLEVAL_SHARED_DIR) + "/datasets/rgeval-granite/granite20b_zeroshot_rgeval.csv";

// `cd DIR && gqleval ARGS`.
cli_test::CommandRun gqleval(const std::string& args, const ScratchDir& dir) {
  return cli_test::run_gqleval(dir.path().string() + "/", args);
}

// The summary with the five members that describe the processes masked.
std::string masked(const std::string& summary) {
  static const std::regex kRan(
      R"re("(pairs_per_second|wall_seconds)":[0-9.e+-]+|"(output|started_at)":"[^"]*"|"arguments":\[[^\]]*\])re");
  return std::regex_replace(summary, kRan, "\"$1$2\":MASKED");
}

// Scores `input` whole and in N shards (given to merge last first), and
// compares.
void expect_shards_merge_to_the_whole(const std::string& input, const std::string& flags,
                                      const std::string& ext) {
  ScratchDir dir;
  const std::string whole = "whole." + ext;
  const cli_test::CommandRun run = gqleval(
      "score " + input + " -o " + whole + " --summary whole.summary.json -q -j 2 " + flags, dir);
  ASSERT_LE(run.exit_code, 1) << run.err;  // 1: a --fail-under gate not met
  const std::string results = read_file(dir.file(whole));
  const std::string summary = read_file(dir.file("whole.summary.json"));
  for (int n : {1, 2, 7}) {
    std::string parts;
    for (int k = n; k >= 1; --k) {
      const std::string part = "part-" + std::to_string(k) + "." + ext;
      const cli_test::CommandRun shard =
          gqleval("score " + input + " -o " + part + " --shard " + std::to_string(k) + "/" +
                      std::to_string(n) + " -q -j 2 " + flags,
                  dir);
      ASSERT_LE(shard.exit_code, 1) << shard.err;
      ASSERT_TRUE(std::filesystem::exists(dir.file("part-" + std::to_string(k) + ".summary.json")));
      parts += " " + part;
    }
    const std::string merged = "merged" + std::to_string(n) + "." + ext;
    const cli_test::CommandRun merge = gqleval("merge" + parts + " -o " + merged, dir);
    ASSERT_EQ(merge.exit_code, 0) << merge.err;
    EXPECT_TRUE(read_file(dir.file(merged)) == results) << input << " in " << n << " shards";
    const std::string merged_summary =
        read_file(dir.file("merged" + std::to_string(n) + ".summary.json"));
    EXPECT_EQ(masked(merged_summary), masked(summary)) << input << " in " << n << " shards";
    EXPECT_NE(masked(summary).find("\"wall_seconds\":MASKED"), std::string::npos);
  }
}

TEST(CliMerge, ShardsOfTheGeneratedSampleMergeToTheWholeRun) {
  expect_shards_merge_to_the_whole(kSource + "/datasets/generated/sample.csv",
                                   "--group-by transform --keep-col transform", "jsonl");
}

TEST(CliMerge, ShardsOfTheBundledNl2gqlSetMergeToTheWholeRun) {
  expect_shards_merge_to_the_whole(kSource + "/datasets/nl2gql/nl2gql_test.csv",
                                   "--candidate-col gt_query_2 --group-by hops "
                                   "--fail-under pass_rate=0.5",
                                   "jsonl");
  expect_shards_merge_to_the_whole(kSource + "/datasets/nl2gql/nl2gql_test.csv",
                                   "--candidate-col gt_query_2 --mode subset", "csv");
}

TEST(CliMerge, ShardsOfGraniteMergeToTheWholeRun) {
  if (!std::filesystem::exists(kGranite)) {
    GTEST_SKIP() << kGranite << " is absent (../shared): the granite rows are not sharded";
  }
  expect_shards_merge_to_the_whole(kGranite, "", "jsonl");
}

TEST(CliMerge, WhatIsNotOneRunIsRefused) {
  ScratchDir dir;
  const std::string input = kSource + "/datasets/generated/sample.csv";
  for (int k = 1; k <= 3; ++k) {
    const std::string shard = " --shard " + std::to_string(k) + "/3";
    ASSERT_EQ(gqleval("score " + input + " -q -o p" + std::to_string(k) + ".jsonl" + shard, dir)
                  .exit_code,
              0);
  }
  cli_test::CommandRun missing = gqleval("merge p1.jsonl p3.jsonl -o m.jsonl", dir);
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "gqleval merge: shard 2/3 is missing: give all 3 shards\n");
  cli_test::CommandRun twice = gqleval("merge p1.jsonl p2.jsonl p2.jsonl p3.jsonl -o m.jsonl", dir);
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_NE(twice.err.find("is given twice"), std::string::npos) << twice.err;
  ASSERT_EQ(
      gqleval("score " + input + " -q -o whole.jsonl --summary whole.summary.json", dir).exit_code,
      0);
  cli_test::CommandRun whole = gqleval("merge p1.jsonl whole.jsonl p3.jsonl -o m.jsonl", dir);
  EXPECT_EQ(whole.exit_code, 2);
  EXPECT_NE(whole.err.find("whole.summary.json: it is the summary of a whole run, not of a shard"),
            std::string::npos)
      << whole.err;
  write_file(dir.file("p2.jsonl"), read_file(dir.file("p2.jsonl")) + "{\"row\":");
  cli_test::CommandRun truncated = gqleval("merge p1.jsonl p2.jsonl p3.jsonl -o m.jsonl", dir);
  EXPECT_EQ(truncated.exit_code, 2);
  EXPECT_NE(truncated.err.find("p2.jsonl: "), std::string::npos) << truncated.err;
  EXPECT_NE(truncated.err.find("a truncated or other file"), std::string::npos) << truncated.err;
  EXPECT_FALSE(std::filesystem::exists(dir.file("m.jsonl")));
  ASSERT_EQ(
      gqleval("score " + input + " -q -o v2.jsonl --shard 2/3 --variables-by-name", dir).exit_code,
      0);
  cli_test::CommandRun modes = gqleval("merge p1.jsonl v2.jsonl p3.jsonl -o m.jsonl", dir);
  EXPECT_EQ(modes.exit_code, 2);
  EXPECT_EQ(modes.err,
            "gqleval merge: shard 2/3 (v2.jsonl) is not a part of the run of shard 1/3 "
            "(p1.jsonl): its variables_by_name differs\n");
  cli_test::CommandRun bad = gqleval("score " + input + " -q -o x.jsonl --shard 4/3", dir);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--shard must be K/N with 1 <= K <= N, not '4/3'"), std::string::npos);
}

}  // namespace
}  // namespace gqleval::batch
