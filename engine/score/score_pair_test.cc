#include "engine/score/score_pair.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/score/result_json.h"
#include "engine/score/test_util.h"

namespace gqleval::score {
namespace {

using testing::error_lines;
using testing::fixture;
using testing::path_lines;
using testing::run;
using Lines = std::vector<std::string>;

constexpr std::string_view kUserQuery = "query { users(id: 1) { username posts { title } } }";

// ---------------------------------------------------------------- Stage 4 verdicts

TEST(ScorePair, EquivalentDespiteOrderAliasesFragmentsAndVariableNames) {
  Scorer s;
  const PairResult r =
      run(s, {kUserQuery},
          "query Q($u: Int! = 1) { ...F }\n"
          "fragment F on Query { who: users(id: $u) { posts { title } username } }");
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
  EXPECT_TRUE(r.pass);
  EXPECT_EQ(r.missing, 0u);
  EXPECT_EQ(r.extra, 0u);
  EXPECT_EQ(r.shared, 4u);
  EXPECT_EQ(r.reference_nodes, 4u);
  EXPECT_EQ(r.candidate_nodes, 4u);
  EXPECT_DOUBLE_EQ(r.precision, 1.0);
  EXPECT_DOUBLE_EQ(r.recall, 1.0);
  EXPECT_DOUBLE_EQ(r.f1, 1.0);
  EXPECT_EQ(r.matched_reference, 0);
  EXPECT_TRUE(r.missing_paths.empty());
  EXPECT_TRUE(r.extra_paths.empty());
  EXPECT_TRUE(r.errors.empty());
}

TEST(ScorePair, UnderfetchNamesTheMissingSubtreeInTheReference) {
  Scorer s;
  const PairResult r = run(s,
                           {"query {\n  users(id: 1) {\n    username\n    posts {\n      title\n"
                            "      body\n    }\n  }\n}"},
                           "{ users(id: 1) { username } }");
  EXPECT_EQ(r.verdict, Verdict::kUnderfetch);
  EXPECT_FALSE(r.pass);
  EXPECT_EQ(r.missing, 3u);
  EXPECT_EQ(r.extra, 0u);
  EXPECT_EQ(r.shared, 2u);
  EXPECT_DOUBLE_EQ(r.precision, 1.0);
  EXPECT_DOUBLE_EQ(r.recall, 0.4);
  EXPECT_NEAR(r.f1, 2 * 0.4 / 1.4, 1e-12);
  EXPECT_EQ(path_lines(r.missing_paths), (Lines{"query -> users(id: 1) -> posts @4:5 (3)"}));
  EXPECT_TRUE(r.extra_paths.empty());
}

TEST(ScorePair, OverfetchAndTheDeltaBudget) {
  Scorer s;
  const std::string_view cand = "{ users(id: 1) { username email id posts { title } } }";
  PairResult r = run(s, {kUserQuery}, cand);
  EXPECT_EQ(r.verdict, Verdict::kOverfetch);
  EXPECT_FALSE(r.pass);
  EXPECT_EQ(r.extra, 2u);
  EXPECT_EQ(path_lines(r.extra_paths), (Lines{"query -> users(id: 1) -> email @1:27 (1)",
                                              "query -> users(id: 1) -> id @1:33 (1)"}));
  ScoreOptions options;
  options.delta = 1;
  r = run(s, {kUserQuery}, cand, options);
  EXPECT_EQ(r.verdict, Verdict::kOverfetch);
  options.delta = 2;
  r = run(s, {kUserQuery}, cand, options);
  EXPECT_EQ(r.verdict, Verdict::kOverfetchOk);
  EXPECT_TRUE(r.pass);
  EXPECT_EQ(r.extra, 2u);  // a pass within the budget still reports what is extra
  EXPECT_EQ(r.extra_paths.size(), 2u);
  options.delta = 50;
  r = run(s, {kUserQuery}, "{ users(id: 1) { username } }", options);
  EXPECT_EQ(r.verdict, Verdict::kUnderfetch);  // the budget never excuses missing data
}

// Each tree numbers its unbound variables on its own; a candidate with one
// more field and variable than the reference may number the shared one
// differently. The scorer aligns the numberings, so a candidate that holds the
// reference word for word plus one field over-fetches, whatever the extra
// field is (the canonical order of the two siblings depends on it).
TEST(ScorePair, UnboundVariablesAreAlignedWithTheReference) {
  Scorer s;
  const std::string_view ref = "query($a: Int!) { users(id: $a) { username } }";
  for (std::string_view extra : {"id", "email", "username", "posts { title }"}) {
    const std::string cand =
        "query($a: Int!, $b: Int!) { users(id: $a) { username } u: users(id: $b) { " +
        std::string(extra) + " } }";
    const PairResult r = run(s, {ref}, cand);
    EXPECT_EQ(r.verdict, Verdict::kOverfetch) << cand;
    EXPECT_EQ(r.missing, 0u) << cand;
    ASSERT_EQ(r.extra_paths.size(), 1u) << cand;
    EXPECT_EQ(r.extra_paths[0].path, "query -> users(id: $2)") << cand;
  }
  // Renamed variables are still the same query, in any order of definition.
  EXPECT_EQ(
      run(s, {"query($x: Int!, $y: Int!) { a: users(id: $x) { id } b: users(id: $y) { email } }"},
          "query($q: Int!, $p: Int!) { b: users(id: $p) { email } a: users(id: $q) { id } }")
          .verdict,
      Verdict::kEquivalent);
  // ... but one variable in two places is not two variables.
  EXPECT_EQ(run(s, {"query($x: Int!) { a: users(id: $x) { id } b: users(id: $x) { email } }"},
                "query($q: Int!, $p: Int!) { a: users(id: $q) { id } b: users(id: $p) { email } }")
                .verdict,
            Verdict::kMismatch);
}

TEST(ScorePair, MismatchOnADifferentArgument) {
  Scorer s;
  const PairResult r = run(s, {kUserQuery}, "{ users(id: 2) { username posts { title } } }");
  EXPECT_EQ(r.verdict, Verdict::kMismatch);
  EXPECT_EQ(r.missing, 4u);
  EXPECT_EQ(r.extra, 4u);
  EXPECT_EQ(r.shared, 0u);
  EXPECT_EQ(path_lines(r.missing_paths), (Lines{"query -> users(id: 1) @1:9 (4)"}));
  EXPECT_EQ(path_lines(r.extra_paths), (Lines{"query -> users(id: 2) @1:3 (4)"}));
}

TEST(ScorePair, DifferentOperationKindIsNeverEquivalent) {
  Scorer s;
  const PairResult r = run(s, {"mutation { addUser(name: \"a\") { username } }"},
                           "query { users(id: 1) { username } }");
  EXPECT_EQ(r.verdict, Verdict::kMismatch);
  EXPECT_TRUE(r.operation_differs);
  EXPECT_EQ(r.missing, 2u);  // all of the reference's nodes
  EXPECT_EQ(r.extra, 2u);    // all of the candidate's nodes
  EXPECT_DOUBLE_EQ(r.f1, 0.0);
  EXPECT_EQ(path_lines(r.missing_paths), (Lines{"mutation -> addUser(name: \"a\") @1:12 (2)"}));
  EXPECT_EQ(path_lines(r.extra_paths), (Lines{"query -> users(id: 1) @1:9 (2)"}));
}

TEST(ScorePair, AbstractTypesCountPerConcreteType) {
  Scorer s;
  // `... on Media { title }` is `title` on Book and on Movie.
  PairResult r = run(s, {"{ search(text: \"x\") { ... on Media { title } } }"},
                     "{ search(text: \"x\") { ... on Book { title } ... on Movie { title } } }");
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
  r = run(s, {"{ search(text: \"x\") { ... on Book { title } } }"},
          "{ search(text: \"x\") {\n  title\n} }");
  EXPECT_EQ(r.verdict, Verdict::kOverfetch);
  EXPECT_EQ(r.extra, 1u);  // exactly one node: title on Movie
  EXPECT_EQ(path_lines(r.extra_paths),
            (Lines{"query -> search(text: \"x\") -> title on Movie @2:3 (1)"}));
}

// ---------------------------------------------------------------- Stage 1 verdicts

TEST(ScorePair, NoQueryInTheCandidate) {
  Scorer s;
  const PairResult r = run(s, {kUserQuery}, "I cannot answer that with the given schema.");
  EXPECT_EQ(r.verdict, Verdict::kNoQuery);
  EXPECT_FALSE(r.pass);
  EXPECT_EQ(r.matched_reference, kNoReference);
  EXPECT_EQ(error_lines(r),
            (Lines{"candidate Extraction: No GraphQL query found in the candidate."}));
}

TEST(ScorePair, BlankCandidateWithoutExtractionIsNoQuery) {
  Scorer s;
  ScoreOptions options;
  options.extract_candidate = false;
  const PairResult r = run(s, {kUserQuery}, " \n\t", options);
  EXPECT_EQ(r.verdict, Verdict::kNoQuery);
  EXPECT_EQ(error_lines(r), (Lines{"candidate Extraction: The candidate is empty."}));
}

TEST(ScorePair, SyntaxErrorPointsIntoTheAnswerAsWritten) {
  Scorer s;
  const PairResult r =
      run(s, {kUserQuery},
          "Sure! Here it is:\n\n```graphql\nquery {\n  users(id: 1) {\n    username(\n"
          "  }\n}\n```\nHope this helps.");
  EXPECT_EQ(r.verdict, Verdict::kInvalidCandidate);
  EXPECT_EQ(error_lines(r),
            (Lines{"candidate 7:3 Syntax: Syntax Error: Expected Name, found \"}\"."}));
}

TEST(ScorePair, ValidationErrorsArePositionedInTheText) {
  Scorer s;
  const PairResult r = run(s, {kUserQuery}, "Answer: query { users(id: 1) { name } }");
  EXPECT_EQ(r.verdict, Verdict::kInvalidCandidate);
  EXPECT_EQ(
      error_lines(r),
      (Lines{"candidate 1:32 FieldsOnCorrectType: Cannot query field \"name\" on type \"User\"."}));
}

TEST(ScorePair, WithoutExtractionProseIsASyntaxError) {
  Scorer s;
  ScoreOptions options;
  options.extract_candidate = false;
  const PairResult r = run(s, {kUserQuery}, "Answer: { users(id: 1) { username } }", options);
  EXPECT_EQ(r.verdict, Verdict::kInvalidCandidate);
  EXPECT_EQ(error_lines(r),
            (Lines{"candidate 1:1 Syntax: Syntax Error: Unexpected Name \"Answer\"."}));
}

TEST(ScorePair, SeveralOperationsNeedAName) {
  Scorer s;
  const std::string_view two =
      "query A { users(id: 1) { username } }\nquery B { users(id: 2) { email } }";
  PairResult r = run(s, {"{ users(id: 2) { email } }"}, two);
  EXPECT_EQ(r.verdict, Verdict::kInvalidCandidate);
  EXPECT_EQ(error_lines(r),
            (Lines{"candidate OperationSelection: Must provide operation name if query contains "
                   "multiple operations."}));
  ScoreOptions options;
  options.operation_name = "B";
  r = run(s, {"{ users(id: 2) { email } }"}, two, options);
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
  // A single-operation document runs its operation whatever the name given.
  r = run(s, {"query Other { users(id: 2) { email } }"}, two, options);
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
  options.operation_name = "C";
  r = run(s, {"{ users(id: 2) { email } }"}, two, options);
  EXPECT_EQ(r.verdict, Verdict::kInvalidCandidate);
  EXPECT_EQ(error_lines(r),
            (Lines{"candidate OperationSelection: Unknown operation named \"C\"."}));
}

TEST(ScorePair, InvalidReference) {
  Scorer s;
  const PairResult r = run(s, {"{ users(id: 1) { nope } }"}, "{ users(id: 1) { username } }");
  EXPECT_EQ(r.verdict, Verdict::kInvalidReference);
  EXPECT_EQ(
      error_lines(r),
      (Lines{
          "reference[0] 1:18 FieldsOnCorrectType: Cannot query field \"nope\" on type \"User\"."}));
}

TEST(ScorePair, ReferencesAreNotExtractedUnlessAsked) {
  Scorer s;
  const std::string_view ref = "```graphql\n{ users(id: 1) { username } }\n```";
  PairResult r = run(s, {ref}, "{ users(id: 1) { username } }");
  EXPECT_EQ(r.verdict, Verdict::kInvalidReference);
  ScoreOptions options;
  options.extract_references = true;
  r = run(s, {ref}, "{ users(id: 1) { username } }", options);
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
  r = run(s, {"nothing here"}, "{ users(id: 1) { username } }", options);
  EXPECT_EQ(r.verdict, Verdict::kInvalidReference);
  EXPECT_EQ(error_lines(r),
            (Lines{"reference[0] Extraction: No GraphQL query found in the reference."}));
}

TEST(ScorePair, Stage1Precedence) {
  Scorer s;
  // invalid_reference beats no_query and invalid_candidate; both are listed.
  PairResult r = run(s, {"{ users(id: 1) { nope } }"}, "no query");
  EXPECT_EQ(r.verdict, Verdict::kInvalidReference);
  EXPECT_EQ(r.errors.size(), 2u);
  r = run(s, {"{ users(id: 1) { nope } }"}, "{ users(id: 1) { alsoNope } }");
  EXPECT_EQ(r.verdict, Verdict::kInvalidReference);
  EXPECT_EQ(
      error_lines(r),
      (Lines{"reference[0] 1:18 FieldsOnCorrectType: Cannot query field \"nope\" on type \"User\".",
             "candidate 1:18 FieldsOnCorrectType: Cannot query field \"alsoNope\" on type "
             "\"User\"."}));
}

TEST(ScorePair, SchemaFailure) {
  auto built = schema::Schema::build("type Query { a: Nope }");
  ASSERT_FALSE(built.ok());
  const PairResult r = schema_failure(built.error());
  EXPECT_EQ(r.verdict, Verdict::kInvalidSchema);
  EXPECT_FALSE(r.pass);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].query, QueryRole::kSchema);
  EXPECT_EQ(r.errors[0].diagnostic.message, "Unknown type \"Nope\".");
}

