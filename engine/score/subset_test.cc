#include "engine/score/subset.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/schema/schema.h"

namespace gqleval::score {
namespace {

using Lines = std::vector<std::string>;

// The schema of the Relay 21.0.1 observations the expectations below repeat
// (where Relay is right) or correct (its four defects).
constexpr std::string_view kSchema = R"(
schema { query: Query mutation: Mutation }
type Query {
  user(id: ID!): User
  users(ids: [ID!], filter: UserFilter): [User]
  node(id: ID!): Node
  search(text: String, kind: SearchKind = ALL): [SearchResult]
  viewer: User
}
type Mutation { rename(id: ID!, name: String!): User }
scalar JSON
enum SearchKind { ALL USERS PAGES }
input UserFilter { name: String minAge: Int = 18 tags: [String] nested: UserFilter }
interface Node { id: ID! }
type User implements Node {
  id: ID!
  name: String
  email: String
  age: Int
  friends(first: Int, after: String): [User]
  avatar(size: Int = 50): String
  score(min: Float): Int
  meta(data: JSON): String
}
type Page implements Node { id: ID! title: String likers(first: Int): [User] }
type Group implements Node { id: ID! name: String }
union SearchResult = User | Page | Group
)";

const schema::Schema& test_schema() {
  static const std::shared_ptr<const schema::Schema> s = [] {
    auto built = schema::Schema::build(kSchema);
    EXPECT_TRUE(built.ok());
    return *built;
  }();
  return *s;
}

SubsetResult compare(std::string_view left, std::string_view right) {
  SubsetComparer comparer;
  return comparer.compare(test_schema(), left, right);
}

Lines missing_lines(const SubsetResult& r) {
  Lines out;
  for (const SubsetMissing& m : r.missing) {
    out.push_back(std::to_string(m.pos.line) + ":" + std::to_string(m.pos.column) + " " + m.path +
                  " (" + std::to_string(m.nodes) + ")");
  }
  return out;
}

bool passes(std::string_view left, std::string_view right) {
  const SubsetResult r = compare(left, right);
  EXPECT_EQ(r.state, SubsetState::kCompared) << left << " / " << right;
  return r.passed;
}

// ---------------------------------------------------------------- as Relay

TEST(Subset, RightMaySelectMore) {
  const SubsetResult r =
      compare("query Q { user(id: 1) { id name } }", "query R { user(id: 1) { name id email } }");
  EXPECT_TRUE(r.passed);
  EXPECT_DOUBLE_EQ(r.score, 1.0);
  EXPECT_EQ(r.left_nodes, 4u);  // query, user, id, name
  EXPECT_TRUE(r.missing.empty());
}

TEST(Subset, MissingLeavesAndSubtreesWithTheScore) {
  SubsetResult r =
      compare("query { user(id: 1) {\n id\n name\n email } }", "{ user(id: 1) { id } }");
  EXPECT_FALSE(r.passed);
  EXPECT_EQ(missing_lines(r), (Lines{"3:2 query -> user(id: \"1\") -> name (1)",
                                     "4:2 query -> user(id: \"1\") -> email (1)"}));
  EXPECT_EQ(r.left_nodes, 5u);
  EXPECT_EQ(r.missing_nodes, 2u);
  EXPECT_DOUBLE_EQ(r.score, 0.6);

  r = compare("{ user(id: 1) { id friends { id name } } }", "{ user(id: 1) { id } }");
  EXPECT_EQ(missing_lines(r), (Lines{"1:20 query -> user(id: \"1\") -> friends (3)"}));
  EXPECT_DOUBLE_EQ(r.score, 0.5);
}

TEST(Subset, ADifferentOperationKindMissesEverything) {
  const SubsetResult r =
      compare("mutation { rename(id: 1, name: \"x\") { id } }", "{ user(id: 1) { id } }");
  EXPECT_EQ(missing_lines(r), (Lines{"1:1 mutation (3)"}));
  EXPECT_DOUBLE_EQ(r.score, 0.0);
}

TEST(Subset, AliasesAndFragmentsDoNotMatter) {
  EXPECT_TRUE(passes("{ u: user(id: 1) { myId: id ...F } } fragment F on User { name }",
                     "{ user(id: 1) { ... on User { id } name } }"));
}

TEST(Subset, ArgumentsOnlyRightGivesAreIgnored) {
  EXPECT_TRUE(passes("{ viewer { friends { id } } }", "{ viewer { friends(first: 10) { id } } }"));
  EXPECT_FALSE(passes("{ viewer { friends(first: 10) { id } } }", "{ viewer { friends { id } } }"));
}

TEST(Subset, AnyValueIsASubsetOfAVariableButNotTheOtherWay) {
  EXPECT_TRUE(passes("{ user(id: 1) { id } }", "query ($u: ID!) { user(id: $u) { id } }"));
  EXPECT_TRUE(
      passes("query ($a: ID!) { user(id: $a) { id } }", "query ($b: ID!) { user(id: $b) { id } }"));
  EXPECT_FALSE(passes("query ($u: ID!) { user(id: $u) { id } }", "{ user(id: 1) { id } }"));
  EXPECT_FALSE(passes("{ user(id: 1) { id } }", "{ user(id: 2) { id } }"));
}

TEST(Subset, ListsCompareItemByItem) {
  auto users = [](std::string_view ids, std::string_view vars = "") {
    return std::string("query ") + std::string(vars) + " { users(ids: " + std::string(ids) +
           ") { id } }";
  };
  EXPECT_FALSE(passes(users("[1, 2]"), users("[2, 1]")));
  EXPECT_FALSE(passes(users("[1]"), users("[1, 2]")));
  EXPECT_TRUE(passes(users("[1, 2]"), users("[1, $a]", "($a: ID!)")));
  EXPECT_TRUE(passes(users("[1, 2]"), users("$ids", "($ids: [ID!])")));
}

TEST(Subset, LeavesCarryTheirConcreteTypes) {
  SubsetResult r = compare("{ node(id: 1) { id } }", "{ node(id: 1) { ... on User { id } } }");
  EXPECT_EQ(missing_lines(r), (Lines{"1:17 query -> node(id: \"1\") -> id on {Page, Group} (1)"}));
  EXPECT_EQ(r.missing[0].types, (std::vector<std::string_view>{"Page", "Group"}));
  EXPECT_EQ(r.left_nodes, 3u);
  EXPECT_NEAR(r.score, 2.0 / 3.0, 1e-12);

  EXPECT_TRUE(passes("{ node(id: 1) { ... on User { id name } ... on Page { id } } }",
                     "{ node(id: 1) { id ... on User { name } } }"));
  EXPECT_TRUE(passes("{ node(id: 1) { ... on Node { id } } }", "{ node(id: 1) { id } }"));
  r = compare("{ node(id: 1) { ... on User { id } ... on Page { id } ... on Group { id } } }",
              "{ node(id: 1) { id } }");
  EXPECT_TRUE(r.passed);
  EXPECT_EQ(r.left_nodes, 3u);  // one leaf for the three types, as Relay counts
}

// ---------------------------------------------------------------- Relay's defects, fixed

// Relay ignores @include/@skip: a skipped field still counts on either side.
TEST(Subset, ConditionsArePartOfTheQuery) {
  EXPECT_TRUE(passes("{ user(id: 1) { id name @skip(if: true) } }", "{ user(id: 1) { id } }"));
  EXPECT_FALSE(
      passes("{ user(id: 1) { id name } }", "{ user(id: 1) { id name @include(if: false) } }"));
  const SubsetResult r =
      compare("query ($c: Boolean!) { user(id: 1) { id name @include(if: $c) } }",
              "{ user(id: 1) { id } }");
  EXPECT_EQ(missing_lines(r),
            (Lines{"1:41 query -> user(id: \"1\") -> name @include(if: $1) (1)"}));
  // A document whose every field is skipped has a tree of its root alone
  // (UBSan found the sibling sort stepping past an empty list here, in the
  // ASan run of RelayDifferential).
  EXPECT_FALSE(passes("{ user(id: 1) { id } }", "{ user(id: 1) @include(if: false) { id } }"));
  EXPECT_TRUE(passes("{ user(id: 1) @skip(if: true) { id } }", "{ viewer { id } }"));
  // An unconditional RIGHT field covers a conditional LEFT one, not the reverse.
  EXPECT_TRUE(passes("query ($c: Boolean!) { user(id: 1) { name @include(if: $c) } }",
                     "{ user(id: 1) { name } }"));
  EXPECT_FALSE(passes("{ user(id: 1) { name } }",
                      "query ($c: Boolean!) { user(id: 1) { name @include(if: $c) } }"));
}

// Relay keeps only the first copy's children of a field selected twice.
TEST(Subset, AFieldSelectedTwiceMergesItsChildren) {
  const SubsetResult r =
      compare("{ user(id: 1) { id } user(id: 1) { name } }", "{ user(id: 1) { id } }");
  EXPECT_EQ(missing_lines(r), (Lines{"1:36 query -> user(id: \"1\") -> name (1)"}));
  EXPECT_TRUE(passes("{ user(id: 1) { id name } }", "{ user(id: 1) { id } user(id: 1) { name } }"));
}

// Relay matches a LEFT field against the first RIGHT field that fits only.
TEST(Subset, EveryMatchingRightPathIsTried) {
  EXPECT_TRUE(passes("{ viewer { friends(first: 1) { name } } }",
                     "query ($n: Int) { viewer { a: friends(first: $n) { id } b: friends(first: 1) "
                     "{ name } } }"));
  // Types of one leaf may come from several matching RIGHT leaves.
  EXPECT_TRUE(passes("{ node(id: 1) { id } }",
                     "query ($x: ID!) { a: node(id: $x) { ... on User { id } } b: node(id: 1) { "
                     "... on Page { id } ... on Group { id } } }"));
}

// Relay compares two constant input objects by key order and count.
TEST(Subset, InputObjectsCompareByValue) {
  EXPECT_TRUE(passes("{ users(filter: {name: \"a\", minAge: 3}) { id } }",
                     "{ users(filter: {minAge: 3, name: \"a\"}) { id } }"));
  // A constant RIGHT object gives exactly itself (Relay too): more fields filter more.
  EXPECT_FALSE(passes("{ users(filter: {name: \"a\"}) { id } }",
                      "{ users(filter: {name: \"a\", tags: [\"x\"]}) { id } }"));
  // One that holds a variable gives any value there, and may give more fields.
  EXPECT_TRUE(passes("{ users(filter: {name: \"a\"}) { id } }",
                     "query ($t: [String]) { users(filter: {name: \"a\", tags: $t}) { id } }"));
  EXPECT_FALSE(passes("{ users(filter: {name: \"a\", tags: [\"x\"]}) { id } }",
                      "{ users(filter: {name: \"a\"}) { id } }"));
  EXPECT_TRUE(
      passes("{ users(filter: {nested: {name: \"b\"}}) { id } }",
             "query ($n: String) { users(filter: {nested: {name: $n}, tags: []}) { id } }"));
}

// ---------------------------------------------------------------- values after coercion

TEST(Subset, ALeftOutArgumentOrFieldStandsForItsDefault) {
  EXPECT_TRUE(passes("{ user(id: 1) { avatar } }", "{ user(id: 1) { avatar(size: 50) } }"));
  EXPECT_FALSE(passes("{ user(id: 1) { avatar } }", "{ user(id: 1) { avatar(size: 10) } }"));
  EXPECT_FALSE(passes("{ user(id: 1) { avatar(size: 10) } }", "{ user(id: 1) { avatar } }"));
  // minAge defaults to 18: LEFT's {name} asks minAge 18, which RIGHT's 3 is not.
  EXPECT_FALSE(passes("{ users(filter: {name: \"a\"}) { id } }",
                      "{ users(filter: {name: \"a\", minAge: 3}) { id } }"));
  EXPECT_TRUE(passes("{ users(filter: {name: \"a\"}) { id } }",
                     "{ users(filter: {name: \"a\", minAge: 18}) { id } }"));
  EXPECT_TRUE(passes("{ search(text: \"x\") { __typename } }",
                     "{ search(text: \"x\", kind: ALL) { __typename } }"));
}

TEST(Subset, CoercedScalarsAreEqual) {
  EXPECT_TRUE(passes("{ user(id: 1) { id } }", "{ user(id: \"1\") { id } }"));
  EXPECT_TRUE(passes("{ user(id: 1) { score(min: 1) } }", "{ user(id: 1) { score(min: 1.0) } }"));
  EXPECT_TRUE(passes("{ users(ids: 1) { id } }", "{ users(ids: [1]) { id } }"));
  EXPECT_TRUE(passes("{ user(id: \"\\u00e9\") { id } }", "{ user(id: \"\xC3\xA9\") { id } }"));
}

// With no variables given, a variable with a default value is that value
// (docs/semantics.md, Stage 2); Relay takes it for any value, default or not.
// Found by tests/relay_differential_test.py (category variable_default).
TEST(Subset, AVariableWithADefaultIsThatValue) {
  // Relay passes: `$u` could be 1.
  EXPECT_FALSE(passes("{ user(id: 1) { id } }", "query ($u: ID! = 2) { user(id: $u) { id } }"));
  EXPECT_TRUE(passes("{ user(id: 2) { id } }", "query ($u: ID! = 2) { user(id: $u) { id } }"));
  // Relay misses user(id: $u): a literal does not give every value.
  EXPECT_TRUE(passes("query ($u: ID = 1) { user(id: $u) { id } }", "{ user(id: 1) { id } }"));
  // A variable without a default still gives any value.
  EXPECT_TRUE(passes("query ($u: ID = 1) { user(id: $u) { id } }",
                     "query ($v: ID!) { user(id: $v) { id } }"));
}

// ---------------------------------------------------------------- bad input

TEST(Subset, InvalidDocumentsAreStatesWithDiagnostics) {
  SubsetResult r = compare("{ user(id: 1) { nickname } }", "{ user(id: 1) { id } }");
  EXPECT_EQ(r.state, SubsetState::kInvalidLeft);
  ASSERT_FALSE(r.errors.empty());
  EXPECT_EQ(r.errors[0].query, QueryRole::kReference);
  EXPECT_EQ(r.errors[0].diagnostic.message,
            "Cannot query field \"nickname\" on type \"User\". Did you mean \"name\"?");
  EXPECT_EQ(r.errors[0].diagnostic.locations[0].line, 1u);
  EXPECT_EQ(r.errors[0].diagnostic.locations[0].column, 17u);

  r = compare("{ user(id: 1) { id } }", "{ user(id: 1) { id }");
  EXPECT_EQ(r.state, SubsetState::kInvalidRight);
  ASSERT_FALSE(r.errors.empty());
  EXPECT_EQ(r.errors[0].query, QueryRole::kCandidate);
  EXPECT_EQ(r.errors[0].diagnostic.rule, "Syntax");

  r = compare("query A { viewer { id } } query B { viewer { name } }", "{ viewer { id } }");
  EXPECT_EQ(r.state, SubsetState::kInvalidLeft);
  ASSERT_FALSE(r.errors.empty());
  EXPECT_EQ(r.errors[0].diagnostic.message,
            "Must provide operation name if query contains multiple operations.");

  SubsetComparer comparer;
  SubsetOptions options;
  options.operation_name = "B";
  r = comparer.compare(test_schema(), "query A { viewer { id } } query B { viewer { name } }",
                       "{ viewer { name } }", options);
  EXPECT_TRUE(r.passed);
}

// ---------------------------------------------------------------- rows

SubsetRow row(std::vector<std::string_view> lefts, std::string_view right, bool extract = true) {
  SubsetComparer comparer;
  SubsetOptions options;
  options.extract_right = extract;
  return comparer.compare_references(test_schema(), lefts, right, options);
}

TEST(SubsetRows, OneReferenceIsCompare) {
  SubsetRow r = row({"{ user(id: 1) { id name } }"}, "{ user(id: 1) { name id email } }");
  EXPECT_EQ(r.verdict, SubsetVerdict::kSubset);
  EXPECT_EQ(r.matched_reference, 0);
  EXPECT_TRUE(r.result.passed);
  EXPECT_EQ(r.result.left_nodes, 4u);

  r = row({"query { user(id: 1) {\n id\n name\n email } }"}, "{ user(id: 1) { id } }");
  EXPECT_EQ(r.verdict, SubsetVerdict::kMissing);
  EXPECT_EQ(missing_lines(r.result), (Lines{"3:2 query -> user(id: \"1\") -> name (1)",
                                            "4:2 query -> user(id: \"1\") -> email (1)"}));
  EXPECT_DOUBLE_EQ(r.result.score, 0.6);
}

// A pass first, then the highest score, then the earliest reference.
TEST(SubsetRows, TheBestReferenceIsMatched) {
  const std::string_view right = "{ user(id: 1) { id name } }";
  SubsetRow r = row({"{ user(id: 1) { id email } }", "{ user(id: 1) { name } }"}, right);
  EXPECT_EQ(r.verdict, SubsetVerdict::kSubset);
  EXPECT_EQ(r.matched_reference, 1);
  EXPECT_DOUBLE_EQ(r.result.score, 1.0);
  EXPECT_EQ(r.result.left_nodes, 3u);

  // Scores 0.4 (3 of 5 nodes missing), 0.8 (1 of 5), 0.8: the first 0.8.
  r = row({"{ user(id: 1) { email age avatar } }", "{ user(id: 1) { id name email } }",
           "{ user(id: 1) { id name age } }"},
          right);
  EXPECT_EQ(r.verdict, SubsetVerdict::kMissing);
  EXPECT_EQ(r.matched_reference, 1);
  EXPECT_DOUBLE_EQ(r.result.score, 0.8);
  EXPECT_EQ(missing_lines(r.result), (Lines{"1:25 query -> user(id: \"1\") -> email (1)"}));

  r = row({"{ user(id: 1) { id } }", "{ user(id: 1) { name } }"}, right);
  EXPECT_EQ(r.matched_reference, 0);  // two passes: the earlier
}

// The candidate is found in LLM text; positions point into the text as given.
TEST(SubsetRows, TheCandidateIsExtractedFromProse) {
  const SubsetRow r =
      row({"{ user(id: 1) { id } }"}, "Sure:\n```graphql\n{ user(id: 1) { id name } }\n```\nDone.");
  EXPECT_EQ(r.verdict, SubsetVerdict::kSubset);
  EXPECT_EQ(row({"{ user(id: 1) { id } }"}, "Sure: { user(id: 1) { id } }", false).verdict,
            SubsetVerdict::kInvalidCandidate);
}

// Stage 1 verdicts as score_pair.h orders them; every document's errors, the
// references' with their index.
TEST(SubsetRows, StageOneVerdicts) {
  SubsetRow r = row({"{ user(id: 1) { id } }"}, "I cannot answer that.");
  EXPECT_EQ(r.verdict, SubsetVerdict::kNoQuery);
  EXPECT_EQ(r.matched_reference, kNoReference);
  ASSERT_EQ(r.result.errors.size(), 1u);  // the front end's, not compare()'s second NoQuery
  EXPECT_EQ(r.result.errors[0].diagnostic.rule, "Extraction");
  EXPECT_EQ(row({"{ user(id: 1) { id } }"}, "  ", false).verdict, SubsetVerdict::kNoQuery);

  r = row({"{ user(id: 1) { id } }"}, "{ user(id: 1) { nickname } }");
  EXPECT_EQ(r.verdict, SubsetVerdict::kInvalidCandidate);
  EXPECT_EQ(r.result.state, SubsetState::kInvalidRight);
  ASSERT_EQ(r.result.errors.size(), 1u);
  EXPECT_EQ(r.result.errors[0].query, QueryRole::kCandidate);

  // An invalid reference wins whatever the candidate; both are reported.
  r = row({"{ user(id: 1) { id } }", "{ user(id: 1) { nickname } }"}, "{ viewer { nope } }");
  EXPECT_EQ(r.verdict, SubsetVerdict::kInvalidReference);
  EXPECT_EQ(r.result.state, SubsetState::kInvalidLeft);
  ASSERT_EQ(r.result.errors.size(), 2u);
  EXPECT_EQ(r.result.errors[0].query, QueryRole::kReference);
  EXPECT_EQ(r.result.errors[0].reference, 1u);
  EXPECT_EQ(r.result.errors[1].query, QueryRole::kCandidate);
  EXPECT_EQ(row({"{ user(id: 1) { nickname } }"}, "{ user(id: 1) { id } }").verdict,
            SubsetVerdict::kInvalidReference);

  r = row({}, "{ viewer { id } }");
  EXPECT_EQ(r.verdict, SubsetVerdict::kInvalidReference);
  ASSERT_FALSE(r.result.errors.empty());
  EXPECT_EQ(r.result.errors[0].diagnostic.rule, "Reference");

  r = subset_schema_failure({make_error("Schema", "Unknown type \"Nope\".")});
  EXPECT_EQ(r.verdict, SubsetVerdict::kInvalidSchema);
  ASSERT_EQ(r.result.errors.size(), 1u);
  EXPECT_EQ(r.result.errors[0].query, QueryRole::kSchema);
}

// A comparer reused over rows of different shapes gives what a fresh one gives.
TEST(SubsetRows, AReusedComparerForgetsThePreviousRow) {
  SubsetComparer comparer;
  SubsetOptions options;
  options.extract_right = true;
  const std::vector<std::vector<std::string_view>> lefts = {
      {"{ user(id: 1) { id name } }", "{ viewer { id } }", "{ node(id: 1) { id } }"},
      {"{ search(text: \"a\") { ... on Page { title } } }"},
      {"{ user(id: 1) { nickname } }"},
      {"{ viewer { friends { id name } } }", "{ viewer { id } }"}};
  const std::string_view rights[] = {"{ viewer { id } }", "{ search(text: \"a\") { __typename } }",
                                     "{ viewer { id } }", "{ viewer { friends { id } } }"};
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t i = 0; i < lefts.size(); ++i) {
      const SubsetRow reused =
          comparer.compare_references(test_schema(), lefts[i], rights[i], options);
      const SubsetRow fresh = row(lefts[i], rights[i]);
      EXPECT_EQ(reused.verdict, fresh.verdict) << i;
      EXPECT_EQ(reused.matched_reference, fresh.matched_reference) << i;
      EXPECT_EQ(missing_lines(reused.result), missing_lines(fresh.result)) << i;
      EXPECT_EQ(reused.result.errors.size(), fresh.result.errors.size()) << i;
    }
  }
  EXPECT_EQ(subset_verdict_name(SubsetVerdict::kSubset), "subset");
  EXPECT_EQ(subset_verdict_name(SubsetVerdict::kMissing), "missing");
  EXPECT_EQ(subset_verdict_name(SubsetVerdict::kInvalidReference), "invalid_reference");
}

}  // namespace
}  // namespace gqleval::score
