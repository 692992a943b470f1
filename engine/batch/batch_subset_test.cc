// `score --mode subset` runs (BatchOptions::mode): golden result rows of each
// kind, CSV output, the summary's figures, determinism, what the mode refuses,
// and a resumed run that must repeat the mode.
#include <gtest/gtest.h>

#include <atomic>
#include <csignal>
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
using testing::Outcome;
using testing::read_file;
using testing::run;
using testing::ScratchDir;
using testing::write_file;

// One row per kind of subset row, over kTestSchema (users, posts).
std::string subset_csv() {
  const std::string s(kTestSchema);
  const std::string ref = "{ user(id: 1) { name posts { title } } }";
  std::string csv = "id,schema,reference,reference_2,candidate,variables\n";
  // The candidate selects more: a pass.
  csv += csv_row({"pass", s, ref, "", "{ user(id: 1) { id name posts { id title } } }", ""});
  // posts is missing: 2 of the reference's 5 nodes.
  csv += csv_row({"missing", s, ref, "", "query {\n  user(id: 1) { name }\n}", ""});
  // LLM prose around a fenced answer; the missing path points into the text.
  csv += csv_row({"prose", s, "{ user(id: 1) {\n  name\n  id\n} }", "",
                  "Sure!\n```graphql\nquery { user(id: 1) { name } }\n```\n", ""});
  csv += csv_row({"no_query", s, ref, "", "I do not know.", ""});
  csv += csv_row({"invalid_candidate", s, ref, "", "{ user(id: 1) { nam } }", ""});
  csv += csv_row({"invalid_schema", "type Query { a: Nope }", "{ a }", "", "{ a }", ""});
  csv += csv_row({"invalid_reference", s, "{ user(id: 1) { name } }", "{ users { nope } }",
                  "{ users { id } }", ""});
  // Two references: the second passes.
  csv += csv_row({"second", s, "{ user(id: 1) { id name } }", "{ user(id: 1) { name } }",
                  "{ user(id: 1) { name } }", ""});
  // A variable's value, given per row.
  csv += csv_row({"variables", s, "{ user(id: 2) { name } }", "",
                  "query ($u: Int!) { user(id: $u) { name } }", "{\"u\": 2}"});
  // Variables that are not an object: a bad row, on the input's line 124.
  csv += csv_row({"bad_row", s, ref, "", "{ user(id: 1) { name } }", "[1]"});
  return csv;
}

BatchOptions subset_options(const ScratchDir& dir) {
  BatchOptions o;
  o.mode = ScoreMode::kSubset;
  o.input = dir.file("in.csv");
  return o;
}

