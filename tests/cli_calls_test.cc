// gqleval calls as a GraphQLRestBench user runs it: the dataset's JSON Lines
// as they are, the answers in a column or in a predictions file (joined by id
// or by row index), one JSON line per row in input order whatever the
// threads, the paper's totals on stderr and in --summary, dependency graphs
// with --artifacts, and clear refusals (exit 2) for inputs it cannot read.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/batch/batch_test_util.h"
#include "tests/support/cli_runner.h"

namespace gqleval {
namespace {

using batch::testing::lines_of;
using cli_test::CommandRun;

const std::string kBench = std::string(GQLEVAL_SHARED_DIR) + "/datasets/graphqlrestbench/";

// Two functions: GET_me returns the user, GET_tracks__id_ a track whose
// artists are a list.
constexpr const char* kSpecs =
    R"([{\"name\": \"GET_me\", \"parameters\": {\"type\": \"dict\", \"properties\": {}}}, )"
    R"({\"name\": \"GET_tracks__id_\", \"parameters\": {\"type\": \"dict\", \"properties\": )"
    R"({\"id\": {\"type\": \"string\"}, \"market\": {\"type\": \"string\"}}}}])";
constexpr const char* kSchema =
    R"(type Query { GET_me: Me }\ntype Me { id: String display_name: String }\n)"
    R"(type Query { GET_tracks__id_(id: String, market: String): Track }\n)"
    R"(type Track { name: String artists: [Artist] }\ntype Artist { id: String name: String }\n)";

std::string row(const std::string& id, const std::string& output, const std::string& candidate,
                const std::string& domain = "music") {
  std::string line = "{";
  if (!id.empty()) line += "\"id\": \"" + id + "\", ";
  line += "\"domain\": \"" + domain + "\", \"output\": \"" + output + "\", ";
  if (!candidate.empty()) line += "\"prediction\": \"" + candidate + "\", ";
  line += "\"function_specs\": \"" + std::string(kSpecs) + "\", \"GraphQL_schema\": \"" +
          std::string(kSchema) + "\"}\n";
  return line;
}

constexpr const char* kReference = R"(me = GET_me()\nGET_tracks__id_(id=me.id))";

class CliCalls : public cli_test::CliFolderTest {};

TEST_F(CliCalls, ScoresEachRowOfTheInputInOrder) {
  put("rows.jsonl", row("a", kReference, R"(```python\nu = GET_me()\nGET_tracks__id_(u.id)\n```)") +
                        row("b", kReference, R"(GET_tracks__id_(id=\"7\"))") + "{not json\n" +
                        row("d", kReference, R"(Sure! Here it is:\n```\nx = GET_me(\n```)") +
                        row("e", kReference, R"(   )", "video") +
                        row("f", kReference, R"(me = GET_me()\nGET_tracks__id_(id=me.ids))"));
  const CommandRun r = gqleval("calls rows.jsonl -o out.jsonl --group-by domain -j 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> out = lines_of(read("out.jsonl"));
  ASSERT_EQ(out.size(), 6U) << read("out.jsonl");
  // Renamed variable, positional argument, fenced code: a full match.
  EXPECT_EQ(out[0],
            R"({"row":0,"id":"a","verdict":"scored","arg_match_full":1,"arg_calls_matched":2,)"
            R"("arg_calls_total":2,"seq_match_full":1,"seq_match_connected":1,)"
            R"("missing_arguments":[],"extra_arguments":[],"components":{"reference":)"
            R"([["GET_me","GET_tracks__id_"]],"candidate":[["GET_me","GET_tracks__id_"]]},)"
            R"("invalid_paths":[],"errors":[]})");
  // A missing call and a wrong argument value.
  EXPECT_EQ(out[1],
            R"({"row":1,"id":"b","verdict":"scored","arg_match_full":0,"arg_calls_matched":0,)"
            R"("arg_calls_total":2,"seq_match_full":0,"seq_match_connected":0,)"
            R"("missing_arguments":[{"function":"GET_tracks__id_","parameter":"id","value":)"
            R"("GET_me#0.id","line":2,"column":20}],"extra_arguments":[{"function":)"
            R"("GET_tracks__id_","parameter":"id","value":"\"7\"","line":1,"column":20}],)"
            R"("components":{"reference":[["GET_me","GET_tracks__id_"]],"candidate":)"
            R"([["GET_tracks__id_"]]},"invalid_paths":[],"errors":[]})");
  EXPECT_EQ(out[2].substr(0, 17), R"({"row":2,"id":"3:)");
  EXPECT_NE(out[2].find(R"("verdict":"bad_row")"), std::string::npos) << out[2];
  EXPECT_NE(out[2].find(R"("errors":[{"query":"row","rule":"invalid_json")"), std::string::npos)
      << out[2];
  EXPECT_NE(out[3].find(R"("verdict":"unparseable")"), std::string::npos) << out[3];
  EXPECT_NE(out[3].find(R"("arg_calls_total":2)"), std::string::npos) << out[3];
  EXPECT_NE(out[3].find(R"("query":"candidate","rule":"SyntaxError","message":"'(' was never )"
                        R"(closed","line":1,"column":11})"),
            std::string::npos)
      << out[3];
  EXPECT_NE(out[4].find(R"("verdict":"no_code")"), std::string::npos) << out[4];
  // A response read the schema lacks, with the type where it failed.
  EXPECT_NE(out[5].find(R"("invalid_paths":[{"path":"GET_me#0.ids","line":2,"column":23,)"
                        R"("message":"Me has no field \"ids\"; did you mean \"id\"?"}])"),
            std::string::npos)
      << out[5];
  // The paper's table on stderr: Arg Match (functions) over the reference
  // calls of every row read (5 rows x 2 calls; rows a and f match 3), per
  // domain too; the bad row is counted apart.
  EXPECT_NE(r.err.find("Arg Match (functions)  0.300 (3/10)  0.375 (3/8)  0.000 (0/2)\n"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("\nbad rows                          1            0            0\n"),
            std::string::npos)
      << r.err;
}

