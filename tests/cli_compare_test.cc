// `gqleval compare` as a user runs it: the built program (GQLEVAL_BINARY) on
// files in a temporary folder, checking stdout, stderr and the exit code
// (0 pass, 1 not a pass, 2 usage or I/O error).
#include <gtest/gtest.h>

#include <string>

#include "tests/support/cli_runner.h"

namespace {

using gqleval::cli_test::CommandRun;

class CliCompare : public gqleval::cli_test::CliFolderTest {
 protected:
  void SetUp() override {
    CliFolderTest::SetUp();
    put("s.graphql",
        "type Query {\n  users(id: Int!): User\n  usersById(id: Int!): User\n}\n"
        "type Mutation { addUser(name: String!): User }\n"
        "type User { id: Int! username: String email: String posts: [Post] }\n"
        "type Post { id: Int! title: String users: User }\n");
    put("ref.graphql", "query {\n  users(id: 1) {\n    username\n    posts { title }\n  }\n}\n");
  }
  // Runs `gqleval compare ARGS` in the temporary folder.
  CommandRun compare(const std::string& args) const { return gqleval("compare " + args); }
};

TEST_F(CliCompare, EquivalentPairExitsZero) {
  put("cand.graphql", "{ usersById(id: 1) { posts { title } username } }");
  const CommandRun r = compare("--schema s.graphql ref.graphql cand.graphql");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "verdict: equivalent (pass)\n"
            "missing 0, extra 0, shared 4 (reference 4 nodes, candidate 4 nodes)\n"
            "precision 1.000, recall 1.000, F1 1.000\n"
            "rules fired:\n"
            "  cand.graphql:1:3: endpoints: query -> usersById(id: 1): usersById -> users (same "
            "data)\n"
            "rules: cycles,endpoints\n");
  EXPECT_EQ(r.err, "");
}

TEST_F(CliCompare, MismatchFromLlmTextExplainsAndExitsOne) {
  put("answer.md", "Sure:\n```graphql\nquery { users(id: 1) { username email } }\n```\n");
  const CommandRun r = compare("--schema s.graphql ref.graphql answer.md");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "verdict: mismatch (fail)\n"
            "missing 2, extra 1, shared 2 (reference 4 nodes, candidate 3 nodes)\n"
            "precision 0.667, recall 0.500, F1 0.571\n"
            "missing (in the reference, not in the candidate):\n"
            "  query -> users(id: 1) -> posts  (2 nodes, at ref.graphql:4:5)\n"
            "extra (in the candidate, not in the reference):\n"
            "  query -> users(id: 1) -> email  (1 node, at answer.md:3:33)\n"
            "rules: cycles,endpoints\n");
}

TEST_F(CliCompare, JsonOutput) {
  put("cand.graphql", "{ users(id: 1) { username posts { title } email } }");
  const CommandRun r = compare("--schema s.graphql ref.graphql cand.graphql --json --delta 1");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out,
            "{\"results_version\":6,\"verdict\":\"overfetch_ok\",\"pass\":true,\"compared\":true,"
            "\"missing\":0,\"extra\":1,"
            "\"precision\":0.8,\"recall\":1,\"f1\":0.8888888888888888,\"matched_reference\":0,"
            "\"missing_paths\":[],\"extra_paths\":[{\"path\":\"query -> users(id: 1) -> email\","
            "\"line\":1,\"column\":43,\"nodes\":1}],\"argument_differences\":[],\"rules_fired\":[],"
            "\"operations\":1,\"invalid_operations\":0,\"errors\":[],\"rules\":"
            "\"cycles,endpoints\",\"variables_by_name\":false}\n");
}

// --answer all: the candidate file's operations graded together, each
// position named by its operation; an invalid one left out.
TEST_F(CliCompare, AnAnswerOfSeveralOperations) {
  put("answer.json",
      "[\"{ users(id: 1) { username } }\", \"{ users(id: 1) { posts { title } } }\",\n"
      " \"{ users(id: 1) {\\n  email nope } }\"]");
  CommandRun r = compare("--schema s.graphql ref.graphql answer.json --answer all");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out,
            "verdict: equivalent (pass)\n"
            "answer: 3 operations, 1 left out as invalid\n"
            "missing 0, extra 0, shared 4 (reference 4 nodes, candidate 4 nodes)\n"
            "precision 1.000, recall 1.000, F1 1.000\n"
            "errors:\n"
            "  answer.json:2:9 (operation 2): FieldsOnCorrectType: Cannot query field \"nope\" on "
            "type \"User\".\n"
            "rules: cycles,endpoints\n");
  r = compare("--schema s.graphql ref.graphql answer.json --answer all --json");
  EXPECT_NE(r.out.find(R"("operations":3,"invalid_operations":1,"errors":[{"query":"candidate",)"
                       R"("operation":2,)"),
            std::string::npos)
      << r.out;
  r = compare("--schema s.graphql ref.graphql answer.json --answer two");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--answer must be one or all, not 'two'"), std::string::npos) << r.err;
}

