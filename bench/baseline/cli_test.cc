// The gqleval-baseline program end to end, on a 3-row CSV with a schema file
// named per row (relative to the input): a golden results file.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "bench/baseline/test_util.h"

namespace gqleval::baseline {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(BaselineCli, ThreeRowGolden) {
  const fs::path dir =
      fs::temp_directory_path() / ("gqleval_baseline_cli_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "schema.graphql") << testing::kSchema;
  std::ofstream(dir / "rows.csv")
      << "id,schema_path,reference,candidate\n"
         "1,schema.graphql,{ user(id: 2) { name age } },\"Here you go:\n"
         "```graphql\n{ user(id: 2) { age name } }\n```\"\n"
         "2,schema.graphql,{ user(id: 2) { name } },{ person: user(id: 2) { name } }\n"
         "3,schema.graphql,{ user(id: 2) { name } },{ user(id: 2) { nickname } }\n";
  const std::string command =
      std::string(GQLEVAL_BASELINE_BIN) + " score " + (dir / "rows.csv").string() + " --quiet";
  ASSERT_EQ(std::system((command + " --out " + (dir / "out.jsonl").string()).c_str()), 0)
      << command;
  EXPECT_EQ(
      read_file(dir / "out.jsonl"),
      R"({"row":0,"id":"1","verdict":"equivalent","pass":true,"matched_reference":0,)"
      R"("reference_bytes":47,"candidate_bytes":47,"reference_leaves":2,"candidate_leaves":2,)"
      R"("errors":[]})"
      "\n"
      R"({"row":1,"id":"2","verdict":"mismatch","pass":false,"matched_reference":null,)"
      R"("reference_bytes":36,"candidate_bytes":38,"reference_leaves":1,"candidate_leaves":1,)"
      R"("errors":[]})"
      "\n"
      R"({"row":2,"id":"3","verdict":"invalid_candidate","pass":false,)"
      R"("matched_reference":null,"reference_bytes":null,"candidate_bytes":null,)"
      R"("reference_leaves":null,"candidate_leaves":null,"errors":[{"query":"candidate",)"
      R"("rule":"FieldsOnCorrectType","message":"Cannot query field \"nickname\" on type )"
      R"(\"User\". Did you mean \"name\"?","line":1,"column":17}]})"
      "\n");
  // The same rows with two threads: the same file.
  ASSERT_EQ(std::system(
                (command + " --threads 2 --shard-records 1 --out " + (dir / "out2.jsonl").string())
                    .c_str()),
            0);
  EXPECT_EQ(read_file(dir / "out2.jsonl"), read_file(dir / "out.jsonl"));
  fs::remove_all(dir);
}

// JSON Lines: a variables member, a malformed line (bad_row) and a schema that
// does not build (invalid_schema), with gqleval score's keys for those rows.
TEST(BaselineCli, JsonlVariablesBadRowAndBadSchema) {
  const fs::path dir =
      fs::temp_directory_path() / ("gqleval_baseline_jsonl_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string schema_json;
  for (char c : testing::kSchema) {
    if (c == '\n') {
      schema_json += "\\n";
    } else {
      schema_json += c;
    }
  }
  std::ofstream(dir / "rows.jsonl")
      << R"({"id": "a", "schema": ")" << schema_json
      << R"(", "reference": "{ user(id: 3) { name } }", )"
         R"("candidate": "query($u: ID!) { user(id: $u) { name } }", "variables": {"u": "3"}})"
         "\n"
         R"({"id": "b", "schema": broken)"
         "\n"
         R"({"id": "c", "schema": "type Query { x: Nope }", )"
         R"("reference": "{ x }", "candidate": "{ x }"})"
         "\n";
  const std::string command = std::string(GQLEVAL_BASELINE_BIN) + " score " +
                              (dir / "rows.jsonl").string() + " --quiet --out " +
                              (dir / "out.jsonl").string();
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  EXPECT_EQ(
      read_file(dir / "out.jsonl"),
      R"({"row":0,"id":"a","verdict":"equivalent","pass":true,"matched_reference":0,)"
      R"("reference_bytes":36,"candidate_bytes":36,"reference_leaves":1,"candidate_leaves":1,)"
      R"("errors":[]})"
      "\n"
      R"({"row":1,"id":"","verdict":"bad_row","pass":false,)"
      R"("matched_reference":null,"reference_bytes":null,"candidate_bytes":null,)"
      R"("reference_leaves":null,"candidate_leaves":null,"errors":[{"query":"row",)"
      R"("rule":"invalid_json","message":"invalid JSON: The JSON document has an improper )"
      R"(structure: missing or superfluous commas, braces, missing keys, etc.",)"
      R"("line":2,"column":null}]})"
      "\n"
      R"({"row":2,"id":"c","verdict":"invalid_schema","pass":false,"matched_reference":null,)"
      R"("reference_bytes":null,"candidate_bytes":null,"reference_leaves":null,)"
      R"("candidate_leaves":null,"errors":[{"query":"schema","rule":"KnownTypeNames",)"
      R"("message":"Unknown type \"Nope\".","line":1,"column":17}]})"
      "\n");
  fs::remove_all(dir);
}

TEST(BaselineCli, UsageErrors) {
  const std::string bin = GQLEVAL_BASELINE_BIN;
  EXPECT_EQ(WEXITSTATUS(std::system((bin + " score 2>/dev/null").c_str())), 2);
  EXPECT_EQ(WEXITSTATUS(std::system((bin + " score x.csv --objects z 2>/dev/null").c_str())), 2);
  EXPECT_EQ(WEXITSTATUS(std::system((bin + " score /nonexistent.csv 2>/dev/null").c_str())), 2);
  // An output that is the input is refused before it is truncated.
  const fs::path input =
      fs::temp_directory_path() / ("gqleval_baseline_same_" + std::to_string(::getpid()) + ".csv");
  std::ofstream(input) << "schema,reference,candidate\n\"type Query { a: Int }\",{ a },{ a }\n";
  const std::string before = read_file(input);
  EXPECT_EQ(WEXITSTATUS(std::system(
                (bin + " score " + input.string() + " --out " + input.string() + " 2>/dev/null")
                    .c_str())),
            2);
  EXPECT_EQ(read_file(input), before);
  fs::remove(input);
}

}  // namespace
}  // namespace gqleval::baseline
