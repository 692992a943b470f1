// What a user sees of issue #27 through the program: argument differences
// explained (text and JSON, nested), paths in each query's own words with the
// rule that mapped them, `gqleval schema --rules` and its round trip through
// --rules, and `ignore_arguments` both ways with its errors and warnings.
// Expected outputs are worked out by hand from docs/semantics.md, Stage 4.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/cli_runner.h"

namespace {

using gqleval::cli_test::CommandRun;
using gqleval::cli_test::slurp;

class CliExplanations : public gqleval::cli_test::CliFolderTest {
 protected:
  void SetUp() override {
    CliFolderTest::SetUp();
    put("s.graphql",
        slurp(std::string(GQLEVAL_SOURCE_DIR) + "/tests/equivalence/schemas/real_world.graphql"));
  }
  CommandRun compare(const std::string& args) const { return gqleval("compare " + args); }
};

// The issue's page-size case: a wrong field under another page size is named,
// not hidden in two whole subtrees.
TEST_F(CliExplanations, APageSizeDoesNotHideTheWrongField) {
  put("ref.graphql",
      "{ user(login: \"octocat\") { followers(first: 10) { nodes { login name } } } }");
  put("cand.graphql",
      "{ user(login: \"octocat\") { followers(first: 100) { nodes { login } totalCount } } }");
  const CommandRun r = compare("--schema s.graphql ref.graphql cand.graphql");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out,
            "verdict: mismatch (fail)\n"
            "missing 4, extra 4, shared 1 (reference 5 nodes, candidate 5 nodes)\n"
            "precision 0.200, recall 0.200, F1 0.200\n"
            "argument differences (the same field with other arguments):\n"
            "  query -> user(login: \"octocat\") -> followers: first 10 -> 100  (4 nodes missing, "
            "4 extra, at ref.graphql:1:28 and cand.graphql:1:28)\n"
            "    inside, as if the arguments were equal:\n"
            "      missing query -> user(login: \"octocat\") -> followers(first: 10) -> nodes -> "
            "name  (1 node, at ref.graphql:1:65)\n"
            "      extra query -> user(login: \"octocat\") -> followers(first: 100) -> totalCount  "
            "(1 node, at cand.graphql:1:68)\n"
            "rules: cycles,endpoints\n");
}

// A difference inside a difference: the user, then the page size under it.
TEST_F(CliExplanations, NestedDifferencesInTextAndJson) {
  put("ref.graphql",
      "{ user(login: \"a\") { login followers(first: 10) { totalCount nodes { name } } } }");
  put("cand.graphql",
      "{ user(login: \"b\") { login followers(first: 20) { totalCount nodes { login } } } }");
  const CommandRun text = compare("--schema s.graphql ref.graphql cand.graphql");
  EXPECT_EQ(text.out,
            "verdict: mismatch (fail)\n"
            "missing 6, extra 6, shared 0 (reference 6 nodes, candidate 6 nodes)\n"
            "precision 0.000, recall 0.000, F1 0.000\n"
            "argument differences (the same field with other arguments):\n"
            "  query -> user: login \"a\" -> \"b\"  (6 nodes missing, 6 extra, at ref.graphql:1:3 "
            "and cand.graphql:1:3)\n"
            "    inside, as if the arguments were equal:\n"
            "      query -> user(login: \"a\") -> followers: first 10 -> 20  (4 nodes missing, 4 "
            "extra, at ref.graphql:1:28 and cand.graphql:1:28)\n"
            "        inside, as if the arguments were equal:\n"
            "          missing query -> user(login: \"a\") -> followers(first: 10) -> nodes -> "
            "name  (1 node, at ref.graphql:1:70)\n"
            "          extra query -> user(login: \"b\") -> followers(first: 20) -> nodes -> "
            "login  (1 node, at cand.graphql:1:70)\n"
            "rules: cycles,endpoints\n");
  const CommandRun json = compare("--schema s.graphql ref.graphql cand.graphql --json");
  const size_t from = json.out.find("\"argument_differences\"");
  const size_t to = json.out.find(",\"rules_fired\"");
  ASSERT_NE(from, std::string::npos) << json.out;
  EXPECT_EQ(
      json.out.substr(from, to - from),
      R"j("argument_differences":[)j"
      R"j({"path":"query -> user","field":"user","candidate_field":"user",)j"
      R"j("text":"user: login \"a\" -> \"b\"",)j"
      R"j("arguments":[{"name":"login","reference":"\"a\"","candidate":"\"b\""}],)j"
      R"j("reference_line":1,"reference_column":3,"candidate_line":1,"candidate_column":3,)j"
      R"j("reference_nodes":6,"candidate_nodes":6,"missing_index":0,"extra_index":0,)j"
      R"j("within":null,)j"
      R"j("missing_paths":[{"path":"query -> user(login: \"a\") -> followers(first: 10)",)j"
      R"j("line":1,"column":28,"nodes":4}],)j"
      R"j("extra_paths":[{"path":"query -> user(login: \"b\") -> followers(first: 20)",)j"
      R"j("line":1,"column":28,"nodes":4}]},)j"
      R"j({"path":"query -> user(login: \"a\") -> followers","field":"followers",)j"
      R"j("candidate_field":"followers","text":"followers: first 10 -> 20",)j"
      R"j("arguments":[{"name":"first","reference":"10","candidate":"20"}],)j"
      R"j("reference_line":1,"reference_column":28,"candidate_line":1,"candidate_column":28,)j"
      R"j("reference_nodes":4,"candidate_nodes":4,"missing_index":0,"extra_index":0,)j"
      R"j("within":0,)j"
      R"j("missing_paths":[{"path":"query -> user(login: \"a\") -> followers(first: 10) -> )j"
      R"j(nodes -> name","line":1,"column":70,"nodes":1}],)j"
      R"j("extra_paths":[{"path":"query -> user(login: \"b\") -> followers(first: 20) -> )j"
      R"j(nodes -> login","line":1,"column":70,"nodes":1}]}])j");
}

