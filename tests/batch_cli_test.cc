// `gqleval score` as a user runs it: exit codes, the messages of a run that
// cannot start, one result per row on the shipped datasets, the summary file,
// and the hidden --shard-records flag against --threads.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "engine/batch/batch_test_util.h"

namespace gqleval::batch {
namespace {

using testing::lines_of;
using testing::read_file;
using testing::ResultLine;
using testing::ScratchDir;

const std::string kShared = GQLEVAL_SHARED_DIR;
const std::string kNl2gql = kShared + "/datasets/nl2gql/nl2gql_test.csv";
const std::string kRgeval = kShared + "/datasets/rgeval-granite/granite20b_zeroshot_rgeval.csv";

struct CliRun {
  int status = -1;
  std::string out;
  std::string err;
};

CliRun gqleval(const std::string& args, const ScratchDir& dir) {
  const std::string out = dir.file("stdout.txt");
  const std::string err = dir.file("stderr.txt");
  const std::string command = std::string(GQLEVAL_BINARY) + " " + args + " >" + out + " 2>" + err;
  const int raw = std::system(command.c_str());
  CliRun r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = read_file(out);
  r.err = read_file(err);
  return r;
}

TEST(BatchCli, UsageErrorsExitTwo) {
  ScratchDir dir;
  CliRun none = gqleval("score", dir);
  EXPECT_EQ(none.status, 2);
  EXPECT_EQ(none.err, "gqleval score: no input file given (see 'gqleval score --help')\n");
  CliRun bad = gqleval("score x.csv --out-format xml", dir);
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.err,
            "gqleval score: --out-format must be jsonl or csv, not 'xml' (see 'gqleval score "
            "--help')\n");
  CliRun rules = gqleval("score x.csv --rule-set cycles,loops", dir);
  EXPECT_EQ(rules.status, 2);
  EXPECT_NE(rules.err.find("unknown rule 'loops'"), std::string::npos);
  CliRun missing = gqleval("score " + dir.file("absent.csv"), dir);
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("absent.csv"), std::string::npos);
  CliRun help = gqleval("score --help", dir);
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("Usage: gqleval score INPUT"), std::string::npos);
  EXPECT_EQ(help.out.find("shard-records"), std::string::npos);  // hidden
}

// An output that is the input would truncate the data being read (and fault
// the mapping): refused before anything is opened for writing, also through a
// link, and the input is left as it was.
TEST(BatchCli, AnOutputThatIsTheInputIsRefused) {
  ScratchDir dir;
  const std::string input = dir.file("rows.csv");
  const std::string rows = "reference,candidate\n{ a },{ a }\n";
  testing::write_file(input, rows);
  testing::write_file(dir.file("s.graphql"), "type Query { a: Int }");
  std::filesystem::create_symlink(input, dir.file("link.csv"));
  const std::string schema = " --schema " + dir.file("s.graphql");
  for (const std::string& out : {input, dir.file("link.csv")}) {
    CliRun r = gqleval("score " + input + schema + " --out " + out, dir);
    EXPECT_EQ(r.status, 2) << out;
    EXPECT_EQ(r.err, "gqleval score: the output " + out +
                         " is the input file: write the results elsewhere\n");
    r = gqleval("score " + input + schema + " --summary " + out, dir);
    EXPECT_EQ(r.status, 2) << out;
    r = gqleval("validate --input " + input + schema + " --query-col candidate --out " + out, dir);
    EXPECT_EQ(r.status, 2) << out;
    EXPECT_EQ(r.err, "gqleval validate: the output " + out +
                         " is the input file: write the results elsewhere\n");
  }
  EXPECT_EQ(read_file(input), rows);
  // Nor may the summary overwrite the results.
  CliRun r = gqleval("score " + input + schema + " --out " + dir.file("r.jsonl") + " --summary " +
                         dir.file("r.jsonl"),
                     dir);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gqleval score: the summary " + dir.file("r.jsonl") + " is the results file\n");
  // Also when the two are spelled differently and neither exists yet.
  const std::string respelled = dir.file("sub/../r2.jsonl");
  std::filesystem::create_directory(dir.file("sub"));
  r = gqleval(
      "score " + input + schema + " --out " + dir.file("r2.jsonl") + " --summary " + respelled,
      dir);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gqleval score: the summary " + respelled + " is the results file\n");
  EXPECT_FALSE(std::filesystem::exists(dir.file("r2.jsonl")));
}