TEST(ScorePair, NoReferenceGiven) {
  Scorer s;
  const PairResult r = run(s, {}, "{ users(id: 1) { username } }");
  EXPECT_EQ(r.verdict, Verdict::kInvalidReference);
  EXPECT_EQ(error_lines(r), (Lines{"reference[0] Reference: No reference query was given."}));
}

// ---------------------------------------------------------------- several references

TEST(ScorePair, BestReferenceAPassFirst) {
  Scorer s;
  ScoreOptions options;
  options.delta = 1;
  // ref 0: underfetch by 1 (fewer nodes off); ref 1: overfetch_ok by 1 (a pass).
  const PairResult r =
      run(s, {"{ users(id: 1) { username email id } }", "{ users(id: 1) { username } }"},
          "{ users(id: 1) { username email } }", options);
  EXPECT_EQ(r.verdict, Verdict::kOverfetchOk);
  EXPECT_EQ(r.matched_reference, 1);
  EXPECT_EQ(r.reference_count, 2u);
  EXPECT_EQ(path_lines(r.extra_paths), (Lines{"query -> users(id: 1) -> email @1:27 (1)"}));
}

TEST(ScorePair, BestReferenceFewestMissingThenFewestExtra) {
  Scorer s;
  const std::string_view cand = "{ users(id: 1) { username email } }";
  // ref 0: missing 2 (posts, posts.id), extra 0; ref 1: missing 1 (id), extra 1 (email).
  PairResult r = run(
      s, {"{ users(id: 1) { username email posts { id } } }", "{ users(id: 1) { username id } }"},
      cand);
  EXPECT_EQ(r.verdict, Verdict::kMismatch);
  EXPECT_EQ(r.matched_reference, 1);
  EXPECT_EQ(r.missing, 1u);
  EXPECT_EQ(r.extra, 1u);
  // ref 0: missing 1, extra 2; ref 1: missing 1, extra 1.
  r = run(s, {"{ users(id: 1) { id } }", "{ users(id: 1) { username id } }"}, cand);
  EXPECT_EQ(r.verdict, Verdict::kMismatch);
  EXPECT_EQ(r.matched_reference, 1);
  EXPECT_EQ(r.extra, 1u);
}

