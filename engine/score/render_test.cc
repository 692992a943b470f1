#include "engine/score/render.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/score/test_util.h"

namespace gqleval::score {
namespace {

using testing::run;

// Reference: user 1 with username and posts' titles (the cycles rule folds the
// back-reference). Candidate, in LLM prose: another endpoint (folded by the
// endpoints rule), email instead of the posts, and title for both media kinds.
constexpr std::string_view kReference =
    "query {\n"
    "  users(id: 1) {\n"
    "    username\n"
    "    posts { title users { username } }\n"
    "  }\n"
    "}";
constexpr std::string_view kCandidate =
    "The query is:\n"
    "```graphql\n"
    "query {\n"
    "  usersById(id: 1) { username email }\n"
    "}\n"
    "```";

TEST(Render, JsonGolden) {
  Scorer s;
  const PairResult r = run(s, {kReference}, kCandidate);
  EXPECT_EQ(to_json(r),
            R"j({"verdict":"mismatch","pass":false,"missing":2,"extra":1,"shared":2,)j"
            R"j("reference_nodes":4,"candidate_nodes":3,"operation_differs":false,)j"
            R"j("precision":0.6666666666666666,"recall":0.5,"f1":0.5714285714285714,)j"
            R"j("matched_reference":0,)j"
            R"j("missing_paths":[{"path":"query -> users(id: 1) -> posts",)j"
            R"j("line":4,"column":5,"nodes":2}],)j"
            R"j("extra_paths":[{"path":"query -> users(id: 1) -> email",)j"
            R"j("line":4,"column":31,"nodes":1}],)j"
            R"j("rules_fired":[{"query":"reference","reference":0,"rule":"cycles",)j"
            R"j("path":"query -> users(id: 1) -> posts -> users",)j"
            R"j("detail":"Post.users is the inverse of User.posts; )j"
            R"j(its selections moved to users(id: 1)",)j"
            R"j("line":4,"column":19},)j"
            R"j({"query":"candidate","rule":"endpoints","path":"query -> usersById(id: 1)",)j"
            R"j("detail":"usersById -> users (same data)","line":4,"column":3}],)j"
            R"j("errors":[]})j");
}

TEST(Render, TextGolden) {
  Scorer s;
  const PairResult r = run(s, {kReference}, kCandidate);
  RenderLabels labels;
  labels.references = {"ref.graphql"};
  labels.candidate = "answer.md";
  EXPECT_EQ(
      render_text(r, labels),
      "verdict: mismatch (fail)\n"
      "missing 2, extra 1, shared 2 (reference 4 nodes, candidate 3 nodes)\n"
      "precision 0.667, recall 0.500, F1 0.571\n"
      "missing (in the reference, not in the candidate):\n"
      "  query -> users(id: 1) -> posts  (2 nodes, at ref.graphql:4:5)\n"
      "extra (in the candidate, not in the reference):\n"
      "  query -> users(id: 1) -> email  (1 node, at answer.md:4:31)\n"
      "rules fired:\n"
      "  ref.graphql:4:19: cycles: query -> users(id: 1) -> posts -> users: Post.users is "
      "the inverse of User.posts; its selections moved to users(id: 1)\n"
      "  answer.md:4:3: endpoints: query -> usersById(id: 1): usersById -> users (same data)\n");
}

TEST(Render, TextGroupsTypesAndNamesTheMatchedReference) {
  Scorer s;
  ScoreOptions options;
  options.delta = 2;
  const PairResult r =
      run(s, {"{ users(id: 1) { id } }", "{ search(text: \"x\") { ... on Book { year } } }"},
          "{ search(text: \"x\") {\n  ... on Media { year title }\n} }", options);
  EXPECT_EQ(
      render_text(r),
      "verdict: overfetch (fail)\n"
      "missing 0, extra 3, shared 2 (reference 2 nodes, candidate 5 nodes)\n"
      "precision 0.400, recall 1.000, F1 0.571\n"
      "matched reference: reference[1] (index 1 of 2 references)\n"
      "extra (in the candidate, not in the reference):\n"
      "  query -> search(text: \"x\") -> title on {Book, Movie}  (2 nodes, at candidate:2:23)\n"
      "  query -> search(text: \"x\") -> year on Movie  (1 node, at candidate:2:18)\n");
}