TEST(SubsetRun, GoldenRows) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), subset_csv());
  const Outcome r = run(subset_options(dir), dir);
  const std::vector<std::string>
      expected =
          {
              R"({"row":0,"id":"pass","reference_hash":"a95069290d3c2b95","verdict":"subset","pass":true,"compared":true,"missing":0,"score":1,"left_nodes":5,"matched_reference":0,"missing_paths":[],"operations":1,"invalid_operations":0,"errors":[]})",
              R"({"row":1,"id":"missing","reference_hash":"a95069290d3c2b95","verdict":"missing","pass":false,"compared":true,"missing":2,"score":0.6,"left_nodes":5,"matched_reference":0,"missing_paths":[{"path":"query -> user(id: 1) -> posts","line":1,"column":22,"nodes":2}],"operations":1,"invalid_operations":0,"errors":[]})",
              R"({"row":2,"id":"prose","reference_hash":"8d7a5e562135d17e","verdict":"missing","pass":false,"compared":true,"missing":1,"score":0.75,"left_nodes":4,"matched_reference":0,"missing_paths":[{"path":"query -> user(id: 1) -> id","line":3,"column":3,"nodes":1}],"operations":1,"invalid_operations":0,"errors":[]})",
              R"({"row":3,"id":"no_query","reference_hash":"a95069290d3c2b95","verdict":"no_query","pass":false,"compared":false,"missing":null,"score":0,"left_nodes":null,"matched_reference":null,"missing_paths":[],"operations":0,"invalid_operations":0,"errors":[{"query":"candidate","rule":"Extraction","message":"No GraphQL query found in the candidate.","line":null,"column":null}]})",
              R"({"row":4,"id":"invalid_candidate","reference_hash":"a95069290d3c2b95","verdict":"invalid_candidate","pass":false,"compared":false,"missing":null,"score":0,"left_nodes":null,"matched_reference":null,"missing_paths":[],"operations":1,"invalid_operations":1,"errors":[{"query":"candidate","rule":"FieldsOnCorrectType","message":"Cannot query field \"nam\" on type \"User\". Did you mean \"name\"?","line":1,"column":17}]})",
              R"({"row":5,"id":"invalid_schema","reference_hash":"d0716d8e4c8f670e","verdict":"invalid_schema","pass":false,"compared":false,"missing":null,"score":0,"left_nodes":null,"matched_reference":null,"missing_paths":[],"operations":0,"invalid_operations":0,"errors":[{"query":"schema","rule":"KnownTypeNames","message":"Unknown type \"Nope\".","line":1,"column":17}]})",
              R"({"row":6,"id":"invalid_reference","reference_hash":"c0d94b48e7cd1c45","verdict":"invalid_reference","pass":false,"compared":false,"missing":null,"score":0,"left_nodes":null,"matched_reference":null,"missing_paths":[],"operations":1,"invalid_operations":0,"errors":[{"query":"reference","reference":1,"rule":"FieldsOnCorrectType","message":"Cannot query field \"nope\" on type \"User\". Did you mean \"name\"?","line":1,"column":11}]})",
              R"({"row":7,"id":"second","reference_hash":"7f635eae1e3d39e0","verdict":"subset","pass":true,"compared":true,"missing":0,"score":1,"left_nodes":3,"matched_reference":1,"missing_paths":[],"operations":1,"invalid_operations":0,"errors":[]})",
              R"({"row":8,"id":"variables","reference_hash":"93cdec515c0a769d","verdict":"subset","pass":true,"compared":true,"missing":0,"score":1,"left_nodes":3,"matched_reference":0,"missing_paths":[],"operations":1,"invalid_operations":0,"errors":[]})",
              R"({"row":9,"id":"bad_row","reference_hash":"a95069290d3c2b95","verdict":"bad_row","pass":false,"compared":false,"missing":null,"score":0,"left_nodes":null,"matched_reference":null,"missing_paths":[],"operations":0,"invalid_operations":0,"errors":[{"query":"row","rule":"invalid_variables","message":"the variables cell: The variables must be a JSON object.","line":124,"column":1}]})",
          };
  EXPECT_EQ(lines_of(r.output), expected);

  const Summary& s = r.report.summary;
  EXPECT_EQ(s.mode(), ScoreMode::kSubset);
  EXPECT_EQ(s.rows(), 10u);
  EXPECT_EQ(s.count(kSubsetPass), 3u);
  EXPECT_EQ(s.count(kSubsetMissing), 2u);
  EXPECT_EQ(s.count(kBadRow), 1u);
  EXPECT_EQ(s.passes(), 3u);
  EXPECT_EQ(s.compared(), 5u);
  EXPECT_DOUBLE_EQ(s.pass_rate(), 0.3);
  EXPECT_DOUBLE_EQ(s.mean_score(), (1 + 0.6 + 0.75 + 1 + 1) / 10);
  EXPECT_EQ(r.report.facts.provenance.rule_profile, "none");
  const std::string json = summary_json(s, r.report.facts);
  EXPECT_NE(
      json.find(
          R"("mode":"subset","rows":10,"compared":5,"verdicts":{"subset":{"count":3,"share":0.3},"missing":{"count":2,"share":0.2},"no_query":{"count":1,"share":0.1})"),
      std::string::npos)
      << json;
  EXPECT_NE(json.find(R"("pass":3,"pass_rate":0.3,)"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("mean_score":0.435,)"), std::string::npos) << json;
}

TEST(SubsetRun, CsvOutput) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), subset_csv());
  BatchOptions o = subset_options(dir);
  o.output_format = OutputFormat::kCsv;
  auto rows = io::parse_csv(run(o, dir).output);
  ASSERT_TRUE(rows.ok()) << rows.error().message;
  ASSERT_EQ(rows->size(), 11u);
  const std::vector<std::string> header = {"row",
                                           "id",
                                           "reference_hash",
                                           "verdict",
                                           "pass",
                                           "compared",
                                           "missing",
                                           "score",
                                           "left_nodes",
                                           "matched_reference",
                                           "missing_paths",
                                           "operations",
                                           "invalid_operations",
                                           "errors"};
  EXPECT_EQ((*rows)[0].fields, header);
  for (const io::CsvRow& row : *rows) EXPECT_EQ(row.fields.size(), header.size());
  EXPECT_EQ((*rows)[2].fields,
            (std::vector<std::string>{
                "1", "missing", "a95069290d3c2b95", "missing", "false", "true", "2", "0.6", "5",
                "0", "query -> user(id: 1) -> posts (1:22, 2 nodes)", "1", "0", ""}));
  const std::string reference_error =
      "reference[1] 1:11: FieldsOnCorrectType: Cannot query field \"nope\" on type \"User\". "
      "Did you mean \"name\"?";
  EXPECT_EQ(
      (*rows)[7].fields,
      (std::vector<std::string>{"6", "invalid_reference", "c0d94b48e7cd1c45", "invalid_reference",
                                "false", "false", "", "0", "", "", "", "1", "0", reference_error}));
  const std::string row_error =
      "row 124:1: invalid_variables: the variables cell: The variables must be a JSON object.";
  EXPECT_EQ((*rows)[10].fields,
            (std::vector<std::string>{"9", "bad_row", "a95069290d3c2b95", "bad_row", "false",
                                      "false", "", "0", "", "", "", "0", "0", row_error}));
}

