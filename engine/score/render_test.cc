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
      "  query -> usersById(id: 1) [endpoints] -> email  (1 node, at answer.md:4:31)\n"
      "rules fired:\n"
      "  ref.graphql:4:19: cycles: query -> users(id: 1) -> posts -> users: Post.users is "
      "the inverse of User.posts; its selections moved to users(id: 1)\n"
      "  answer.md:4:3: endpoints: query -> usersById(id: 1): usersById -> users (same data)\n");
}

// A page size hides the real error: the two subtrees are one field with
// other arguments, explained as one difference and what differs inside.
TEST(Render, ArgumentDifferenceAndWhatDiffersInside) {
  Scorer s;
  const PairResult r = run(s, {"{ allUsers(first: 5) { id username posts { title } } }"},
                           "{ allUsers(first: 50) { id email posts { title } } }");
  EXPECT_EQ(render_text(r, RenderLabels{}),
            "verdict: mismatch (fail)\n"
            "missing 5, extra 5, shared 0 (reference 5 nodes, candidate 5 nodes)\n"
            "precision 0.000, recall 0.000, F1 0.000\n"
            "argument differences (the same field with other arguments):\n"
            "  query -> allUsers: first 5 -> 50  (5 nodes missing, 5 extra, at reference:1:3 and "
            "candidate:1:3)\n"
            "    inside, as if the arguments were equal:\n"
            "      missing query -> allUsers(first: 5) -> username  (1 node, at reference:1:27)\n"
            "      extra query -> allUsers(first: 50) -> email  (1 node, at candidate:1:28)\n");
}

// A declared default stands for the argument left out; only the arguments
// differ, so nothing inside does.
TEST(Render, ArgumentDifferenceWithADefaultAndTheSameInside) {
  Scorer s;
  const PairResult r = run(s, {"{ allUsers { id } }"}, "{ allUsers(first: 20) { id } }");
  EXPECT_EQ(render_text(r, RenderLabels{}),
            "verdict: mismatch (fail)\n"
            "missing 2, extra 2, shared 0 (reference 2 nodes, candidate 2 nodes)\n"
            "precision 0.000, recall 0.000, F1 0.000\n"
            "argument differences (the same field with other arguments):\n"
            "  query -> allUsers: first (default) -> 20  (2 nodes missing, 2 extra, at "
            "reference:1:3 and candidate:1:3)\n"
            "    inside: the same selections\n");
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
}

}  // namespace
}  // namespace gqleval::score