// A rule-mapped selection is explained in the query's own words, with the
// rule: never as a canonical field that neither query wrote.
TEST_F(CliExplanations, PathsUseTheNamesEachQueryWrote) {
  put("r.json",
      R"({"version": 1, "endpoints": [{"canonical": "attachmentIssue", "same_as": ["issue"]}]})");
  put("ref.graphql", "{ attachmentIssue(id: \"ENG-99\") { identifier title } }");
  put("cand.graphql", "{ issue(id: \"ENG-99\") { identifier project { name } } }");
  const CommandRun r = compare("--schema s.graphql --rules r.json ref.graphql cand.graphql");
  EXPECT_EQ(r.out,
            "verdict: mismatch (fail)\n"
            "missing 1, extra 2, shared 2 (reference 3 nodes, candidate 4 nodes)\n"
            "precision 0.500, recall 0.667, F1 0.571\n"
            "missing (in the reference, not in the candidate):\n"
            "  query -> attachmentIssue(id: \"ENG-99\") -> title  (1 node, at ref.graphql:1:46)\n"
            "extra (in the candidate, not in the reference):\n"
            "  query -> issue(id: \"ENG-99\") [endpoints] -> project  (2 nodes, at "
            "cand.graphql:1:36)\n"
            "rules fired:\n"
            "  cand.graphql:1:3: endpoints: query -> issue(id: \"ENG-99\"): issue -> "
            "attachmentIssue (same data)\n"
            "rules: cycles,endpoints\n");
  // The rgeval profile maps users(id:) to another root field that has no
  // such argument; the paths say what the queries wrote.
  put("rg.graphql",
      "type User { id: Int name: String email: String }\n"
      "type Query { users(id: Int): [User] filterUsersByIdLessThan(id: Int): [User] }\n");
  put("ref2.graphql", "{ users(id: 10) { name } }");
  put("cand2.graphql", "{ users(id: 10) { email } }");
  const CommandRun rg =
      compare("--schema rg.graphql --rule-set cycles,endpoints,rgeval ref2.graphql cand2.graphql");
  EXPECT_NE(rg.out.find("  query -> users(id: 10) [rgeval] -> name  (1 node, at "
                        "ref2.graphql:1:19)\n"),
            std::string::npos)
      << rg.out;
  EXPECT_EQ(rg.out.find("filterUsersByIdLessThan(id: 10)"), std::string::npos) << rg.out;
}

