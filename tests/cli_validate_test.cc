// `gqleval validate` as a user runs it: query files and row files, the exact
// output lines, and the exit codes (0 valid, 1 invalid, 2 usage or I/O error).
#include <gtest/gtest.h>

#include <string>

#include "tests/support/cli_runner.h"

namespace {

using gqleval::cli_test::CommandRun;
using gqleval::cli_test::slurp;

class CliValidate : public gqleval::cli_test::CliFolderTest {
 protected:
  void SetUp() override {
    CliFolderTest::SetUp();
    put("s.graphql",
        "type Query { user(id: Int!): User }\n"
        "type User { id: Int! name: String born: Date }\n");
  }
  CommandRun validate(const std::string& args) const { return gqleval("validate " + args); }
};

TEST_F(CliValidate, ValidQueryExitsZeroAndPrintsNothing) {
  put("q.graphql", "{ user(id: 1) { name } }");
  CommandRun r = validate("--quiet --schema s.graphql q.graphql");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "");
}

TEST_F(CliValidate, PrintsEachErrorWithFileLineColumnAndRule) {
  put("q.graphql", "{\n  user(id: \"22\") {\n    nam\n  }\n}\n");
  CommandRun r = validate("--quiet --schema s.graphql q.graphql");
  EXPECT_EQ(r.exit_code, 1);
  // Rules run one after another in specifiedRules order (graphql-js interleaves
  // them in one pass, so its order across rules can differ).
  EXPECT_EQ(r.out,
            "q.graphql:3:5: FieldsOnCorrectType: Cannot query field \"nam\" on type \"User\". "
            "Did you mean \"name\"?\n"
            "q.graphql:2:12: ValuesOfCorrectType: Int cannot represent non-integer value: "
            "\"22\"\n");
}

TEST_F(CliValidate, SyntaxErrorIsReportedLikeGraphqlJs) {
  put("q.graphql", "{ user(id: 1) { name }");
  CommandRun r = validate("--quiet --schema s.graphql q.graphql");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "q.graphql:1:23: Syntax: Syntax Error: Expected Name, found <EOF>.\n");
}

TEST_F(CliValidate, SchemaDialectWarningsGoToStderrAndStrictRejects) {
  put("q.graphql", "{ user(id: 1) { born } }");
  CommandRun r = validate("--schema s.graphql q.graphql");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err,
            "s.graphql:2:41: warning: KnownTypeNames: Unknown type \"Date\". Declared it "
            "as the StepZen scalar Date.\n");
  CommandRun strict = validate("--strict-schema --schema s.graphql q.graphql");
  EXPECT_EQ(strict.exit_code, 2);
  EXPECT_NE(strict.err.find("does not build"), std::string::npos) << strict.err;
}

TEST_F(CliValidate, RuleFlagRunsOnlyThatRule) {
  put("q.graphql", "query Q($unused: Int) { user(id: 1) { nam } }");
  CommandRun r = validate("--quiet --rule NoUnusedVariables --schema s.graphql q.graphql");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "q.graphql:1:9: NoUnusedVariables: Variable \"$unused\" is never used in "
            "operation \"Q\".\n");
  CommandRun lenient = validate(
      "--quiet --lenient --rule NoUnusedVariables --schema s.graphql "
      "q.graphql");
  EXPECT_EQ(lenient.exit_code, 0);
  EXPECT_EQ(lenient.out,
            "q.graphql:1:9: warning: NoUnusedVariables: Variable \"$unused\" is "
            "never used in operation \"Q\".\n");
}

TEST_F(CliValidate, SeveralOperationsNeedAName) {
  put("q.graphql", "query A { user(id: 1) { id } }\nquery B { user(id: 2) { id } }\n");
  CommandRun r = validate("--quiet --schema s.graphql q.graphql");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "q.graphql: OperationSelection: Must provide operation name if query "
            "contains multiple operations.\n");
  EXPECT_EQ(validate("--quiet --operation B --schema s.graphql q.graphql").exit_code, 0);
}

TEST_F(CliValidate, UsageErrorsExitTwo) {
  put("q.graphql", "{ user(id: 1) { id } }");
  CommandRun unknown_flag = validate("--schema s.graphql --frobnicate q.graphql");
  EXPECT_EQ(unknown_flag.exit_code, 2);
  EXPECT_EQ(unknown_flag.err,
            "gqleval validate: unknown flag '--frobnicate' (see 'gqleval validate --help')\n");
  EXPECT_EQ(validate("q.graphql").exit_code, 2);
  EXPECT_EQ(validate("--schema s.graphql missing.graphql").exit_code, 2);
  EXPECT_EQ(validate("--rule NoSuchRule --schema s.graphql q.graphql").exit_code, 2);
  EXPECT_EQ(validate("--help").exit_code, 0);
}

TEST_F(CliValidate, RowsGiveOneJsonResultEach) {
  put("rows.csv",
      "id,schema,query\n"
      "a,\"type Query { n: Int }\",{ n }\n"
      "b,\"type Query { n: Int }\",\"{\n  m\n}\"\n"
      "c,\"type Query { n: Int }\",\"{ n }\n"
      "d,type Query { n: Foo },{ n }\n");
  CommandRun r = validate("--input rows.csv --out results.jsonl");
  EXPECT_EQ(r.exit_code, 1);
  const std::string out = slurp(dir_ + "results.jsonl");
  EXPECT_EQ(
      out,
      "{\"row\":0,\"id\":\"a\",\"valid\":true,\"errors\":[]}\n"
      "{\"row\":1,\"id\":\"b\",\"valid\":false,\"errors\":[{\"query\":\"query\",\"rule\":"
      "\"FieldsOnCorrectType\",\"message\":\"Cannot query field \\\"m\\\" on type "
      "\\\"Query\\\". Did you mean \\\"n\\\"?\",\"line\":2,\"column\":3}]}\n"
      "{\"row\":2,\"id\":\"c\",\"valid\":false,\"errors\":[{\"query\":\"row\",\"rule\":"
      "\"unterminated_quote\",\"message\":\"field 3: unterminated quoted field; the record "
      "is taken to end at the end of this line\",\"line\":6,\"column\":27}]}\n"
      "{\"row\":3,\"id\":\"d\",\"valid\":false,\"errors\":[{\"query\":\"schema\",\"rule\":"
      "\"KnownTypeNames\",\"message\":\"Unknown type \\\"Foo\\\".\",\"line\":1,\"column\":17}]}\n");
}

TEST_F(CliValidate, RowsNeedAQueryColumn) {
  put("rows.csv", "schema,text\n\"type Query { n: Int }\",{ n }\n");
  CommandRun r = validate("--input rows.csv");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "gqleval validate: rows.csv: no query column: looked for query (ignoring case); the "
            "input has the columns: schema, text; name one with --query-col\n");
}

}  // namespace