TEST(ScorePair, BestReferenceTieKeepsTheEarliest) {
  Scorer s;
  PairResult r = run(s, {"{ users(id: 1) { id } }", "{ users(id: 1) { email } }"},
                     "{ users(id: 1) { username } }");
  EXPECT_EQ(r.matched_reference, 0);
  EXPECT_EQ(path_lines(r.missing_paths), (Lines{"query -> users(id: 1) -> id @1:18 (1)"}));
  r = run(s, {"{ users(id: 1) { username } }", "query { users(id: 1) { username } }"},
          "{ users(id: 1) { username } }");
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
  EXPECT_EQ(r.matched_reference, 0);
}

TEST(ScorePair, ExplanationAndFiringsComeFromTheMatchedReference) {
  Scorer s;
  // ref 1 matches; ref 0's cycles firing must not be reported, the explanation
  // must be ref 1's even though ref 1 was not the last one compared.
  const PairResult r = run(s,
                           {"{ users(id: 1) { posts { users { email } } } }",
                            "{ users(id: 1) { username } }", "{ users(id: 2) { id } }"},
                           "{ users(id: 1) { username id } }");
  EXPECT_EQ(r.matched_reference, 1);
  EXPECT_EQ(r.verdict, Verdict::kOverfetch);
  EXPECT_EQ(path_lines(r.extra_paths), (Lines{"query -> users(id: 1) -> id @1:27 (1)"}));
  EXPECT_TRUE(r.rules_fired.empty());
}

