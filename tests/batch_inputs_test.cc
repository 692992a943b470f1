// `gqleval score` and `validate --input` on inputs as evaluation pipelines
// hand them over: an lm-evaluation-harness sample log (nested members read by
// paths), the same log gzip- and zstd-compressed and on standard input, TSV
// beside the equivalent CSV, and the results format taken from --out.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "engine/batch/batch_test_util.h"
#include "tests/support/cli_runner.h"

namespace gqleval::batch {
namespace {

using cli_test::CommandRun;
using cli_test::run_gqleval;
using testing::lines_of;
using testing::ResultLine;
using testing::ScratchDir;

constexpr std::string_view kSchema =
    "type Query { user(id: Int!): User users: [User] } "
    "type User { id: Int! name: String email: String }";

// One sample-log line: the reference in "target" and doc.query, the schema
// in doc.schema, the model's answer (fenced, as models write it) in resps and
// filtered_resps, and bare in doc.answer.
std::string harness_line(int id, std::string_view reference, std::string_view answer) {
  const std::string fenced = "```graphql\\n" + std::string(answer) + "\\n```";
  return R"({"doc_id": )" + std::to_string(id) + R"(, "doc": {"schema": ")" + std::string(kSchema) +
         R"(", "query": ")" + std::string(reference) + R"(", "answer": ")" + std::string(answer) +
         R"(", "nl": "Who is user 1?"}, "target": ")" + std::string(reference) +
         R"(", "arguments": [["prompt", {"until": ["\n\n"]}]],)" + R"( "resps": [[")" + fenced +
         R"("]], "filtered_resps": [")" + fenced + R"("], "pass": 1})" + "\n";
}

std::string harness_log() {
  return harness_line(0, "{ user(id: 1) { name email } }", "{ user(id: 1) { email name } }") +
         harness_line(1, "{ user(id: 1) { name } }", "{ users { name } }") +
         harness_line(2, "{ users { id } }", "{ users { id age } }") +
         harness_line(3, "{ users { name } }", "{ users { name email } }");
}

constexpr const char* kPaths =
    " --schema-col doc.schema --reference-col target --candidate-col 'filtered_resps[0]' --quiet";

int shell(const std::string& command) {
  const int raw = std::system(command.c_str());
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}

std::vector<std::string> verdicts(const std::string& jsonl) {
  std::vector<std::string> out;
  for (const std::string& line : lines_of(jsonl)) out.push_back(ResultLine(line).get("verdict"));
  return out;
}

class BatchInputs : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = dir.path().string() + "/";
    testing::write_file(dir.file("log.jsonl"), harness_log());
  }
  CommandRun gqleval(const std::string& args) const { return run_gqleval(dir_, args); }

  ScratchDir dir;
  std::string dir_;
};

TEST_F(BatchInputs, HarnessLogIsScoredThroughPaths) {
  CommandRun r = gqleval("score log.jsonl" + std::string(kPaths));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(verdicts(r.out),
            (std::vector<std::string>{"equivalent", "mismatch", "invalid_candidate", "overfetch"}));
  // The reference read through doc.query gives the same results.
  CommandRun by_doc = gqleval(
      "score log.jsonl --schema-col doc.schema --reference-col doc.query --candidate-col "
      "'resps[0][0]' --quiet");
  ASSERT_EQ(by_doc.exit_code, 0) << by_doc.err;
  EXPECT_EQ(by_doc.out, r.out);
}

TEST_F(BatchInputs, CompressedAndStandardInputGiveIdenticalResults) {
  CommandRun plain = gqleval("score log.jsonl" + std::string(kPaths));
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  ASSERT_EQ(shell("cd '" + dir_ + "' && gzip -c log.jsonl > log.jsonl.gz && zstd -q -c " +
                  "log.jsonl > log.jsonl.zst && cat log.jsonl.gz log.jsonl.gz > twice.gz"),
            0);
  for (const char* input : {"log.jsonl.gz", "log.jsonl.zst", "- < log.jsonl", "- < log.jsonl.gz",
                            "- < log.jsonl.zst"}) {
    CommandRun r = gqleval(std::string("score ") + input + kPaths);
    EXPECT_EQ(r.exit_code, 0) << input << ": " << r.err;
    EXPECT_EQ(r.out, plain.out) << input;
  }
  // A pipe, written to --out -; and a file of two gzip members (cat a.gz b.gz).
  const std::string piped = dir.file("piped.jsonl");
  ASSERT_EQ(shell("cd '" + dir_ + "' && zstd -q -c log.jsonl | '" + GQLEVAL_BINARY +
                  "' score - --out - " + kPaths + " > '" + piped + "'"),
            0);
  EXPECT_EQ(testing::read_file(piped), plain.out);
  CommandRun twice = gqleval("score twice.gz --format jsonl" + std::string(kPaths));
  ASSERT_EQ(twice.exit_code, 0) << twice.err;
  const std::vector<std::string> once = verdicts(plain.out);
  std::vector<std::string> both = once;
  both.insert(both.end(), once.begin(), once.end());
  EXPECT_EQ(verdicts(twice.out), both);
}