TEST_F(CliCompare, SeveralReferences) {
  put("ref2.graphql", "{ users(id: 1) { username email } }");
  put("cand.graphql", "{ users(id: 1) { email username } }");
  const CommandRun r =
      compare("--schema s.graphql ref.graphql cand.graphql --reference ref2.graphql");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out,
            "verdict: equivalent (pass)\n"
            "missing 0, extra 0, shared 3 (reference 3 nodes, candidate 3 nodes)\n"
            "precision 1.000, recall 1.000, F1 1.000\n"
            "matched reference: ref2.graphql (index 1 of 2 references)\n"
            "rules: cycles,endpoints\n");
}

TEST_F(CliCompare, RuleSwitches) {
  put("cand.graphql", "{ usersById(id: 1) { username posts { title } } }");
  CommandRun r = compare("--schema s.graphql ref.graphql cand.graphql --no-rules");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "verdict: mismatch (fail)");
  EXPECT_NE(r.out.find("\nrules: none\n"), std::string::npos) << r.out;  // the run says so
  r = compare("--schema s.graphql ref.graphql cand.graphql --rule-set cycles,rgeval --json");
  EXPECT_NE(r.out.find(",\"rules\":\"cycles,rgeval\",\"variables_by_name\":false}"),
            std::string::npos)
      << r.out;
  r = compare("--schema s.graphql ref.graphql cand.graphql --rule-set cycles");
  EXPECT_EQ(r.exit_code, 1);
  r = compare("--schema s.graphql ref.graphql cand.graphql --rule-set endpoints");
  EXPECT_EQ(r.exit_code, 0);
  r = compare("--schema s.graphql ref.graphql cand.graphql --rule-set cycles,nope");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "gqleval compare: unknown rule 'nope' in --rule-set (the rules are cycles, endpoints, "
            "rgeval) (see 'gqleval compare --help')\n");
  r = compare("--schema s.graphql ref.graphql cand.graphql --rule-set cycles --no-rules");
  EXPECT_EQ(r.exit_code, 2);
}

TEST_F(CliCompare, TypenameVariablesAndOperation) {
  put("t.graphql", "{ users(id: 1) { __typename username posts { title } } }");
  EXPECT_EQ(compare("--schema s.graphql ref.graphql t.graphql").exit_code, 1);
  EXPECT_EQ(compare("--schema s.graphql ref.graphql t.graphql --ignore-typename").exit_code, 0);
  put("v.graphql", "query ($u: Int!) { users(id: $u) { username posts { title } } }");
  EXPECT_EQ(compare("--schema s.graphql ref.graphql v.graphql").exit_code, 1);
  EXPECT_EQ(compare("--schema s.graphql ref.graphql v.graphql --variables '{\"u\": 1}'").exit_code,
            0);
  put("vars.json", "{\"u\": 1}");
  EXPECT_EQ(compare("--schema s.graphql ref.graphql v.graphql --variables @vars.json").exit_code,
            0);
  put("two.graphql",
      "query A { users(id: 2) { id } }\nquery B { users(id: 1) { username posts { title } } }");
  const CommandRun r = compare("--schema s.graphql ref.graphql two.graphql");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "verdict: invalid_candidate (fail)\n"
            "errors:\n"
            "  two.graphql: OperationSelection: Must provide operation name if query contains "
            "multiple operations.\n"
            "rules: cycles,endpoints\n");
  EXPECT_EQ(compare("--schema s.graphql ref.graphql two.graphql --operation B").exit_code, 0);
}

TEST_F(CliCompare, ExtractionCanBeTurnedOff) {
  put("answer.md", "Answer: { users(id: 1) { username posts { title } } }");
  EXPECT_EQ(compare("--schema s.graphql ref.graphql answer.md").exit_code, 0);
  const CommandRun r = compare("--schema s.graphql ref.graphql answer.md --no-extract");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "verdict: invalid_candidate (fail)\n"
            "errors:\n"
            "  answer.md:1:1: Syntax: Syntax Error: Unexpected Name \"Answer\".\n"
            "rules: cycles,endpoints\n");
}

TEST_F(CliCompare, Stage1Verdicts) {
  put("none.md", "I do not know.");
  CommandRun r = compare("--schema s.graphql ref.graphql none.md");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "verdict: no_query (fail)\n"
            "errors:\n"
            "  none.md: Extraction: No GraphQL query found in the candidate.\n"
            "rules: cycles,endpoints\n");
  put("badref.graphql", "{ users(id: 1) { name } }");
  r = compare("--schema s.graphql badref.graphql none.md --json");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out.rfind("{\"results_version\":6,\"verdict\":\"invalid_reference\",\"pass\":false,"
                        "\"compared\":false,",
                        0),
            0u)
      << r.out;
  put("m.graphql", "mutation { addUser(name: \"x\") { username } }");
  r = compare("--schema s.graphql ref.graphql m.graphql");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("the operations differ in kind"), std::string::npos) << r.out;
}