// An invalid reference makes the row invalid_reference whatever the candidate:
// whether a row is excluded as a dataset defect must not depend on the model's
// answer (a pass kept and a fail excluded would inflate the pass rate).
TEST(ScorePair, InvalidReferenceAmongSeveralMakesTheRowInvalidWhateverTheCandidate) {
  Scorer s;
  PairResult r = run(s, {"{ users(id: 1) { nope } }", "{ users(id: 1) { username } }"},
                     "{ users(id: 1) { username } }");
  EXPECT_EQ(r.verdict, Verdict::kInvalidReference);
  EXPECT_FALSE(r.pass);
  EXPECT_EQ(r.matched_reference, kNoReference);
  EXPECT_EQ(
      error_lines(r),
      (Lines{
          "reference[0] 1:18 FieldsOnCorrectType: Cannot query field \"nope\" on type \"User\"."}));
  // The same row with a candidate that fails the valid reference.
  r = run(s, {"{ users(id: 1) { username } }", "{ users(id: 1) { nope } }"},
          "{ users(id: 1) { email } }");
  EXPECT_EQ(r.verdict, Verdict::kInvalidReference);
  EXPECT_EQ(r.matched_reference, kNoReference);
  EXPECT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].reference, 1u);
  // All references invalid.
  r = run(s, {"{ a }", "{ b }"}, "{ users(id: 1) { email } }");
  EXPECT_EQ(r.verdict, Verdict::kInvalidReference);
  EXPECT_EQ(r.errors.size(), 2u);
}

