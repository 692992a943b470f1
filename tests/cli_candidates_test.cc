// `gqleval score` with several candidate columns (#13): one pass over a wide
// file gives, per candidate, the very bytes a run of that candidate alone
// gives (results and summary up to its provenance), in an output folder or
// as one long file with a run member; patterns select columns; selections
// that cannot be meant are refused with the input's columns.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/base/concat.h"
#include "engine/batch/batch_test_util.h"
#include "io/csv.h"
#include "io/csv_writer.h"
#include "tests/support/cli_runner.h"

namespace gqleval::batch {
namespace {

using testing::lines_of;
using testing::read_file;
using testing::ScratchDir;
using testing::write_file;

const std::string kGenerated = std::string(GQLEVAL_SOURCE_DIR) + "/datasets/generated/";
const std::vector<std::string> kRuns = {"ckpt_a", "ckpt_b", "ckpt_c", "ckpt_d"};

// `cd DIR && gqleval ARGS`.
cli_test::CommandRun gqleval(const std::string& args, const ScratchDir& dir) {
  return cli_test::run_gqleval(dir.path().string() + "/", args);
}

// The generated sample as a wide file: four answers per row (the sample's
// candidate, the reference itself, the next row's candidate, the sample's
// candidate again: a checkpoint that repeats an earlier one's answer, which
// is scored once), then a record whose quote never closes.
void write_wide(const ScratchDir& dir) {
  auto rows = io::parse_csv(read_file(kGenerated + "sample.csv"));
  ASSERT_TRUE(rows.ok());
  const std::vector<std::string>& head = (*rows)[0].fields;
  auto col = [&](std::string_view name) {
    return static_cast<size_t>(std::find(head.begin(), head.end(), name) - head.begin());
  };
  std::string out = "id,schema_path,reference,ckpt_a,ckpt_b,ckpt_c,ckpt_d,variables,transform\n";
  for (size_t i = 1; i < rows->size(); ++i) {
    const std::vector<std::string>& f = (*rows)[i].fields;
    const std::vector<std::string>& next = (*rows)[i + 1 < rows->size() ? i + 1 : 1].fields;
    const std::string cells[] = {f[col("id")],        kGenerated + f[col("schema_path")],
                                 f[col("reference")], f[col("candidate")],
                                 f[col("reference")], next[col("candidate")],
                                 f[col("candidate")], f[col("variables")],
                                 f[col("transform")]};
    for (size_t c = 0; c < std::size(cells); ++c) {
      if (c != 0) out.push_back(',');
      io::append_csv_field(out, cells[c]);
    }
    out.push_back('\n');
  }
  out += "999,\"never closed\n";
  write_file(dir.file("wide.csv"), out);
}

// A summary without its last members, pairs_per_second and provenance (when
// and how the process ran).
std::string figures(const std::string& summary) {
  return summary.substr(0, summary.find("\"pairs_per_second\""));
}

TEST(CliCandidates, EachCandidateGetsTheBytesOfItsOwnRun) {
  ScratchDir dir;
  write_wide(dir);
  for (const std::string mode : {"", " --mode subset"}) {
    for (const char* format : {"jsonl", "csv"}) {
      const std::string flags = " --group-by transform --keep-col transform -q -j 2 --out-format " +
                                std::string(format) + mode;
      cli_test::CommandRun all =
          gqleval("score wide.csv --candidate-cols 'ckpt_*' --out-dir d" + flags, dir);
      ASSERT_EQ(all.exit_code, 0) << all.err;
      for (const std::string& run : kRuns) {
        const std::string single = run + "." + format;
        cli_test::CommandRun one =
            gqleval("score wide.csv --candidate-col " + run + " -o " + single + " --summary " +
                        run + ".summary.json" + flags,
                    dir);
        ASSERT_EQ(one.exit_code, 0) << one.err;
        const std::string results = read_file(dir.file(single));
        if (format[0] == 'j') {
          EXPECT_EQ(std::count(results.begin(), results.end(), '\n'), 301);
        }
        EXPECT_TRUE(read_file(dir.file("d/" + single)) == results) << run << " " << format;
        const std::string summary = read_file(dir.file(run + ".summary.json"));
        EXPECT_NE(summary.find("\"bad_row\":{\"count\":1,"), std::string::npos);
        EXPECT_EQ(figures(read_file(dir.file("d/" + run + ".summary.json"))), figures(summary));
      }
    }
  }
}

TEST(CliCandidates, OneLongFileHoldsEveryRowOnceForEachCandidateInOrder) {
  ScratchDir dir;
  write_wide(dir);
  // ckpt_d repeats ckpt_a's answers: its lines copy theirs from the same text.
  const std::vector<std::string> runs = {"ckpt_c", "ckpt_a", "ckpt_d"};
  cli_test::CommandRun all = gqleval(
      "score wide.csv --candidate-col ckpt_c --candidate-col ckpt_a --candidate-col ckpt_d "
      "-o long.jsonl --summary long.summary.jsonl -q",
      dir);
  ASSERT_EQ(all.exit_code, 0) << all.err;
  std::vector<std::vector<std::string>> alone;
  for (const std::string& run : runs) {
    ASSERT_EQ(
        gqleval(concat({"score wide.csv --candidate-col ", run, " -o ", run, ".jsonl -q"}), dir)
            .exit_code,
        0);
    alone.push_back(lines_of(read_file(dir.file(run + ".jsonl"))));
  }
  const std::vector<std::string> lines = lines_of(read_file(dir.file("long.jsonl")));
  ASSERT_EQ(lines.size(), runs.size() * alone[0].size());
  for (size_t i = 0; i < alone[0].size(); ++i) {
    for (size_t k = 0; k < runs.size(); ++k) {
      std::string line = lines[runs.size() * i + k];
      const std::string member = ",\"run\":\"" + runs[k] + "\"";
      ASSERT_NE(line.find(member), std::string::npos) << line;
      line.erase(line.find(member), member.size());
      EXPECT_EQ(line, alone[k][i]);
    }
  }
  const std::vector<std::string> summaries = lines_of(read_file(dir.file("long.summary.jsonl")));
  ASSERT_EQ(summaries.size(), runs.size());
  for (size_t k = 0; k < runs.size(); ++k) {
    EXPECT_EQ(summaries[k].rfind("{\"run\":\"" + runs[k] + "\",\"results_version\":", 0), 0u);
  }
}

TEST(CliCandidates, EachCandidateHasItsOwnArtifactsFolder) {
  ScratchDir dir;
  write_wide(dir);
  ASSERT_EQ(gqleval("score wide.csv --candidate-cols 'ckpt_*' --out-dir d --artifacts art "
                    "--artifacts-limit 2 -q",
                    dir)
                .exit_code,
            0);
  // ckpt_b is the reference itself: no row fails, so it has no row folder;
  // the others have the first two failing rows each.
  auto folders = [&](const std::string& run) {
    size_t n = 0;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir.file("art/" + run), ec)) {
      n += e.path().filename().string().rfind("row-", 0) == 0 ? 1 : 0;
    }
    return n;
  };
  EXPECT_EQ(folders("ckpt_a"), 2u);
  EXPECT_EQ(folders("ckpt_b"), 0u);
  EXPECT_EQ(folders("ckpt_c"), 2u);
  EXPECT_EQ(folders("ckpt_d"), 2u);  // a repeated answer still gets its own artifacts
  EXPECT_NE(read_file(dir.file("d/ckpt_b.summary.json"))
                .find("\"artifacts\":{\"dir\":\"art/ckpt_b\",\"only\":\"fail\",\"limit\":2,"
                      "\"matched\":0,\"written\":0}"),
            std::string::npos);
}