// The HTML report's regressed rows give the argument difference and what
// differs inside it, not the two whole subtrees.
TEST_F(CliExplanations, TheReportsRegressedRowsExplainArgumentDifferences) {
  put("nightly.csv",
      "id,reference,yesterday,today\n"
      "1,\"{ user(login: \"\"o\"\") { followers(first: 10) { nodes { login name } } } }\","
      "\"{ user(login: \"\"o\"\") { followers(first: 10) { nodes { name login } } } }\","
      "\"{ user(login: \"\"o\"\") { followers(first: 100) { nodes { login } totalCount } } }\"\n");
  for (const char* run : {"yesterday", "today"}) {
    const CommandRun r =
        gqleval(std::string("score nightly.csv --schema s.graphql --candidate-col ") + run +
                " -q -o " + run + ".jsonl");
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  const CommandRun r =
      gqleval("report today.jsonl yesterday.jsonl --baseline yesterday -q --html r.html");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string html = read("r.html");
  const size_t at = html.find("<ul class=\"paths\">");
  ASSERT_NE(at, std::string::npos) << html;
  EXPECT_EQ(html.substr(at, html.find("</article>", at) - at),
            "<ul class=\"paths\">\n"
            "<li class=\"args\">arguments query -&gt; user(login: &quot;o&quot;) -&gt; followers: "
            "first 10 -&gt; 100 (lines 1 and 1)\n"
            "<ul>\n"
            "<li class=\"miss\">missing query -&gt; user(login: &quot;o&quot;) -&gt; "
            "followers(first: 10) -&gt; nodes -&gt; name (line 1)</li>\n"
            "<li class=\"extra\">extra query -&gt; user(login: &quot;o&quot;) -&gt; "
            "followers(first: 100) -&gt; totalCount (line 1)</li>\n"
            "</ul></li>\n"
            "</ul>\n");
}

// `gqleval schema --rules`: the derived rules as a rules file, and the same
// verdicts when read back with --rules.
TEST_F(CliExplanations, SchemaRulesPrintsTheDerivedRulesAndReadsBack) {
  const CommandRun r = gqleval("schema s.graphql --rules");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "{\n"
            "  \"version\": 1,\n"
            "  \"description\": \"The rules gqleval derives from this schema's names (inverse "
            "pairs named after their types, keyed and foreign-key lookups). Derivation is off in "
            "this file, so reading it back with --rules gives exactly these rules; delete what you "
            "do not believe, add what the names do not say.\",\n"
            "  \"derive\": {\"inverse_pairs\": false, \"endpoints\": false},\n"
            "  \"inverse_pairs\": [\n"
            "    {\"field\": \"Order.refunds\", \"inverse\": \"Refund.order\"}\n"
            "  ],\n"
            "  \"endpoints\": [\n"
            "    {\"canonical\": \"project\", \"same_as\": [\"projectUsingAlert_project_id_fkey\", "
            "\"projectUsingIssue_project_id_fkey\"]},\n"
            "    {\"canonical\": \"user\", \"same_as\": [\"userByLogin\"]}\n"
            "  ]\n"
            "}\n");
  put("derived.json", r.out);
  put("ref.graphql", "{ order(id: \"1\") { name refunds { note order { id } } } }");
  put("cand.graphql", "{ order(id: \"1\") { id name refunds { note } } }");
  put("ref2.graphql", "{ userByLogin(login: \"x\") { name } }");
  put("cand2.graphql", "{ user(login: \"x\") { name } }");
  for (const std::string pair : {"ref.graphql cand.graphql", "ref2.graphql cand2.graphql"}) {
    const CommandRun derived = compare("--schema s.graphql --json " + pair);
    const CommandRun declared = compare("--schema s.graphql --rules derived.json --json " + pair);
    EXPECT_NE(derived.out.find("\"verdict\":\"equivalent\""), std::string::npos) << derived.out;
    EXPECT_EQ(declared.out, derived.out) << pair;
    EXPECT_EQ(declared.err, "") << pair;
  }
  EXPECT_EQ(gqleval("schema s.graphql --rules --print").exit_code, 2);
}

// ignore_arguments: declared, a page size leaves the identity; an entry that
// is no coordinate stops the run with its JSON path; entries the schema lacks
// are warnings and the run goes on.
TEST_F(CliExplanations, IgnoreArgumentsBothWaysAndItsErrors) {
  put("ref.graphql", "{ user(login: \"o\") { followers(first: 10) { totalCount } } }");
  put("cand.graphql", "{ user(login: \"o\") { followers(first: 100) { totalCount } } }");
  put("ignore.json", R"j({"version": 1, "ignore_arguments": ["User.followers(first:)"]})j");
  EXPECT_EQ(compare("--schema s.graphql ref.graphql cand.graphql").exit_code, 1);
  const CommandRun ignored =
      compare("--schema s.graphql --rules ignore.json ref.graphql cand.graphql");
  EXPECT_EQ(ignored.exit_code, 0) << ignored.out << ignored.err;
  EXPECT_NE(ignored.out.find("ignore_arguments: query -> user(login: \"o\") -> followers(first: "
                             "100): arguments declared in the rules file left out of the "
                             "identity\n"),
            std::string::npos)
      << ignored.out;

  put("bad.json",
      R"j({"version": 1, "ignore_arguments": ["User.followers(first:)", "User.followers"]})j");
  const CommandRun bad = compare("--schema s.graphql --rules bad.json ref.graphql cand.graphql");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err,
            "gqleval compare: bad.json: rules file: \"ignore_arguments\"[1] must name an argument "
            "as \"Type.field(argument:)\", got \"User.followers\"\n");
  put("rows.csv", "schema,reference,candidate\n\"type Query { a: Int }\",{ a },{ a }\n");
  const CommandRun score = gqleval("score rows.csv --rules bad.json -q -o out.jsonl");
  EXPECT_EQ(score.exit_code, 2);
  EXPECT_NE(score.err.find("\"ignore_arguments\"[1] must name an argument"), std::string::npos)
      << score.err;

  put("half.json", R"j({"version": 1, "ignore_arguments": ["User.followers(first:)",
      "Film.cast(first:)", "User.friends(first:)", "User.followers(last:)"]})j");
  const CommandRun half = compare("--schema s.graphql --rules half.json ref.graphql cand.graphql");
  EXPECT_EQ(half.exit_code, 0) << half.err;
  EXPECT_EQ(half.err,
            "half.json: warning: RulesFile: \"ignore_arguments\"[1]: ignored argument "
            "Film.cast(first:) skipped: the schema has no type \"Film\"\n"
            "half.json: warning: RulesFile: \"ignore_arguments\"[2]: ignored argument "
            "User.friends(first:) skipped: the schema has no field User.friends\n"
            "half.json: warning: RulesFile: \"ignore_arguments\"[3]: ignored argument "
            "User.followers(last:) skipped: User.followers has no argument \"last\"\n");
}

}  // namespace