// --mode: its values, what a subset run refuses (exit 2, nothing written), and
// a subset run's rows, table and exit status.
TEST(BatchCli, ModeSubset) {
  ScratchDir dir;
  const std::string input = dir.file("rows.csv");
  testing::write_file(input, "reference,candidate\n{ a },{ a b }\n{ a b },\"Here: { a }\"\n");
  testing::write_file(dir.file("s.graphql"), "type Query { a: Int b: Int }");
  const std::string run = "score " + input + " --schema " + dir.file("s.graphql") + " --out " +
                          dir.file("r.jsonl") + " ";
  CliRun bad = gqleval(run + "--mode superset", dir);
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(
      bad.err,
      "gqleval score: --mode must be equivalence, subset or coverage, not 'superset' (see 'gqleval "
      "score --help')\n");
  CliRun rules = gqleval(run + "--mode subset --rule-set cycles", dir);
  EXPECT_EQ(rules.status, 2);
  EXPECT_EQ(rules.err,
            "gqleval score: --rule-set is not available with --mode subset (it applies no "
            "rewrite rule) (see 'gqleval score --help')\n");
  CliRun delta = gqleval(run + "--mode subset --delta 2", dir);
  EXPECT_EQ(delta.status, 2);
  EXPECT_EQ(delta.err,
            "gqleval score: --delta (an over-fetch budget) is not available with --mode subset\n");
  CliRun gate = gqleval(run + "--mode subset --fail-under mean_f1=0.5", dir);
  EXPECT_EQ(gate.status, 2);
  EXPECT_EQ(gate.err,
            "gqleval score: --fail-under: mean_f1 is not a figure of --mode subset runs; theirs "
            "is mean_score\n");
  EXPECT_FALSE(std::filesystem::exists(dir.file("r.jsonl")));

  CliRun ok = gqleval(run + "--mode subset --no-rules --fail-under mean_score=0.9", dir);
  EXPECT_EQ(ok.status, 1) << ok.err;  // scores 1 and 2/3 (b of query, a, b is missing)
  auto lines = lines_of(read_file(dir.file("r.jsonl")));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(ResultLine(lines[0]).get("verdict"), "subset");
  EXPECT_EQ(ResultLine(lines[1]).get("verdict"), "missing");
  EXPECT_EQ(ResultLine(lines[1]).get("score"), "0.6666666666666667");
  EXPECT_NE(ok.err.find("\nmode: subset, schemas 1\n"), std::string::npos) << ok.err;
  EXPECT_NE(ok.err.find("\nsubset                       1    50.0%\n"
                        "missing                      1    50.0%\n"
                        "pass                         1    50.0%\n"
                        "mean score 0.833\n"),
            std::string::npos)
      << ok.err;
  EXPECT_NE(ok.err.find("gqleval score: mean_score 0.833333 is under 0.9 (--fail-under)"),
            std::string::npos)
      << ok.err;
}

// --variables-by-name: a swap of two unbound variables is a renaming by
// default and a mismatch by name, in both modes; the summary says which.
TEST(BatchCli, VariablesByName) {
  ScratchDir dir;
  const std::string input = dir.file("rows.jsonl");
  const std::string head = "query($orderId: ID!, $userId: ID!) ";
  testing::write_file(
      input, "{\"reference\": \"" + head +
                 "{ order(id: $orderId) { id } user(id: $userId) { name } }\", \"candidate\": \"" +
                 head + "{ order(id: $userId) { id } user(id: $orderId) { name } }\"}\n");
  testing::write_file(dir.file("s.graphql"),
                      "type Query { order(id: ID!): Order user(id: ID!): User }\n"
                      "type Order { id: ID } type User { name: String }\n");
  const std::string run = "score " + input + " --schema " + dir.file("s.graphql") +
                          " --no-extract --out " + dir.file("r.jsonl") + " --summary " +
                          dir.file("s.json") + " ";
  const auto verdict = [&] {
    auto lines = lines_of(read_file(dir.file("r.jsonl")));
    return lines.size() == 1 ? ResultLine(lines[0]).get("verdict") : "";
  };
  CliRun positional = gqleval(run, dir);
  EXPECT_EQ(positional.status, 0) << positional.err;
  EXPECT_EQ(verdict(), "equivalent");
  EXPECT_NE(read_file(dir.file("s.json")).find(",\"variables_by_name\":false,"), std::string::npos);
  EXPECT_NE(positional.err.find("\nrules: cycles,endpoints, delta 0, schemas 1\n"),
            std::string::npos)
      << positional.err;

  CliRun by_name = gqleval(run + "--variables-by-name", dir);
  EXPECT_EQ(by_name.status, 0) << by_name.err;  // no gate: a verdict is no failure
  EXPECT_EQ(verdict(), "mismatch");
  const std::string line = read_file(dir.file("r.jsonl"));
  EXPECT_NE(line.find("\"text\":\"order: id $orderId -> $userId\""), std::string::npos) << line;
  EXPECT_NE(line.find("\"text\":\"user: id $userId -> $orderId\""), std::string::npos) << line;
  EXPECT_NE(read_file(dir.file("s.json")).find(",\"variables_by_name\":true,"), std::string::npos);
  EXPECT_NE(by_name.err.find("\nrules: cycles,endpoints, delta 0, variables by name, schemas 1\n"),
            std::string::npos)
      << by_name.err;

  CliRun subset = gqleval(run + "--mode subset", dir);
  EXPECT_EQ(subset.status, 0) << subset.err;
  EXPECT_EQ(verdict(), "subset");
  CliRun subset_by_name = gqleval(run + "--mode subset --variables-by-name", dir);
  EXPECT_EQ(subset_by_name.status, 0) << subset_by_name.err;
  EXPECT_EQ(verdict(), "missing");
  EXPECT_NE(subset_by_name.err.find("\nmode: subset, variables by name, schemas 1\n"),
            std::string::npos)
      << subset_by_name.err;
}