// JSON Lines in, the candidate under a path into each record.
TEST(SubsetRun, JsonlInput) {
  ScratchDir dir;
  write_file(dir.file("schema.graphql"), kTestSchema);
  write_file(dir.file("in.jsonl"),
             R"({"doc": {"q": "{ users { id name } }"}, "resps": ["{ users { name } }"]})"
             "\n"
             R"({"doc": {"q": "{ users { name } }"}, "resps": ["{ users { id name } }"]})"
             "\n");
  BatchOptions o;
  o.mode = ScoreMode::kSubset;
  o.input = dir.file("in.jsonl");
  o.schema = {dir.file("schema.graphql")};
  o.columns.references = {"doc.q"};
  o.columns.candidate = "resps[0]";
  auto lines = lines_of(run(o, dir).output);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_NE(lines[0].find(R"("verdict":"missing","pass":false,"compared":true,"missing":1,)"
                          R"("score":0.75,"left_nodes":4,)"),
            std::string::npos)
      << lines[0];
  EXPECT_NE(lines[1].find(R"("verdict":"subset","pass":true,)"), std::string::npos) << lines[1];
}

TEST(SubsetRun, SameBytesForAnyThreadsAndShardSize) {
  ScratchDir dir;
  const std::string csv = subset_csv();
  const size_t header = csv.find('\n') + 1;
  std::string many = csv.substr(0, header);
  for (int k = 0; k < 20; ++k) many += csv.substr(header);
  write_file(dir.file("in.csv"), many);
  BatchOptions o = subset_options(dir);
  o.threads = 1;
  const std::string expected = run(o, dir).output;
  ASSERT_EQ(lines_of(expected).size(), 200u);
  for (unsigned threads : {2u, 4u}) {
    for (size_t shard : {1u, 7u, 1000u}) {
      o.threads = threads;
      o.shard_records = shard;
      o.shards_in_flight = shard == 1 ? 2 : 0;
      EXPECT_EQ(run(o, dir).output, expected) << threads << " threads, shards of " << shard;
    }
  }
}