// ---------------------------------------------------------------- options

TEST(ScorePair, RuleFiringsAreReportedPerQuery) {
  Scorer s;
  const PairResult r =
      run(s, {"query { users(id: 1) { username posts { title users { email } } } }"},
          "query { usersById(id: 1) { username email posts { title } } }");
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
  ASSERT_EQ(r.rules_fired.size(), 2u);
  EXPECT_EQ(r.rules_fired[0].query, QueryRole::kReference);
  EXPECT_EQ(r.rules_fired[0].rule, "cycles");
  EXPECT_EQ(r.rules_fired[0].path, "query -> users(id: 1) -> posts -> users");
  EXPECT_EQ(r.rules_fired[0].pos, (SourcePos{1, 47}));
  EXPECT_EQ(r.rules_fired[1].query, QueryRole::kCandidate);
  EXPECT_EQ(r.rules_fired[1].rule, "endpoints");
  EXPECT_EQ(r.rules_fired[1].path, "query -> usersById(id: 1)");
  EXPECT_EQ(r.rules_fired[1].pos, (SourcePos{1, 9}));
}

TEST(ScorePair, RulesCanBeSwitchedOff) {
  Scorer s;
  ScoreOptions options;
  options.normalize.rules = normalize::RuleSwitches{false, false, false};
  const PairResult r = run(s, {"query { users(id: 1) { username } }"},
                           "query { usersById(id: 1) { username } }", options);
  EXPECT_EQ(r.verdict, Verdict::kMismatch);
  EXPECT_TRUE(r.rules_fired.empty());
}

TEST(ScorePair, IgnoreTypename) {
  Scorer s;
  const std::string_view cand = "{ users(id: 1) { __typename username } }";
  PairResult r = run(s, {"{ users(id: 1) { username } }"}, cand);
  EXPECT_EQ(r.verdict, Verdict::kOverfetch);
  ScoreOptions options;
  options.normalize.ignore_typename = true;
  r = run(s, {"{ users(id: 1) { username } }"}, cand, options);
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
}

TEST(ScorePair, VariablesBindBothQueries) {
  Scorer s;
  ScoreOptions options;
  options.normalize.variables_json = R"({"id": 1})";
  PairResult r = run(s, {"{ users(id: 1) { username } }"},
                     "query ($id: Int!) { users(id: $id) { username } }", options);
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
  // Unbound, the variable stays a symbol: not the literal 1.
  r = run(s, {"{ users(id: 1) { username } }"},
          "query ($id: Int!) { users(id: $id) { username } }");
  EXPECT_EQ(r.verdict, Verdict::kMismatch);
  EXPECT_EQ(path_lines(r.extra_paths), (Lines{"query -> users(id: $1) @1:21 (2)"}));
}

// Variables bound by name (docs/semantics.md, Stage 2, "Variables"): a swap
// of two variables is a renaming by position, and asks for other records by
// name, explained as one argument difference per field.
constexpr std::string_view kByNameReference =
    "query($first: Int!, $id: Int!) { allUsers(first: $first) { username } "
    "users(id: $id) { email } }";

std::vector<std::string> difference_texts(const PairResult& r) {
  std::vector<std::string> out;
  for (const ArgumentDifference& d : r.argument_differences) out.emplace_back(d.text);
  return out;
}