// A comprehension is named within itself: an answer with an unrelated
// comprehension before the one the reference has matches it, with nothing
// missing or extra.
TEST_F(CliCalls, AnEarlierComprehensionDoesNotRenameTheReferencesOne) {
  put("rows.jsonl",
      row("a", R"(t = GET_tracks__id_(id=\"7\")\nGET_tracks__id_(id=[a.id for a in t.artists][0]))",
          R"(t = GET_tracks__id_(id=\"7\")\nnames = [x.name for x in t.artists]\n)"
          R"(GET_tracks__id_(id=[a.id for a in t.artists][0]))"));
  ASSERT_EQ(gqleval("calls rows.jsonl -o out.jsonl -q").exit_code, 0);
  const std::vector<std::string> out = lines_of(read("out.jsonl"));
  ASSERT_EQ(out.size(), 1U);
  EXPECT_NE(out[0].find(R"("verdict":"scored","arg_match_full":1,"arg_calls_matched":2,)"
                        R"("arg_calls_total":2,"seq_match_full":1,"seq_match_connected":1,)"
                        R"("missing_arguments":[],"extra_arguments":[],)"),
            std::string::npos)
      << out[0];
}

TEST_F(CliCalls, ResultsDoNotDependOnThreadsOrShards) {
  std::string rows;
  for (int i = 0; i < 40; ++i) {
    // std::string("r") +, not "r" +: GCC 12's -Wrestrict misfires on the latter.
    rows += row(std::string("r") + std::to_string(i), kReference,
                i % 3 == 0 ? R"(GET_me())" : R"(m = GET_me()\nGET_tracks__id_(id=m.id))");
  }
  put("rows.jsonl", rows);
  ASSERT_EQ(gqleval("calls rows.jsonl -o one.jsonl -j 1 --shard-records 256 -q").exit_code, 0);
  ASSERT_EQ(gqleval("calls rows.jsonl -o two.jsonl -j 2 --shard-records 1 -q").exit_code, 0);
  EXPECT_EQ(read("one.jsonl"), read("two.jsonl"));
  EXPECT_EQ(lines_of(read("one.jsonl")).size(), 40U);
}

