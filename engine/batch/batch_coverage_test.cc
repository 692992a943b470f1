// `score --mode coverage` runs: golden rows (listed and derived coordinates,
// an agent's several queries, bad lists and rows) in JSON Lines and CSV, the
// summary's figures, and what the mode refuses and what only it takes.
#include <gtest/gtest.h>

#include <atomic>
#include <csignal>
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
using testing::read_file;
using testing::run;
using testing::ScratchDir;
using testing::write_file;

// Rows over kTestSchema (users, posts), their required coordinates listed.
std::string coverage_csv() {
  const std::string s(kTestSchema);
  std::string csv = "id,schema,required,excluded,candidate,variables\n";
  csv += csv_row({"covered", s, "Query.user\nUser.posts\nPost.title", "User.id",
                  "{ user(id: 1) { id posts { title } } }", ""});
  csv +=
      csv_row({"missing", s, "[\"Query.user(id:)\", \"User.name\"]", "", "{ users { name } }", ""});
  // An agent's two queries: together they cover.
  csv += csv_row({"split", s, "[\"User.name\", \"Post.title\"]", "",
                  "[\"{ users { name } }\", \"{ users { posts { title } } }\"]", ""});
  csv += csv_row({"bad_entry", s, "[\"User name\"]", "", "{ users { name } }", ""});
  csv += csv_row({"bad_list", s, "[\"User.name\"", "", "{ users { name } }", ""});
  csv += csv_row({"bad_row", s, "User.name", "", "{ users { name } }", "[1]"});
  return csv;
}

BatchOptions coverage_options(const ScratchDir& dir) {
  BatchOptions o;
  o.mode = ScoreMode::kCoverage;
  o.input = dir.file("in.csv");
  o.columns.required = "required";
  o.columns.excluded = "excluded";
  o.answer_all = true;
  return o;
}

TEST(CoverageRun, GoldenRows) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), coverage_csv());
  const Outcome r = run(coverage_options(dir), dir);
  const std::vector<std::string> lines = lines_of(r.output);
  ASSERT_EQ(lines.size(), 6u) << r.output;
  const std::string tail =
      R"j("over_selected":[],"unsatisfiable":[],"operations":1,"invalid_operations":0,"errors":[]})j";
  EXPECT_EQ(
      lines[0].substr(lines[0].find("\"verdict\"")),
      R"j("verdict":"covered","pass":true,"compared":true,"required":3,"covered_count":3,"recall":1,"missing_coordinates":[],"over_selected":["User.id"],"unsatisfiable":[],"operations":1,"invalid_operations":0,"errors":[]})j");
  EXPECT_EQ(
      lines[1].substr(lines[1].find("\"verdict\"")),
      R"j("verdict":"not_covered","pass":false,"compared":true,"required":2,"covered_count":1,"recall":0.5,"missing_coordinates":[{"coordinate":"Query.user(id:)","nearest":"Query at 1:3 (users)","line":1,"column":3,"operation":0}],)j" +
          tail);
  EXPECT_NE(lines[2].find(R"j("verdict":"covered")j"), std::string::npos) << lines[2];
  EXPECT_NE(lines[2].find(R"j("operations":2)j"), std::string::npos) << lines[2];
  EXPECT_NE(lines[3].find(R"j("verdict":"invalid_reference")j"), std::string::npos);
  EXPECT_NE(
      lines[3].find(
          R"j({"query":"required","entry":0,"rule":"InvalidCoordinate","message":"'User name' is not a schema coordinate)j"),
      std::string::npos)
      << lines[3];
  EXPECT_NE(lines[4].find(R"j({"query":"required","rule":"InvalidCoordinates")j"),
            std::string::npos)
      << lines[4];
  EXPECT_EQ(
      lines[5].substr(lines[5].find("\"verdict\"")),
      R"j("verdict":"bad_row","pass":false,"compared":false,"required":null,"covered_count":null,"recall":0,"missing_coordinates":[],"over_selected":[],"unsatisfiable":[],"operations":0,"invalid_operations":0,"errors":[{"query":"row","rule":"invalid_variables","message":"the variables cell: The variables must be a JSON object.","line":74,"column":1}]})j");

  const Summary& s = r.report.summary;
  EXPECT_EQ(s.mode(), ScoreMode::kCoverage);
  EXPECT_EQ(s.count(kCoveragePass), 2u);
  EXPECT_EQ(s.count(kCoverageMissing), 1u);
  EXPECT_DOUBLE_EQ(s.mean_recall(), 2.5 / 6);
  const std::string json = summary_json(s, r.report.facts);
  EXPECT_NE(json.find("\"mode\":\"coverage\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"mean_recall\":0.416667"), std::string::npos) << json;
  EXPECT_EQ(json.find("\"delta\""), std::string::npos) << json;
}