TEST(Render, AGroupListsEveryPositionOnce) {
  Scorer s;
  const PairResult r =
      run(s, {"{ search(text: \"x\") { ... on Media { year } } }"},
          "{ search(text: \"x\") { year ... on Book { title } ... on Movie { title } } }");
  EXPECT_EQ(render_text(r),
            "verdict: overfetch (fail)\n"
            "missing 0, extra 2, shared 3 (reference 3 nodes, candidate 5 nodes)\n"
            "precision 0.600, recall 1.000, F1 0.750\n"
            "extra (in the candidate, not in the reference):\n"
            "  query -> search(text: \"x\") -> title on {Book, Movie}  (2 nodes, at "
            "candidate:1:42, 1:65)\n");
}

TEST(Render, InvalidCandidate) {
  Scorer s;
  const PairResult r = run(s, {kReference}, "{ users(id: 1) { username(x: 1) } }");
  EXPECT_EQ(
      to_json(r),
      R"j({"verdict":"invalid_candidate","pass":false,"missing":null,"extra":null,)j"
      R"j("shared":null,"reference_nodes":null,"candidate_nodes":null,"operation_differs":false,)j"
      R"j("precision":null,"recall":null,"f1":null,"matched_reference":null,)j"
      R"j("missing_paths":[],"extra_paths":[],"rules_fired":[],)j"
      R"j("errors":[{"query":"candidate","rule":"KnownArgumentNames",)j"
      R"j("message":"Unknown argument \"x\" on field \"User.username\".",)j"
      R"j("locations":[{"line":1,"column":27}]}]})j");
  EXPECT_EQ(render_text(r),
            "verdict: invalid_candidate (fail)\n"
            "errors:\n"
            "  candidate:1:27: KnownArgumentNames: Unknown argument \"x\" on field "
            "\"User.username\".\n");
}

TEST(Render, InvalidSchemaAndErrorsWithoutLocation) {
  auto built = schema::Schema::build("type Query { a: Nope }");
  ASSERT_FALSE(built.ok());
  const PairResult r = schema_failure(built.error());
  RenderLabels labels;
  labels.schema = "s.graphql";
  EXPECT_EQ(render_text(r, labels),
            "verdict: invalid_schema (fail)\n"
            "errors:\n"
            "  s.graphql:1:17: KnownTypeNames: Unknown type \"Nope\".\n");
  EXPECT_EQ(
      to_json(r),
      R"j({"verdict":"invalid_schema","pass":false,"missing":null,"extra":null,)j"
      R"j("shared":null,"reference_nodes":null,"candidate_nodes":null,"operation_differs":false,)j"
      R"j("precision":null,"recall":null,"f1":null,"matched_reference":null,)j"
      R"j("missing_paths":[],"extra_paths":[],"rules_fired":[],)j"
      R"j("errors":[{"query":"schema","rule":"KnownTypeNames",)j"
      R"j("message":"Unknown type \"Nope\".",)j"
      R"j("locations":[{"line":1,"column":17}]}]})j");

  Scorer s;
  const PairResult nq = run(s, {kReference}, "no idea");
  EXPECT_EQ(render_text(nq),
            "verdict: no_query (fail)\n"
            "errors:\n"
            "  candidate: Extraction: No GraphQL query found in the candidate.\n");
}

TEST(Render, ReferenceErrorsAreLabelledPerReference) {
  Scorer s;
  const PairResult r = run(s, {"{ users(id: 1) { username } }", "{ users(id: 1) { nope } }"},
                           "{ users(id: 1) { username } }");
  EXPECT_EQ(r.verdict, Verdict::kInvalidReference);
  RenderLabels labels;
  labels.references = {"a.graphql", "b.graphql"};
  EXPECT_EQ(render_text(r, labels),
            "verdict: invalid_reference (fail)\n"
            "errors:\n"
            "  b.graphql:1:18: FieldsOnCorrectType: Cannot query field \"nope\" on type "
            "\"User\".\n");
  const std::string json = to_json(r);
  EXPECT_NE(
      json.find(R"("errors":[{"query":"reference","reference":1,"rule":"FieldsOnCorrectType")"),
      std::string::npos)
      << json;
}

}  // namespace
}  // namespace gqleval::score