TEST_F(CliCalls, PredictionsJoinByIdWhenBothFilesHaveIds) {
  put("rows.jsonl", row("a", kReference, "") + row("b", kReference, "") + row("c", kReference, ""));
  put("pred.csv",
      "id,generated\n"
      "c,\"GET_me()\"\n"
      "a,\"m = GET_me()\nGET_tracks__id_(id=m.id)\"\n"
      "z,\"GET_me()\"\n");
  const CommandRun r = gqleval("calls rows.jsonl --predictions pred.csv -o out.jsonl -q");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> out = lines_of(read("out.jsonl"));
  ASSERT_EQ(out.size(), 3U);
  EXPECT_NE(out[0].find(R"("id":"a","verdict":"scored","arg_match_full":1)"), std::string::npos)
      << out[0];
  EXPECT_NE(out[1].find(R"("id":"b","verdict":"no_code")"), std::string::npos) << out[1];
  EXPECT_NE(out[1].find(R"("query":"candidate","rule":"no_prediction","message":"pred.csv has no )"
                        R"j(prediction for this row (id 'b')")j"),
            std::string::npos)
      << out[1];
  EXPECT_NE(out[2].find(R"("id":"c","verdict":"scored","arg_match_full":0)"), std::string::npos)
      << out[2];
  EXPECT_NE(r.err.find("WARNING: 1 of the 3 predictions in pred.csv answer no row of the input "
                       "(ids 'z')"),
            std::string::npos)
      << r.err;
}

TEST_F(CliCalls, PredictionsJoinByIndexOtherwise) {
  put("rows.jsonl", row("", kReference, "") + row("", kReference, "") + row("", kReference, ""));
  put("pred.jsonl", "{\"output\": \"GET_me()\"}\n{\"output\": 7}\n");
  const CommandRun r = gqleval("calls rows.jsonl --predictions pred.jsonl -o out.jsonl -q");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> out = lines_of(read("out.jsonl"));
  ASSERT_EQ(out.size(), 3U);
  EXPECT_NE(out[0].find(R"("verdict":"scored","arg_match_full":0,"arg_calls_matched":1)"),
            std::string::npos)
      << out[0];
  // A number is an answer too (its JSON text), just not a call.
  EXPECT_NE(out[1].find(R"("verdict":"scored","arg_match_full":0,"arg_calls_matched":0)"),
            std::string::npos)
      << out[1];
  EXPECT_NE(out[2].find(R"("verdict":"no_code")"), std::string::npos) << out[2];
  EXPECT_NE(r.err.find("WARNING: the predictions pred.jsonl have 2 records and the input 3 rows; "
                       "they were joined by row index (neither file has an id column both have), "
                       "so the rows from 2 on have no prediction (no_code)"),
            std::string::npos)
      << r.err;
  // --candidate-col names the predictions' column, which the input need not
  // have.
  const std::string first = read("out.jsonl");
  const CommandRun named =
      gqleval("calls rows.jsonl --predictions pred.jsonl --candidate-col output -o out.jsonl -q");
  ASSERT_EQ(named.exit_code, 0) << named.err;
  EXPECT_EQ(read("out.jsonl"), first);
}

TEST_F(CliCalls, BadFunctionSpecsMakeABadRow) {
  std::string broken = row("a", kReference, "GET_me()");
  broken.replace(broken.find("\"function_specs\": \"[") + 19, 1, "{");
  put("rows.jsonl", broken + row("b", kReference, "GET_me()"));
  const CommandRun r = gqleval("calls rows.jsonl -o out.jsonl -q");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> out = lines_of(read("out.jsonl"));
  ASSERT_EQ(out.size(), 2U);
  EXPECT_NE(out[0].find(R"("verdict":"bad_row")"), std::string::npos) << out[0];
  EXPECT_NE(
      out[0].find(R"("query":"row","rule":"invalid_function_specs","message":"function_specs: )"),
      std::string::npos)
      << out[0];
  EXPECT_NE(out[1].find(R"("verdict":"scored")"), std::string::npos) << out[1];
}