TEST_F(BatchInputs, CorruptCompressedInputIsAnErrorNamingTheFile) {
  ASSERT_EQ(shell("cd '" + dir_ + "' && gzip -c log.jsonl | head -c 200 > cut.jsonl.gz"), 0);
  CommandRun r = gqleval("score cut.jsonl.gz" + std::string(kPaths));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "gqleval score: cannot read 'cut.jsonl.gz': the gzip data is truncated (it ends "
            "inside a member)\n");
  EXPECT_EQ(r.out, "");
}

TEST_F(BatchInputs, TsvScoresAsTheEquivalentCsv) {
  const std::string schema(kSchema);
  const std::vector<std::vector<std::string>> rows = {
      {"1", "{ user(id: 1) { name email } }", "{ user(id: 1) { email name } }"},
      {"2", "{ users { name } }", "Sure, here it is:\n```graphql\n{ users { name, email } }\n```"},
      {"3", "{ users { id } }", "{ users { \"id\" } }"}};
  std::string csv = "id,schema,reference,candidate\n";
  std::string tsv = "id\tschema\treference\tcandidate\n";
  for (const auto& row : rows) {
    csv += row[0] + "," + testing::csv_quote(schema) + "," + testing::csv_quote(row[1]) + "," +
           testing::csv_quote(row[2]) + "\n";
    tsv += row[0] + "\t" + schema + "\t" + row[1] + "\t" + testing::csv_quote(row[2]) + "\n";
  }
  testing::write_file(dir.file("rows.csv"), csv);
  testing::write_file(dir.file("rows.tsv"), tsv);
  testing::write_file(dir.file("rows.txt"), tsv);
  CommandRun from_csv = gqleval("score rows.csv --quiet");
  ASSERT_EQ(from_csv.exit_code, 0) << from_csv.err;
  EXPECT_EQ(verdicts(from_csv.out),
            (std::vector<std::string>{"equivalent", "overfetch", "invalid_candidate"}));
  for (const char* input :
       {"rows.tsv", "rows.txt", "rows.txt --format tsv", "- --format tsv < rows.tsv"}) {
    CommandRun r = gqleval(std::string("score ") + input + " --quiet");
    ASSERT_EQ(r.exit_code, 0) << input << ": " << r.err;
    EXPECT_EQ(r.out, from_csv.out) << input;
  }
  // In CSV a dotted name is only a name.
  CommandRun dotted = gqleval("score rows.csv --schema-col schema.x --quiet");
  EXPECT_EQ(dotted.exit_code, 2);
  EXPECT_NE(dotted.err.find("the input has the columns: id, schema, reference, candidate"),
            std::string::npos)
      << dotted.err;
}

TEST_F(BatchInputs, ResultsFormatFollowsTheOutExtension) {
  ASSERT_EQ(gqleval("score log.jsonl --out r.csv" + std::string(kPaths)).exit_code, 0);
  ASSERT_EQ(gqleval("score log.jsonl --out r.ndjson" + std::string(kPaths)).exit_code, 0);
  ASSERT_EQ(
      gqleval("score log.jsonl --out r2.csv --out-format jsonl" + std::string(kPaths)).exit_code,
      0);
  EXPECT_EQ(testing::read_file(dir.file("r.csv")).rfind("row,id,reference_hash,verdict,", 0), 0u);
  EXPECT_EQ(testing::read_file(dir.file("r.ndjson")).rfind("{\"row\":0,", 0), 0u);
  EXPECT_EQ(testing::read_file(dir.file("r2.csv")).rfind("{\"row\":0,", 0), 0u);
}

TEST_F(BatchInputs, ValidateReadsItsInputAsScoreDoes) {
  ASSERT_EQ(shell("cd '" + dir_ + "' && gzip -c log.jsonl > log.gz"), 0);
  const std::string cols = " --schema-col doc.schema --query-col doc.answer";
  CommandRun plain = gqleval("validate --input log.jsonl" + cols);
  EXPECT_EQ(plain.exit_code, 1) << plain.err;  // row 2 asks for a field User lacks
  ASSERT_EQ(lines_of(plain.out).size(), 4u);
  EXPECT_EQ(ResultLine(lines_of(plain.out)[2]).get("valid"), "false");
  EXPECT_EQ(ResultLine(lines_of(plain.out)[0]).get("valid"), "true");
  for (const char* input : {"log.gz --format jsonl", "- < log.jsonl"}) {
    CommandRun r = gqleval(std::string("validate --input ") + input + cols);
    EXPECT_EQ(r.exit_code, 1) << input << ": " << r.err;
    EXPECT_EQ(r.out, plain.out) << input;
  }
  // The same messages as score for a column that is not there.
  CommandRun missing = gqleval(
      "validate --input log.jsonl --schema-col doc.schema --query-col "
      "answer --id-col doc_id");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err,
            "gqleval validate: log.jsonl: the column 'answer' named by --query-col is not in the "
            "input (or is already used for another role); the input has the columns: doc_id, doc, "
            "target, arguments, resps, filtered_resps, pass\n");
}

}  // namespace
}  // namespace gqleval::batch
