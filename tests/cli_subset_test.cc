// gqleval subset as a grader that calls Relay's
// `experimental-compare-document-ir` would call it: Relay's arguments (text or
// files, --schemaPaths with several files or globs, --flag=value), Relay's
// report on stdout, and clear errors with exit 2 where Relay fails or panics.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/support/cli_runner.h"

namespace gqleval {
namespace {

using cli_test::CommandRun;
using cli_test::slurp;

const std::string kCases = std::string(GQLEVAL_SOURCE_DIR) + "/tests/data/relay-subset/";

class CliSubset : public cli_test::CliFolderTest {
 protected:
  void SetUp() override {
    CliFolderTest::SetUp();
    std::filesystem::copy_file(kCases + "schema.graphql", dir_ + "schema.graphql");
    put("schema/a.graphql", "type Query { user(id: ID!): User }\n");
    put("schema/b.graphql",
        "type User { id: ID! name: String }\nextend type User { email: String }\n");
  }
};

TEST_F(CliSubset, RelaysArgumentsAndRelaysReport) {
  const std::string left = slurp(kCases + "cases/c02_leaf.left");
  const std::string right = slurp(kCases + "cases/c02_leaf.right");
  put("left.graphql", left);
  put("right.graphql", right);
  const std::string relay = slurp(kCases + "cases/c02_leaf.out");
  for (const std::string args :
       {"subset --left \"$(cat left.graphql)\" --right \"$(cat right.graphql)\" --schemaPaths "
        "schema.graphql",
        "subset --schemaPaths schema.graphql --right=\"$(cat right.graphql)\" "
        "--left=\"$(cat left.graphql)\"",
        "subset --left left.graphql --right right.graphql --schema schema.graphql"}) {
    const CommandRun r = gqleval(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    EXPECT_EQ(r.out, relay) << args;
    EXPECT_EQ(r.err, "");
  }
}

TEST_F(CliSubset, SeveralSchemaFilesAndGlobs) {
  const std::string q = "--left '{ user(id: 1) { id email } }' --right '{ user(id: 1) { id } }'";
  for (const std::string schema :
       {"--schemaPaths schema/b.graphql schema/a.graphql", "--schemaPaths 'schema/*.graphql'",
        "--schemaPaths schema/a.graphql --schemaPaths schema/b.graphql"}) {
    const CommandRun r = gqleval("subset " + q + " " + schema);
    EXPECT_EQ(r.exit_code, 0) << schema << "\n" << r.err;
    EXPECT_EQ(r.out,
              "[INFO] Found 1 missing selection(s):\n"
              "    3 \xE2\x94\x82     id\n"
              "    4 \xE2\x94\x82     email\n"
              "      \xE2\x94\x82     ^^^^^\n"
              "    5 \xE2\x94\x82   }\n"
              "* query -> user(id: 1) -> email\n\n\n")
        << schema;
  }
}

TEST_F(CliSubset, JsonAndFailOnMissing) {
  const std::string q =
      "subset --left '{ user(id: 1) {\n id\n name } }' --right '{ user(id: 1) { id } }' "
      "--schemaPaths schema.graphql";
  CommandRun r = gqleval(q + " --json");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out,
            "{\"passed\":false,\"score\":0.75,\"missing\":[{\"path\":\"query -> user(id: 1) -> "
            "name\",\"line\":3,\"column\":2,\"nodes\":1}],\"left_nodes\":4}\n");
  r = gqleval(q + " --fail-on-missing");
  EXPECT_EQ(r.exit_code, 1);
  r = gqleval(
      "subset --left '{ viewer { id } }' --right '{ viewer { id name } }' --schemaPaths "
      "schema.graphql --fail-on-missing --json");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "{\"passed\":true,\"score\":1,\"missing\":[],\"left_nodes\":3}\n");
}

// --variables-by-name: a RIGHT variable holds any LEFT value by default (a
// model's own value), only itself by name (the value sent for its name).
TEST_F(CliSubset, VariablesByName) {
  put("left.graphql",
      "query($a: ID!, $b: ID!) { user(id: $a) { id } other: user(id: $b) { name } }");
  put("right.graphql",
      "query($a: ID!, $b: ID!) { user(id: $b) { id } other: user(id: $a) { name } }");
  const std::string q =
      "subset --left left.graphql --right right.graphql --schemaPaths schema.graphql --json";
  CommandRun r = gqleval(q);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "{\"passed\":true,\"score\":1,\"missing\":[],\"left_nodes\":5}\n");
  r = gqleval(q + " --variables-by-name");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "{\"passed\":false,\"score\":0.6,\"missing\":[{\"path\":\"query -> user(id: $a) -> "
            "id\",\"line\":1,\"column\":42,\"nodes\":1},{\"path\":\"query -> user(id: $b) -> "
            "name\",\"line\":1,\"column\":69,\"nodes\":1}],\"left_nodes\":5}\n");
  r = gqleval(
      "subset --left left.graphql --right left.graphql --schemaPaths schema.graphql --json "
      "--variables-by-name");
  EXPECT_EQ(r.out, "{\"passed\":true,\"score\":1,\"missing\":[],\"left_nodes\":5}\n");
}

// Relay exits 1 on these, or panics (exit 101) on two operations.
TEST_F(CliSubset, BadDocumentsAndSchemasAreClearErrors) {
  CommandRun r = gqleval(
      "subset --left '{ user(id: 1) { nickname } }' --right '{ viewer { id } }' --schemaPaths "
      "schema.graphql");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "--left:1:17: FieldsOnCorrectType: Cannot query field \"nickname\" on type \"User\". "
            "Did you mean \"name\"?\n"
            "gqleval subset: LEFT is not a valid document\n");

  put("right.graphql", "{ viewer { id }");
  r = gqleval(
      "subset --left '{ viewer { id } }' --right right.graphql --schemaPaths schema.graphql");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "right.graphql:1:16: Syntax: Syntax Error: Expected Name, found <EOF>.\n"
            "gqleval subset: RIGHT is not a valid document\n");

  const std::string two = "--left 'query A { viewer { id } } query B { viewer { name } }'";
  r = gqleval("subset " + two + " --right '{ viewer { name } }' --schemaPaths schema.graphql");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("Must provide operation name if query contains multiple operations."),
            std::string::npos)
      << r.err;
  r = gqleval("subset " + two +
              " --right '{ viewer { name } }' --schemaPaths schema.graphql --operation B");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "[INFO] Subset test passed\n\n");

  r = gqleval(
      "subset --left '{ viewer { id } }' --right '{ viewer { id } }' --schemaPaths 'zz/*.graphql'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("zz/*.graphql"), std::string::npos) << r.err;

  r = gqleval("subset --left '{ viewer { id } }' --schemaPaths schema.graphql");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--right is required"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace gqleval
