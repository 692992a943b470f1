// `score --answer all` in equivalence and subset mode: each row's answer is
// every operation of its cell, merged and compared as one candidate; the rows
// count the operations, and in JSON Lines and CSV name the operation of each
// candidate path and error.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "engine/batch/batch_run.h"
#include "engine/batch/batch_test_util.h"
#include "io/csv.h"

namespace gqleval::batch {
namespace {

using testing::csv_row;
using testing::kTestSchema;
using testing::lines_of;
using testing::ResultLine;
using testing::run;
using testing::ScratchDir;
using testing::write_file;

std::string answers_csv() {
  const std::string s(kTestSchema);
  std::string csv = "id,schema,reference,candidate\n";
  // Two queries that fetch the reference's data together.
  csv += csv_row({"split", s, "{ users { name posts { title } } }",
                  "[\"{ users { name } }\", \"{ users { posts { title } } }\"]"});
  // A document of three operations: one fetches more, one is invalid.
  csv +=
      csv_row({"more", s, "{ users { name } }",
               "query A { users { name } }\nquery B { users { id } }\nquery C { users { nam } }"});
  return csv;
}

BatchOptions answers_options(const ScratchDir& dir, ScoreMode mode) {
  BatchOptions o;
  o.mode = mode;
  o.input = dir.file("in.csv");
  o.answer_all = true;
  return o;
}

TEST(AnswersRun, EquivalenceRowsMergeTheOperationsAndNameThem) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), answers_csv());
  const std::vector<std::string> lines =
      lines_of(run(answers_options(dir, ScoreMode::kEquivalence), dir).output);
  ASSERT_EQ(lines.size(), 2u);
  ResultLine split(lines[0]);
  EXPECT_EQ(split.get("verdict"), "equivalent");
  EXPECT_EQ(split.get("operations"), "2");
  EXPECT_EQ(split.get("invalid_operations"), "0");
  ResultLine more(lines[1]);
  EXPECT_EQ(more.get("verdict"), "overfetch");
  EXPECT_EQ(more.get("operations"), "3");
  EXPECT_EQ(more.get("invalid_operations"), "1");
  EXPECT_NE(lines[1].find(R"("extra_paths":[{"path":"query -> users -> id","line":2,)"
                          R"("column":19,"nodes":1,"operation":1}])"),
            std::string::npos)
      << lines[1];
  EXPECT_EQ(more.error(0, "operation"), "2");
  // Without --answer all the cell is one query: the array is read as prose
  // (its first query found there), and the document of three operations
  // names none to run.
  BatchOptions one = answers_options(dir, ScoreMode::kEquivalence);
  one.answer_all = false;
  const std::vector<std::string> single = lines_of(run(one, dir).output);
  EXPECT_EQ(ResultLine(single[0]).get("verdict"), "underfetch");
  EXPECT_EQ(ResultLine(single[1]).get("verdict"), "invalid_candidate");
}

TEST(AnswersRun, CsvRowsNameTheOperationOfPathsAndErrors) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), answers_csv());
  BatchOptions o = answers_options(dir, ScoreMode::kEquivalence);
  o.output_format = OutputFormat::kCsv;
  auto rows = io::parse_csv(run(o, dir).output);
  ASSERT_TRUE(rows.ok()) << rows.error().message;
  ASSERT_EQ(rows->size(), 3u);
  const std::vector<std::string>& header = (*rows)[0].fields;
  auto column = [&](std::string_view name) {
    for (size_t i = 0; i < header.size(); ++i) {
      if (header[i] == name) return i;
    }
    ADD_FAILURE() << name;
    return size_t{0};
  };
  const std::vector<std::string>& more = (*rows)[2].fields;
  EXPECT_EQ(more[column("extra_paths")], "query -> users -> id (operation 1, 2:19, 1 node)");
  EXPECT_EQ(more[column("operations")], "3");
  EXPECT_EQ(more[column("invalid_operations")], "1");
  EXPECT_EQ(more[column("errors")],
            "candidate operation 2 3:19: FieldsOnCorrectType: Cannot query field \"nam\" on type "
            "\"User\". Did you mean \"name\"?");
}

TEST(AnswersRun, SubsetRowsMergeTheOperations) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), answers_csv());
  const std::vector<std::string> lines =
      lines_of(run(answers_options(dir, ScoreMode::kSubset), dir).output);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(ResultLine(lines[0]).get("verdict"), "subset");
  EXPECT_EQ(ResultLine(lines[0]).get("operations"), "2");
  EXPECT_EQ(ResultLine(lines[1]).get("verdict"), "subset");
  EXPECT_EQ(ResultLine(lines[1]).get("invalid_operations"), "1");
  EXPECT_EQ(ResultLine(lines[1]).error(0, "operation"), "2");
}

// An artifact folder of an answer: its merged tree, and a replay with
// --answer all (gqleval compare grades the same answer).
TEST(AnswersRun, ArtifactsShowTheMergedTreeAndReplayTheAnswer) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), answers_csv());
  BatchOptions o = answers_options(dir, ScoreMode::kEquivalence);
  o.artifacts_dir = dir.file("art");
  o.artifacts_only = ArtifactFilter::kAll;
  run(o, dir);
  const std::string row = dir.file("art/row-00000000/");
  EXPECT_EQ(testing::read_file(row + "candidate.normal.graphql"),
            "query {\n  users {\n    name\n    posts {\n      title\n    }\n  }\n}\n");
  EXPECT_FALSE(std::filesystem::exists(row + "candidate.graphql"));
  EXPECT_NE(testing::read_file(row + "replay.sh").find(" --answer all \"$@\""), std::string::npos);
  EXPECT_NE(testing::read_file(dir.file("art/row-00000001/explanation.txt"))
                .find("answer: 3 operations, 1 left out as invalid\n"),
            std::string::npos);
}

}  // namespace
}  // namespace gqleval::batch