TEST(ScorePair, VariablesByNameSwapIsAMismatch) {
  Scorer s;
  const std::string_view swapped =
      "query($first: Int!, $id: Int!) { allUsers(first: $id) { username } "
      "users(id: $first) { email } }";
  PairResult r = run(s, {kByNameReference}, swapped);
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
  ScoreOptions by_name;
  by_name.normalize.variables_by_name = true;
  r = run(s, {kByNameReference}, swapped, by_name);
  EXPECT_EQ(r.verdict, Verdict::kMismatch);
  EXPECT_EQ(r.missing, 4u);
  EXPECT_EQ(r.extra, 4u);
  EXPECT_EQ(difference_texts(r),
            (Lines{"allUsers: first $first -> $id", "users: id $id -> $first"}));
}

TEST(ScorePair, VariablesByNameSameNamesAreEquivalent) {
  Scorer s;
  // The same query with its selections and definitions in another order.
  const std::string_view same =
      "query($id: Int!, $first: Int!) { users(id: $id) { email } "
      "allUsers(first: $first) { username } }";
  EXPECT_EQ(run(s, {kByNameReference}, same).verdict, Verdict::kEquivalent);
  ScoreOptions by_name;
  by_name.normalize.variables_by_name = true;
  EXPECT_EQ(run(s, {kByNameReference}, same, by_name).verdict, Verdict::kEquivalent);
}

TEST(ScorePair, VariablesByNameRenamedVariableIsAMismatch) {
  Scorer s;
  const std::string_view renamed =
      "query($n: Int!, $id: Int!) { allUsers(first: $n) { username } users(id: $id) { email } }";
  EXPECT_EQ(run(s, {kByNameReference}, renamed).verdict, Verdict::kEquivalent);
  ScoreOptions by_name;
  by_name.normalize.variables_by_name = true;
  const PairResult r = run(s, {kByNameReference}, renamed, by_name);
  EXPECT_EQ(r.verdict, Verdict::kMismatch);
  EXPECT_EQ(difference_texts(r), (Lines{"allUsers: first $first -> $n"}));
  // A bound variable is its value, whatever its name.
  by_name.normalize.variables_json = R"({"first": 5, "n": 5})";
  EXPECT_EQ(run(s, {kByNameReference}, renamed, by_name).verdict, Verdict::kEquivalent);
}

TEST(ScorePair, ExplainOff) {
  Scorer s;
  ScoreOptions options;
  options.explain = false;
  const PairResult r = run(s, {kUserQuery}, "{ users(id: 2) { username } }", options);
  EXPECT_EQ(r.verdict, Verdict::kMismatch);
  EXPECT_TRUE(r.missing_paths.empty());
  EXPECT_TRUE(r.extra_paths.empty());
}

TEST(ScorePair, ForcedHashCollisionsGiveTheSameResults) {
  const std::vector<std::pair<std::string_view, std::string_view>> pairs = {
      {kUserQuery, "{ users(id: 1) { posts { title } username } }"},
      {kUserQuery, "{ users(id: 1) { username email } }"},
      {"{ search(text: \"x\") { ... on Book { title author } } }",
       "{ search(text: \"x\") { title } }"},
      {"{ anything { ... on User { id } ... on Book { title } } }",
       "{ anything { ... on User { id } } }"},
  };
  Scorer honest, colliding;
  colliding.comparer_for_testing().interner().set_hash_mask_for_testing(0);
  for (const auto& [ref, cand] : pairs) {
    const PairResult a = run(honest, {ref}, cand);
    const PairResult b = run(colliding, {ref}, cand);
    EXPECT_EQ(a.verdict, b.verdict) << cand;
    EXPECT_EQ(a.missing, b.missing) << cand;
    EXPECT_EQ(a.extra, b.extra) << cand;
    EXPECT_EQ(a.shared, b.shared) << cand;
    EXPECT_EQ(path_lines(a.missing_paths), path_lines(b.missing_paths));
    EXPECT_EQ(path_lines(b.extra_paths), path_lines(b.extra_paths));
  }
}

// ---------------------------------------------------------------- One row, several candidates

// A result as `gqleval score` writes it (every member, paths, firings and
// errors with their positions), so that two results compare in full.
std::string rendered(const PairResult& r) {
  std::string out;
  append_result_members(out, r);
  return out + " reference_count=" + std::to_string(r.reference_count) +
         " shared=" + std::to_string(r.shared) + " nodes=" + std::to_string(r.reference_nodes) +
         "/" + std::to_string(r.candidate_nodes) +
         " operation_differs=" + std::to_string(static_cast<int>(r.operation_differs));
}