// What a subset run does not have is refused before any row, not ignored.
TEST(SubsetRun, RefusesWhatTheModeDoesNotHave) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), subset_csv());
  auto refused = [&](const BatchOptions& o) {
    auto r = run_batch(o);
    return r.ok() ? std::string("<ran>") : r.error().message;
  };
  BatchOptions o = subset_options(dir);
  o.output = dir.file("out.jsonl");
  o.delta = 1;
  EXPECT_EQ(refused(o), "--delta (an over-fetch budget) is not available with --mode subset");
  o.delta = 0;
  o.rules_file = dir.file("rules.json");
  EXPECT_EQ(refused(o),
            "--rules (a subset comparison applies no rewrite rule) is not available with --mode "
            "subset");
  o.rules_file.clear();
  o.artifacts_dir = dir.file("art");
  EXPECT_EQ(refused(o), "--artifacts is not available with --mode subset");
  o.artifacts_dir.clear();
  o.gates = {{GateMetric::kMeanF1, 0.5}};
  EXPECT_EQ(refused(o),
            "--fail-under: mean_f1 is not a figure of --mode subset runs; theirs is mean_score");
  o.mode = ScoreMode::kEquivalence;
  o.gates = {{GateMetric::kMeanScore, 0.5}};
  EXPECT_EQ(refused(o),
            "--fail-under: mean_score is not a figure of --mode equivalence runs; theirs is "
            "mean_f1");
  EXPECT_FALSE(std::filesystem::exists(o.output));

  o.mode = ScoreMode::kSubset;
  o.gates = {{GateMetric::kMeanScore, 0.5}, {GateMetric::kPassRate, 0.5}};
  auto gated = run_batch(o);
  ASSERT_TRUE(gated.ok()) << gated.error().message;
  ASSERT_EQ(gated->facts.gates.size(), 2u);
  EXPECT_DOUBLE_EQ(gated->facts.gates[0].value, 0.435);
  EXPECT_FALSE(gated->facts.gates[0].met);
  EXPECT_FALSE(gated->facts.gates[1].met);  // pass rate 0.3
}

// A run stopped before its first row leaves a state to resume; resuming it
// in the other mode is refused by name, in its own mode it completes with the
// bytes of an uninterrupted run. (A subset run counts two more outcomes than
// the builds before it: their states are refused as other builds'.)
TEST(SubsetRun, ResumeRefusesAChangedMode) {
  ScratchDir dir;
  write_file(dir.file("in.csv"), subset_csv());
  BatchOptions o = subset_options(dir);
  o.output = dir.file("r.jsonl");
  const std::string full = run(o, dir).output;

  std::atomic<int> stop{SIGINT};
  o.interrupt = &stop;
  auto stopped = run_batch(o);
  ASSERT_TRUE(stopped.ok()) << stopped.error().message;
  EXPECT_EQ(stopped->interrupted_by, SIGINT);
  ASSERT_TRUE(std::filesystem::exists(dir.file("r.jsonl.resume.json")));
  o.interrupt = nullptr;
  o.resume = true;

  BatchOptions other = o;
  other.mode = ScoreMode::kEquivalence;
  auto refused = run_batch(other);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message,
            "cannot resume " + o.output +
                ": the run is not the same: mode was 'subset', now 'equivalence'; run without "
                "--resume to start over");

  // The state of a build that counted fewer outcomes is refused as another
  // build's, by name, not as malformed.
  const std::string state_path = dir.file("r.jsonl.resume.json");
  const std::string state = read_file(state_path);
  std::string older = state;
  const size_t outcomes = older.find("\"outcomes\":[") + 11;  // at the [
  older.replace(outcomes, older.find(']', outcomes) + 1 - outcomes, "[0,0,0,0,0,0,0,0,0,0]");
  const size_t build = older.find("\"gqleval\":\"") + 11;
  older.replace(build, older.find('"', build) - build, "0.0.9 old");
  write_file(state_path, older);
  auto old_build = run_batch(o);
  ASSERT_FALSE(old_build.ok());
  EXPECT_NE(old_build.error().message.find("the run is not the same: gqleval was '0.0.9 old'"),
            std::string::npos)
      << old_build.error().message;
  write_file(state_path, state);

  auto resumed = run_batch(o);
  ASSERT_TRUE(resumed.ok()) << resumed.error().message;
  EXPECT_EQ(read_file(o.output), full);
  EXPECT_EQ(resumed->summary.mode(), ScoreMode::kSubset);
  EXPECT_EQ(resumed->summary.rows(), 10u);
}

}  // namespace
}  // namespace gqleval::batch