TEST_F(CliCalls, SummaryAndArtifacts) {
  put("rows.jsonl", row("a", kReference, R"(m = GET_me()\nGET_tracks__id_(id=m.id))"));
  const CommandRun r =
      gqleval("calls rows.jsonl -o out.jsonl --summary s.json --artifacts graphs -q");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string summary = read("s.json");
  EXPECT_EQ(
      summary.rfind(
          R"({"results_version":6,"rows":1,"scored":1,"unparseable":0,"no_code":0,"bad_rows":0,)"
          R"("arg_match_full":1,"arg_match_functions":1,"arg_calls_matched":2,)",
          0),
      0U)
      << summary;
  EXPECT_NE(summary.find(R"("interrupted":false,"warnings":[],"provenance":{)"), std::string::npos)
      << summary;
  EXPECT_NE(summary.find(R"("command":"calls","arguments":["rows.jsonl","-o","out.jsonl",)"),
            std::string::npos)
      << summary;
  EXPECT_EQ(read("graphs/row-00000000.reference.dot"),
            "digraph \"row-00000000 reference\" {\n"
            "  c0 [label=\"GET_me#0\"];\n"
            "  c1 [label=\"GET_tracks__id_#0\"];\n"
            "  c0 -> c1;\n"
            "}\n");
  EXPECT_EQ(read("graphs/row-00000000.candidate.dot"),
            "digraph \"row-00000000 candidate\" {\n"
            "  c0 [label=\"GET_me#0\"];\n"
            "  c1 [label=\"GET_tracks__id_#0\"];\n"
            "  c0 -> c1;\n"
            "}\n");
}

TEST_F(CliCalls, RefusesWhatItCannotRead) {
  put("rows.jsonl", row("a", kReference, ""));
  CommandRun r = gqleval("calls rows.jsonl");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "gqleval calls: rows.jsonl: no candidate column: looked for candidate, prediction, "
            "generated, completion, response, model_output (ignoring case); the input has the "
            "columns: id, domain, output, function_specs, GraphQL_schema; name one with "
            "--candidate-col, or give the answers in a file of their own with --predictions "
            "FILE\n");
  r = gqleval("calls rows.jsonl --predictions missing.jsonl");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("missing.jsonl"), std::string::npos) << r.err;
  put("dup.csv", "id,prediction\na,x\na,y\n");
  r = gqleval("calls rows.jsonl --predictions dup.csv");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "gqleval calls: dup.csv: the id 'a' is on two records (data records 0 and 1); a "
            "prediction must answer one row\n");
  put("cand.jsonl", row("a", kReference, "GET_me()"));
  r = gqleval("calls cand.jsonl --group-by domain --group-by id");
  EXPECT_EQ(r.exit_code, 2);
  r = gqleval("calls cand.jsonl --reference-col nope");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("the column 'nope' named by --reference-col is not in the input"),
            std::string::npos)
      << r.err;
}

// The benchmark's test split with the ground truth as every answer, wrapped in
// prose and a fence as a chat model writes it: every metric 1.0 and the
// paper's denominators (77 calls: 31 Spotify, 46 TMDB).
TEST_F(CliCalls, GroundTruthAnswersScoreOneOnTheTestSplit) {
  if (!std::filesystem::exists(kBench + "test.jsonl")) {
    GTEST_SKIP() << "GraphQLRestBench not found at " << kBench;
  }
  put("answers.py",
      "import json, sys\n"
      "for line in open(sys.argv[1]):\n"
      "    row = json.loads(line)\n"
      "    text = 'Here you go:\\n```python\\n' + row['output'] + '\\n```\\n'\n"
      "    print(json.dumps({'completion': text}))\n");
  const std::string made =
      "cd '" + dir_ + "' && python3 answers.py '" + kBench + "test.jsonl' > pred.jsonl";
  ASSERT_EQ(std::system(made.c_str()), 0) << made;
  const CommandRun r = gqleval("calls " + kBench +
                               "test.jsonl --predictions pred.jsonl --group-by domain "
                               "-o out.jsonl --summary s.json -q");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(lines_of(read("out.jsonl")).size(), 32U);
  const std::string s = read("s.json");
  EXPECT_EQ(
      s.rfind(
          R"({"results_version":6,"rows":32,"scored":32,"unparseable":0,"no_code":0,"bad_rows":0,"arg_match_full":1,)"
          R"("arg_match_functions":1,"arg_calls_matched":77,"arg_calls_total":77,)"
          R"("seq_match_full":1,"seq_match_connected":1,"invalid_paths":1,"groups":{"spotify":)"
          R"({"rows":12,)",
          0),
      0U)
      << s;
  EXPECT_NE(s.find(R"("arg_calls_matched":31,"arg_calls_total":31)"), std::string::npos) << s;
  EXPECT_NE(s.find(R"("arg_calls_matched":46,"arg_calls_total":46)"), std::string::npos) << s;
}

}  // namespace
}  // namespace gqleval