TEST_F(CliCompare, SchemaThatDoesNotBuild) {
  put("bad.graphql", "type Query { a: Nope }");
  put("cand.graphql", "{ a }");
  const CommandRun r = compare("--schema bad.graphql ref.graphql cand.graphql");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "verdict: invalid_schema (fail)\n"
            "errors:\n"
            "  bad.graphql:1:17: KnownTypeNames: Unknown type \"Nope\".\n"
            "rules: cycles,endpoints\n");
}

TEST_F(CliCompare, StrictSchema) {
  // An undeclared StepZen scalar: a warning by default, an error when strict.
  put("stepzen.graphql", "type Query { users(id: Int!): User }\ntype User { born: Date }\n");
  put("r.graphql", "{ users(id: 1) { born } }");
  EXPECT_EQ(compare("--schema stepzen.graphql r.graphql r.graphql").exit_code, 0);
  const CommandRun r = compare("--schema stepzen.graphql r.graphql r.graphql --strict-schema");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "verdict: invalid_schema (fail)");
}

TEST_F(CliCompare, UsageAndIoErrorsExitTwo) {
  put("cand.graphql", "{ users(id: 1) { username } }");
  CommandRun r = compare("ref.graphql cand.graphql");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "gqleval compare: --schema is required (see 'gqleval compare --help')\n");
  r = compare("--schema s.graphql ref.graphql");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "gqleval compare: give a reference file and a candidate file (got 1 file) (see "
            "'gqleval compare --help')\n");
  r = compare("--schema s.graphql ref.graphql missing.graphql");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("missing.graphql"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
  r = compare("--schema s.graphql ref.graphql cand.graphql --delta -1");
  EXPECT_EQ(r.exit_code, 2);
  r = compare("--schema s.graphql ref.graphql cand.graphql --variables '[1]'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "gqleval compare: --variables is not a JSON object\n");
  r = compare("--schema s.graphql ref.graphql cand.graphql --rules nope.json");
  EXPECT_EQ(r.exit_code, 2);
  r = compare("--schema s.graphql ref.graphql cand.graphql --bogus");
  EXPECT_EQ(r.exit_code, 2);
}

// --variables-by-name: unbound variables are bound by name, so swapping two
// is two argument differences, not a renaming.
TEST_F(CliCompare, VariablesByName) {
  put("o.graphql",
      "type Query { order(id: ID!): Order user(id: ID!): User }\n"
      "type Order { id: ID } type User { name: String }\n");
  put("o_ref.graphql",
      "query($orderId: ID!, $userId: ID!) {\n  order(id: $orderId) { id }\n"
      "  user(id: $userId) { name }\n}\n");
  put("o_cand.graphql",
      "query($orderId: ID!, $userId: ID!) {\n  order(id: $userId) { id }\n"
      "  user(id: $orderId) { name }\n}\n");
  const std::string files = "--schema o.graphql o_ref.graphql o_cand.graphql ";
  CommandRun r = compare(files);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "verdict: equivalent (pass)");
  EXPECT_EQ(r.out.find("variables:"), std::string::npos);
  r = compare(files + "--variables-by-name");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out,
            "verdict: mismatch (fail)\n"
            "missing 4, extra 4, shared 0 (reference 4 nodes, candidate 4 nodes)\n"
            "precision 0.000, recall 0.000, F1 0.000\n"
            "argument differences (the same field with other arguments):\n"
            "  query -> order: id $orderId -> $userId  (2 nodes missing, 2 extra, at "
            "o_ref.graphql:2:3 and o_cand.graphql:2:3)\n"
            "    inside: the same selections\n"
            "  query -> user: id $userId -> $orderId  (2 nodes missing, 2 extra, at "
            "o_ref.graphql:3:3 and o_cand.graphql:3:3)\n"
            "    inside: the same selections\n"
            "rules: cycles,endpoints\n"
            "variables: by name\n");
  r = compare(files + "--variables-by-name --json");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("\"text\":\"order: id $orderId -> $userId\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"text\":\"user: id $userId -> $orderId\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(",\"variables_by_name\":true}\n"), std::string::npos) << r.out;
  // The same names: equivalent by name too.
  r = compare("--schema o.graphql o_ref.graphql o_ref.graphql --variables-by-name");
  EXPECT_EQ(r.exit_code, 0) << r.out;
}

TEST_F(CliCompare, Help) {
  const CommandRun r = compare("--help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
            "Usage: gqleval compare --schema SCHEMA.graphql REFERENCE.graphql CANDIDATE [options]");
  EXPECT_NE(r.out.find("--rule-set LIST"), std::string::npos);
}

}  // namespace
