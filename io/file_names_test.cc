// What a file's name says (file_names.h): compression, format, stems and the
// summary beside a results file.
#include "io/file_names.h"

#include <gtest/gtest.h>

namespace gqleval::io {
namespace {

TEST(FileNames, CompressionSuffixesAreStripped) {
  EXPECT_EQ(strip_compression_suffix("rows.jsonl.gz"), "rows.jsonl");
  EXPECT_EQ(strip_compression_suffix("rows.CSV.GZ"), "rows.CSV");
  EXPECT_EQ(strip_compression_suffix("rows.tsv.zst"), "rows.tsv");
  EXPECT_EQ(strip_compression_suffix("rows.jsonl.zstd"), "rows.jsonl");
  EXPECT_EQ(strip_compression_suffix("rows.csv"), "rows.csv");
  EXPECT_EQ(strip_compression_suffix("gz"), "gz");
}

TEST(FileNames, FormatsByName) {
  EXPECT_EQ(format_of_name("a.csv"), NamedFormat::kCsv);
  EXPECT_EQ(format_of_name("a.TSV.gz"), NamedFormat::kTsv);
  EXPECT_EQ(format_of_name("a.ndjson.zst"), NamedFormat::kJsonl);
  EXPECT_EQ(format_of_name("a.json"), NamedFormat::kJsonl);
  EXPECT_EQ(format_of_name("a.txt"), NamedFormat::kUnknown);
  EXPECT_EQ(format_of_name("-"), NamedFormat::kUnknown);
  EXPECT_TRUE(ends_with_ci("R.CSV", ".csv"));
  EXPECT_FALSE(ends_with_ci("csv", ".csv"));
}

TEST(FileNames, StemsAndSummaries) {
  EXPECT_EQ(run_stem("data/nl2gql_test.csv.gz"), "nl2gql_test");
  EXPECT_EQ(run_stem("runs/ckpt_2.jsonl"), "ckpt_2");
  EXPECT_EQ(run_stem("-"), "gqleval");
  EXPECT_EQ(run_stem("dir/.csv"), "gqleval");
  EXPECT_EQ(run_stem("rows"), "rows");
  EXPECT_EQ(summary_path_for("parts/part-1.jsonl"), "parts/part-1.summary.json");
  EXPECT_EQ(summary_path_for("r.csv"), "r.summary.json");
  EXPECT_EQ(summary_path_for("results"), "results.summary.json");
  EXPECT_EQ(summary_path_for(candidate_results_path("out", "ckpt.csv", false)),
            "out/ckpt.csv.summary.json");
}

TEST(FileNames, ARunsFiles) {
  EXPECT_TRUE(results_name_is_csv("r.csv"));
  EXPECT_TRUE(results_name_is_csv("PART-1.CSV"));  // as score wrote it, merge reads it
  EXPECT_FALSE(results_name_is_csv("r.jsonl"));
  EXPECT_FALSE(results_name_is_csv("r.csv.gz"));
  EXPECT_EQ(partial_path_for("r.jsonl"), "r.jsonl.partial");
  EXPECT_EQ(resume_path_for("r.jsonl"), "r.jsonl.resume.json");
  EXPECT_EQ(candidate_results_path("out", "ckpt_2", false), "out/ckpt_2.jsonl");
  EXPECT_EQ(candidate_results_path("out", "ckpt_2", true), "out/ckpt_2.csv");
}

}  // namespace
}  // namespace gqleval::io