TEST(BatchCli, Nl2gqlNeedsACandidateColumn) {
  if (!std::filesystem::exists(kNl2gql)) GTEST_SKIP() << "NL2GQL dataset not found at " << kNl2gql;
  ScratchDir dir;
  CliRun r = gqleval("score " + kNl2gql + " --out " + dir.file("r.jsonl"), dir);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gqleval score: " + kNl2gql +
                       ": no candidate column: looked for candidate, query2, generated, "
                       "prediction, Generated_GraphQL, Query2 Content (ignoring case); the input "
                       "has the columns: id, database, nl, schema, gt_query, gt_query_2, "
                       "fragments, aliases, hops, filter, filter_types, multi_endpoint, "
                       "paraphrase; name one with --candidate-col\n");
  EXPECT_FALSE(std::filesystem::exists(dir.file("r.jsonl")));
}

TEST(BatchCli, Nl2gqlAlternativeAnswersEndToEnd) {
  if (!std::filesystem::exists(kNl2gql)) GTEST_SKIP() << "NL2GQL dataset not found at " << kNl2gql;
  ScratchDir dir;
  CliRun r = gqleval("score " + kNl2gql + " --candidate-col gt_query_2 --group-by hops --out " +
                         dir.file("r.jsonl") + " --summary " + dir.file("s.json"),
                     dir);
  ASSERT_EQ(r.status, 0) << r.err;
  auto lines = lines_of(read_file(dir.file("r.jsonl")));
  ASSERT_EQ(lines.size(), 1164u);
  ResultLine first(lines[0]);
  EXPECT_EQ(first.get("row"), "0");
  EXPECT_EQ(first.get("id"), "1");
  EXPECT_EQ(ResultLine(lines[1163]).get("id"), "1164");
  // 88 rows have an alternative answer, 3 of which are the note "New NL"
  // (ids 625-627) rather than a query; the other rows have no candidate. All
  // of these are no_query unless their reference is invalid (that verdict wins).
  size_t empty_candidates = 0;
  for (const auto& l : lines) {
    ResultLine r(l);
    for (size_t i = 0; i < r.error_count(); ++i) {
      empty_candidates += r.error(i, "query") == "candidate" && r.error(i, "rule") == "Extraction";
    }
  }
  EXPECT_EQ(empty_candidates, 1164u - 88u + 3u);
  const std::string summary = read_file(dir.file("s.json"));
  EXPECT_NE(summary.find("\"rows\":1164,"), std::string::npos);
  EXPECT_NE(summary.find("\"groups\":{\"hops\":[{\"value\":\"One\","), std::string::npos)
      << summary;
  EXPECT_NE(r.err.find("gqleval score: 1164 rows in "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("\nno_query                  1074    92.3%\n"), std::string::npos) << r.err;
}

TEST(BatchCli, RgevalEndToEndAndLayoutFlags) {
  if (!std::filesystem::exists(kRgeval)) GTEST_SKIP() << "RGEval dataset not found at " << kRgeval;
  ScratchDir dir;
  CliRun one =
      gqleval("score " + kRgeval + " --quiet --threads 1 --out " + dir.file("a.jsonl"), dir);
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(one.err, "");  // --quiet
  CliRun two = gqleval(
      "score " + kRgeval + " --quiet --threads 2 --shard-records 3 --out " + dir.file("b.jsonl"),
      dir);
  ASSERT_EQ(two.status, 0) << two.err;
  const std::string a = read_file(dir.file("a.jsonl"));
  EXPECT_EQ(lines_of(a).size(), 376u);
  EXPECT_TRUE(a == read_file(dir.file("b.jsonl")));

  // Results on stdout by default; CSV on request.
  CliRun csv = gqleval("score " + kRgeval + " --quiet --out-format csv", dir);
  ASSERT_EQ(csv.status, 0) << csv.err;
  EXPECT_EQ(csv.out.substr(0, csv.out.find('\n')),
            "row,id,reference_hash,verdict,pass,compared,missing,extra,precision,recall,f1,matched_"
            "reference,"
            "missing_paths,extra_paths,argument_differences,rules_fired,operations,invalid_"
            "operations,errors");
}

}  // namespace
}  // namespace gqleval::batch
