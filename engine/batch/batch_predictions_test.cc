// `score --predictions FILE`: the answers from a file of their own, joined to
// the input's rows by id (in any order, a row without one is no_query, a
// prediction for no row is told), else by row index; a prediction that
// cannot be read makes its row a bad_row; and what the join refuses.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/batch/batch_run.h"
#include "engine/batch/batch_test_util.h"

namespace gqleval::batch {
namespace {

using testing::csv_row;
using testing::kTestSchema;
using testing::lines_of;
using testing::Outcome;
using testing::run;
using testing::ScratchDir;
using testing::write_file;

std::string questions() {
  const std::string s(kTestSchema);
  return "id,schema,reference\n" + csv_row({"a", s, "{ users { name } }"}) +
         csv_row({"b", s, "{ users { id } }"}) + csv_row({"c", s, "{ users { name } }"});
}

BatchOptions options(const ScratchDir& dir) {
  BatchOptions o;
  o.input = dir.file("in.csv");
  o.predictions = dir.file("log.jsonl");
  o.columns.candidate = "answer";
  return o;
}

std::string verdict_of(const std::string& line) {
  const size_t at = line.find("\"verdict\":\"") + 11;
  return line.substr(at, line.find('"', at) - at);
}

TEST(PredictionsRun, JoinedById) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), questions());
  // Another order, one row unanswered (b), one answer for no row (z).
  write_file(dir.file("log.jsonl"),
             "{\"id\":\"c\",\"answer\":\"{ users { id } }\"}\n"
             "{\"id\":\"z\",\"answer\":\"{ users { id } }\"}\n"
             "{\"id\":\"a\",\"answer\":\"{ users { name } }\"}\n");
  const Outcome r = run(options(dir), dir);
  const std::vector<std::string> lines = lines_of(r.output);
  ASSERT_EQ(lines.size(), 3u) << r.output;
  EXPECT_EQ(verdict_of(lines[0]), "equivalent");
  EXPECT_EQ(verdict_of(lines[1]), "no_query");
  EXPECT_EQ(verdict_of(lines[2]), "mismatch");
  const std::vector<std::string>& warnings = r.report.facts.warnings;
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_EQ(warnings[0], "1 of the 3 predictions in " + dir.file("log.jsonl") +
                             " answer no row of the input (ids 'z')");
  EXPECT_EQ(warnings[1], "1 row of the input has no prediction in " + dir.file("log.jsonl") +
                             " (ids 'b'): no_query");
}

TEST(PredictionsRun, JoinedByIndexWithoutIdsAndABadRecordIsABadRow) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), questions());
  write_file(dir.file("log.jsonl"),
             "{\"answer\":\"{ users { name } }\"}\n"
             "{\"answer\":\n");
  const Outcome r = run(options(dir), dir);
  const std::vector<std::string> lines = lines_of(r.output);
  ASSERT_EQ(lines.size(), 3u) << r.output;
  EXPECT_EQ(verdict_of(lines[0]), "equivalent");
  EXPECT_EQ(verdict_of(lines[1]), "bad_row");
  EXPECT_EQ(verdict_of(lines[2]), "no_query");
  // (Beside the warning that most rows were never compared.)
  const std::vector<std::string>& warnings = r.report.facts.warnings;
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_NE(warnings[1].find("have 2 records and the input 3 rows; they were joined by row "
                             "index (neither file has an id column both have), so the rows "
                             "from 2 on have no prediction (no_query)"),
            std::string::npos)
      << warnings[1];
}

TEST(PredictionsRun, GiveOneAnswerARow) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), questions());
  write_file(dir.file("log.jsonl"), "{\"id\":\"a\",\"answer\":\"{ users { name } }\"}\n");
  BatchOptions several = options(dir);
  several.candidates.names = {"answer", "other"};
  auto refused = run_batch(several);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message,
            "--predictions gives each row one answer: not with several candidate columns");
}

}  // namespace
}  // namespace gqleval::batch