// Candidates that take every road through the scorer: equivalent after
// rewrites (firings on both sides), extra and missing paths, a renamed
// variable to align, prose with a fence, nothing to find, a syntax error
// (positions into the text as given) and a validation error.
const std::vector<std::string_view>& row_candidates() {
  static const std::vector<std::string_view> candidates = {
      "query { usersById(id: 1) { username email posts { title } } }",
      "{ users(id: 1) { username email posts { title } } }",
      "{ users(id: 1) { username } }",
      "query($b: Int!) { users(id: $b) { username posts { title } } }",
      "Sure:\n```graphql\n{ users(id: 1) { posts { title } username } }\n```\nDone.",
      "I cannot answer that.",
      "Here:\n\n{ users(id: 1) { username ",
      "{ users(id: 1) { nope } }",
  };
  return candidates;
}

TEST(ScoreCandidates, EachCandidateGetsWhatScoreGives) {
  const testing::Fixture& f = fixture();
  struct Row {
    std::vector<std::string_view> references;
    ScoreOptions options;
  };
  ScoreOptions bound;
  bound.normalize.variables_json = R"({"b": 1})";
  ScoreOptions extracting;
  extracting.extract_references = true;
  ScoreOptions terse;
  terse.explain = false;
  terse.delta = 2;
  const std::vector<Row> rows = {
      {{"query { users(id: 1) { username posts { title users { email } } } }"}, {}},
      {{kUserQuery, "query($a: Int!) { users(id: $a) { username } }"}, {}},
      {{kUserQuery}, bound},
      {{"```graphql\n{ users(id: 1) { username } }\n```"}, extracting},
      {{kUserQuery}, terse},
      // Invalid references: the row is invalid_reference for every candidate,
      // each result listing the references' errors (and its own).
      {{"{ users(id: 1) { nope } }", kUserQuery}, {}},
      {{"{ users(id: 1) {"}, {}},
      {{}, {}},
  };
  Scorer shared;
  Scorer single;
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& row = rows[i];
    shared.set_references(*f.schema, f.rewrites.get(), row.references, row.options);
    for (std::string_view candidate : row_candidates()) {
      const std::string once = rendered(shared.score_candidate(candidate));
      const std::string each = rendered(
          single.score(*f.schema, f.rewrites.get(), row.references, candidate, row.options));
      EXPECT_EQ(once, each) << "row " << i << ", candidate " << candidate;
    }
  }
}

// A candidate whose query is a valid reference's very text takes that
// reference's tree instead of reading it again; what it gets must be what
// reading it gives. Each reference is also given with a line break after it,
// which defeats the equality and changes nothing else, and the two results
// must be the same bytes: as written, in prose with a fence, with rules
// firing, bound variables, unbound ones, two references and an invalid one.
TEST(ScoreCandidates, AnAnswerThatIsAReferenceGetsWhatReadingItGives) {
  const testing::Fixture& f = fixture();
  ScoreOptions bound;
  bound.normalize.variables_json = R"({"b": 1})";
  ScoreOptions terse;
  terse.explain = false;
  terse.delta = 2;
  const std::vector<std::vector<std::string>> rows = {
      {"query { users(id: 1) { username posts { title users { email } } } }"},
      {std::string(kUserQuery), "query($a: Int!) { users(id: $a) { username } }"},
      {"query($b: Int!) { users(id: $b) @include(if: true) { username email } }"},
      {"{ users(id: 1) { nope } }", std::string(kUserQuery)},
  };
  Scorer scorer;
  for (const ScoreOptions& options : {ScoreOptions{}, bound, terse}) {
    for (const std::vector<std::string>& row : rows) {
      const std::vector<std::string_view> references(row.begin(), row.end());
      std::vector<std::string> apart_texts;
      apart_texts.reserve(row.size());
      for (const std::string& r : row) apart_texts.push_back(r + "\n");
      const std::vector<std::string_view> apart(apart_texts.begin(), apart_texts.end());
      for (const std::string& r : row) {
        for (const std::string& candidate : {r, "Sure:\n```graphql\n" + r + "\n```\nDone."}) {
          const std::string same =
              rendered(scorer.score(*f.schema, f.rewrites.get(), references, candidate, options));
          const std::string read =
              rendered(scorer.score(*f.schema, f.rewrites.get(), apart, candidate, options));
          EXPECT_EQ(same, read) << candidate;
        }
      }
    }
  }
  // Only the very text: one as long that differs is read, and differs.
  const std::vector<std::string_view> one = {"{ users(id: 1) { email } }"};
  EXPECT_EQ(
      scorer.score(*f.schema, f.rewrites.get(), one, "{ users(id: 2) { email } }", {}).verdict,
      Verdict::kMismatch);
}