TEST(CoverageRun, CsvHasTheSameColumns) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), coverage_csv());
  BatchOptions o = coverage_options(dir);
  o.output_format = OutputFormat::kCsv;
  const Outcome r = run(o, dir);
  const std::vector<std::string> lines = lines_of(r.output);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0],
            "row,id,reference_hash,verdict,pass,compared,required,covered_count,recall,"
            "missing_coordinates,over_selected,unsatisfiable,operations,invalid_operations,"
            "errors");
  EXPECT_NE(r.output.find(
                ",not_covered,false,true,2,1,0.5,Query.user(id:) (Query at 1:3 (users)),,,1,0,\n"),
            std::string::npos)
      << r.output;
}

TEST(CoverageRun, WithoutAListTheReferenceIsRequired) {
  ScratchDir dir;
  const std::string s(kTestSchema);
  write_file(dir.file("in.csv"),
             "id,schema,reference,candidate\n" +
                 csv_row({"same", s, "{ user(id: 1) { name } }", "{ user(id: 2) { name } }"}) +
                 csv_row({"less", s, "{ user(id: 1) { name posts { title } } }",
                          "{ user(id: 1) { name } }"}));
  BatchOptions o;
  o.mode = ScoreMode::kCoverage;
  o.input = dir.file("in.csv");
  const Outcome r = run(o, dir);
  const std::vector<std::string> lines = lines_of(r.output);
  ASSERT_EQ(lines.size(), 2u);
  // Arguments count by name, not value: another id covers the same.
  EXPECT_NE(lines[0].find(R"j("verdict":"covered","pass":true,"compared":true,"required":3)j"),
            std::string::npos)
      << lines[0];
  EXPECT_NE(lines[1].find(R"j("missing_coordinates":[{"coordinate":"Post.title")j"),
            std::string::npos)
      << lines[1];
}

TEST(CoverageRun, WhatOnlyCoverageTakesAndWhatItRefuses) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), coverage_csv());
  auto error_of = [&](const BatchOptions& o) {
    auto report = run_batch(o);
    return report ? std::string("(ran)") : report.error().message;
  };
  BatchOptions equivalence = coverage_options(dir);
  equivalence.mode = ScoreMode::kEquivalence;
  EXPECT_EQ(error_of(equivalence), "--required-col is not available with --mode equivalence");
  equivalence.columns.required.clear();
  EXPECT_EQ(error_of(equivalence), "--excluded-col is not available with --mode equivalence");
  BatchOptions delta = coverage_options(dir);
  delta.delta = 1;
  EXPECT_EQ(error_of(delta),
            "--delta (an over-fetch budget) is not available with --mode coverage");
}

// A stopped coverage run resumes only with the same lists and answers: its
// state names the required and excluded columns and --answer all.
TEST(CoverageRun, ResumeRefusesOtherListsOrAnswers) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), coverage_csv());
  BatchOptions o = coverage_options(dir);
  o.output = dir.file("r.jsonl");
  const std::string full = run(o, dir).output;
  std::atomic<int> stop{SIGINT};
  o.interrupt = &stop;
  ASSERT_TRUE(run_batch(o).ok());
  o.interrupt = nullptr;
  o.resume = true;
  auto refused_because = [&](const BatchOptions& other) {
    auto r = run_batch(other);
    return r ? std::string("(resumed)") : r.error().message;
  };
  BatchOptions lists = o;
  lists.columns.excluded.clear();
  EXPECT_NE(refused_because(lists).find("the run is not the same: columns was"), std::string::npos)
      << refused_because(lists);
  BatchOptions one = o;
  one.answer_all = false;
  EXPECT_NE(refused_because(one).find("the run is not the same: options was"), std::string::npos)
      << refused_because(one);
  auto resumed = run_batch(o);
  ASSERT_TRUE(resumed.ok()) << resumed.error().message;
  EXPECT_EQ(read_file(o.output), full);
}

}  // namespace
}  // namespace gqleval::batch