TEST(CliCandidates, SelectionsThatCannotBeMeantAreRefused) {
  ScratchDir dir;
  write_wide(dir);
  const std::string columns =
      "the input has the columns: id, schema_path, reference, ckpt_a, ckpt_b, ckpt_c, ckpt_d, "
      "variables, transform\n";
  cli_test::CommandRun none = gqleval("score wide.csv --candidate-cols 'model_*' --out-dir d", dir);
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(none.err,
            "gqleval score: wide.csv: no column matches --candidate-cols 'model_*'; " + columns);
  cli_test::CommandRun twice =
      gqleval("score wide.csv --candidate-cols 'ckpt_*' --candidate-col ckpt_b -o x.jsonl", dir);
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_EQ(twice.err,
            "gqleval score: wide.csv: the candidate column 'ckpt_b' is selected twice (named "
            "again, or matched by a pattern too); each candidate is scored once\n");
  cli_test::CommandRun both =
      gqleval("score wide.csv --reference-col ckpt_a --candidate-cols 'ckpt_*' --out-dir d", dir);
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("ckpt_a"), std::string::npos) << both.err;
  cli_test::CommandRun schema =
      gqleval("score wide.csv --candidate-col ckpt_a --candidate-cols '*_path' --out-dir d", dir);
  EXPECT_EQ(schema.exit_code, 2);
  EXPECT_EQ(schema.err,
            "gqleval score: wide.csv: the column 'schema_path' is both the schema path column "
            "and a candidate column: leave it out of the candidates, or name the columns of each "
            "role\n");
  cli_test::CommandRun out =
      gqleval("score wide.csv --candidate-cols 'ckpt_*' --out-dir d -o x.jsonl", dir);
  EXPECT_EQ(out.exit_code, 2);
  EXPECT_NE(out.err.find("give --out or --out-dir, not both"), std::string::npos) << out.err;
  cli_test::CommandRun resume =
      gqleval("score wide.csv --candidate-cols 'ckpt_*' -o x.jsonl --resume", dir);
  EXPECT_EQ(resume.exit_code, 2);
  EXPECT_NE(resume.err.find("--resume is not available with several candidate columns"),
            std::string::npos)
      << resume.err;
  EXPECT_FALSE(std::filesystem::exists(dir.file("d")));
}

}  // namespace
}  // namespace gqleval::batch