TEST(ScoreCandidates, TheReferencesErrorsAreInEveryResult) {
  const testing::Fixture& f = fixture();
  Scorer s;
  const std::vector<std::string_view> refs = {"{ users(id: 1) { nope } }"};
  s.set_references(*f.schema, f.rewrites.get(), refs, ScoreOptions{});
  for (int k = 0; k < 2; ++k) {
    const PairResult r = s.score_candidate("{ users(id: 1) { username } }");
    EXPECT_EQ(r.verdict, Verdict::kInvalidReference);
    EXPECT_EQ(error_lines(r), (Lines{"reference[0] 1:18 FieldsOnCorrectType: Cannot query field "
                                     "\"nope\" on type \"User\"."}));
  }
  const PairResult r = s.score_candidate("{ users(id: 1) { email");
  EXPECT_EQ(r.verdict, Verdict::kInvalidReference);
  EXPECT_EQ(r.errors.size(), 2u);
  EXPECT_EQ(r.errors[1].query, QueryRole::kCandidate);
}

// score() replaces the references that set_references() set: a later
// score_candidate() scores against score()'s.
TEST(ScoreCandidates, ScoreReplacesTheReferences) {
  const testing::Fixture& f = fixture();
  Scorer s;
  const std::vector<std::string_view> first = {"{ users(id: 1) { email } }"};
  const std::vector<std::string_view> second = {"{ users(id: 1) { username } }"};
  s.set_references(*f.schema, f.rewrites.get(), first, ScoreOptions{});
  EXPECT_EQ(s.score_candidate("{ users(id: 1) { email } }").verdict, Verdict::kEquivalent);
  EXPECT_EQ(
      s.score(*f.schema, f.rewrites.get(), second, "{ users(id: 1) { username } }", {}).verdict,
      Verdict::kEquivalent);
  EXPECT_EQ(s.score_candidate("{ users(id: 1) { username } }").verdict, Verdict::kEquivalent);
  EXPECT_EQ(s.score_candidate("{ users(id: 1) { email } }").verdict, Verdict::kMismatch);
}

TEST(ScoreCandidates, WithoutReferencesSetTheCandidateIsNotScored) {
  Scorer s;
  const PairResult r = s.score_candidate("{ users(id: 1) { username } }");
  EXPECT_EQ(r.verdict, Verdict::kInvalidReference);
  EXPECT_EQ(error_lines(r),
            (Lines{"reference[0] Reference: No references were set for the candidate."}));
}

TEST(ScorePair, ThreadLocalFreeFunction) {
  const testing::Fixture& f = fixture();
  const std::vector<std::string_view> refs = {kUserQuery};
  const PairResult r = score_pair(*f.schema, f.rewrites.get(), refs,
                                  "{ users(id: 1) { username posts { title } } }", ScoreOptions{});
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
}

// The embedder's way in: ScoringSchema builds what scoring needs from SDL and
// reports, as values, why a schema does not build and what the dialect fixed.
TEST(ScoringSchema, BuildsReportsAndScores) {
  auto empty = ScoringSchema::build(" \n\t");
  ASSERT_FALSE(empty.ok());
  ASSERT_EQ(empty.error().size(), 1u);
  EXPECT_EQ(empty.error()[0].message, "The schema is empty.");

  auto bad = ScoringSchema::build("type Query { a: Nope }");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error()[0].rule, "KnownTypeNames");

  auto fixed = ScoringSchema::build("type Query { d: DateTime }");
  ASSERT_TRUE(fixed.ok());
  const Diagnostics warnings = (*fixed)->warnings();
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].severity, Severity::kWarning);
  EXPECT_EQ(warnings[0].message,
            "Unknown type \"DateTime\". Declared it as the StepZen scalar DateTime.");
  auto strict = ScoringSchema::build("type Query { d: DateTime }", {.strict = true});
  EXPECT_FALSE(strict.ok());

  Scorer scorer;
  const std::string_view refs[] = {"{ d }"};
  EXPECT_EQ(scorer.score(**fixed, refs, "{ d }", {}).verdict, Verdict::kEquivalent);
  auto no_rules = ScoringSchema::build("type Query { d: DateTime }", {.rewrites = false});
  ASSERT_TRUE(no_rules.ok());
  EXPECT_EQ((*no_rules)->rewrites(), nullptr);
}

}  // namespace
}  // namespace gqleval::score
