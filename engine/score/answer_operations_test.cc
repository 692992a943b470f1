// Answers of several operations (score_pair.h "Several operations", subset.h
// with all_operations): what the valid operations fetch together is compared,
// each invalid one is left out and named, and explanations name the
// operation each candidate path came from.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/score/result_json.h"
#include "engine/score/score_pair.h"
#include "engine/score/subset.h"
#include "engine/score/test_util.h"

namespace gqleval::score {
namespace {

using testing::error_lines;
using testing::fixture;
using testing::path_lines;
using testing::run;
using Lines = std::vector<std::string>;

constexpr std::string_view kReference = "{ users(id: 1) { username email } }";
// The reference's data split over two queries, as an agent submits them.
constexpr std::string_view kSplit =
    R"(["{ users(id: 1) { username } }", "query Second {\n  users(id: 1) { email }\n}"])";

ScoreOptions all() {
  ScoreOptions o;
  o.all_operations = true;
  return o;
}

TEST(AnswerOperations, ASplitAnswerIsEquivalentTogetherAndNotAlone) {
  Scorer s;
  PairResult r = run(s, {kReference}, kSplit, all());
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
  EXPECT_EQ(r.operations, 2u);
  EXPECT_EQ(r.invalid_operations, 0u);
  EXPECT_TRUE(r.errors.empty());
  // Alone, each part underfetches.
  r = run(s, {kReference}, "{ users(id: 1) { username } }", all());
  EXPECT_EQ(r.verdict, Verdict::kUnderfetch);
  EXPECT_EQ(r.operations, 1u);
  // One document of two operations is the same answer.
  r = run(s, {kReference},
          "query A { users(id: 1) { username } }\nquery B { users(id: 1) { email } }", all());
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
  EXPECT_EQ(r.operations, 2u);
  // Without all_operations the array is text with a query in it (the first),
  // and a document of two operations needs a name.
  r = run(s, {kReference}, kSplit);
  EXPECT_EQ(r.verdict, Verdict::kUnderfetch);
  r = run(s, {kReference},
          "query A { users(id: 1) { username } }\nquery B { users(id: 1) { email } }");
  EXPECT_EQ(r.verdict, Verdict::kInvalidCandidate);
  EXPECT_EQ(r.operations, 1u);
  EXPECT_EQ(r.invalid_operations, 1u);
}

TEST(AnswerOperations, AnInvalidOperationIsLeftOutAndNamedWithoutHidingTheOthers) {
  Scorer s;
  const PairResult r = run(s, {kReference},
                           R"(["{ users(id: 1) { username } }", "{ users(id: 1) { nope } }",)"
                           R"( "{ users(id: 1) { email } }"])",
                           all());
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
  EXPECT_EQ(r.operations, 3u);
  EXPECT_EQ(r.invalid_operations, 1u);
  EXPECT_EQ(error_lines(r), (Lines{"candidate operation 1 1:18 FieldsOnCorrectType: Cannot query "
                                   "field \"nope\" on type \"User\"."}));
  // In the row's JSON the error names its operation.
  std::string json;
  append_result_members(json, r);
  EXPECT_NE(json.find(R"("operations":3,"invalid_operations":1,"errors":[{"query":"candidate",)"
                      R"("operation":1,"rule":"FieldsOnCorrectType")"),
            std::string::npos)
      << json;
}

TEST(AnswerOperations, ExplanationsNameTheOperationAndItsPosition) {
  Scorer s;
  const PairResult r = run(
      s, {"{ users(id: 1) { username } }"},
      R"(["{ users(id: 1) { username } }", "query More {\n  users(id: 1) { posts { title } }\n}"])",
      all());
  EXPECT_EQ(r.verdict, Verdict::kOverfetch);
  ASSERT_EQ(r.extra_paths.size(), 1u);
  EXPECT_EQ(path_lines(r.extra_paths), (Lines{"query -> users(id: 1) -> posts @2:18 (2)"}));
  EXPECT_EQ(r.extra_paths[0].operation, 1);
  EXPECT_EQ(r.missing_paths.size(), 0u);
  std::string json;
  append_result_members(json, r);
  EXPECT_NE(json.find(R"("line":2,"column":18,"nodes":2,"operation":1})"), std::string::npos)
      << json;
  // A one-operation run names no operation.
  const PairResult one =
      run(s, {"{ users(id: 1) { username } }"}, "{ users(id: 1) { username posts { title } } }");
  ASSERT_EQ(one.extra_paths.size(), 1u);
  EXPECT_EQ(one.extra_paths[0].operation, -1);
}

TEST(AnswerOperations, EachOperationsVariablesAreValuesOfTheirOwn) {
  Scorer s;
  // Two operations, each with its own $id: two users, which a reference that
  // asks for one user by one variable is not.
  const std::string_view two = R"(["query($id: Int!) { users(id: $id) { username } }",)"
                               R"( "query($id: Int!) { users(id: $id) { email } }"])";
  PairResult r = run(s, {"query($u: Int!) { users(id: $u) { username email } }"}, two, all());
  EXPECT_FALSE(r.pass) << verdict_name(r.verdict);
  // A reference that asks for two users by two variables is the same data.
  r = run(s,
          {"query($a: Int!, $b: Int!) { x: users(id: $a) { username } y: users(id: $b) { email } "
           "}"},
          two, all());
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
  // Bound by name, $id is one value in both operations.
  ScoreOptions by_name = all();
  by_name.normalize.variables_by_name = true;
  r = run(s, {"query($id: Int!) { users(id: $id) { username email } }"}, two, by_name);
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
}

TEST(AnswerOperations, OperationsOfAnotherKindDoNotMerge) {
  Scorer s;
  const PairResult r =
      run(s, {kReference},
          "query A { users(id: 1) { username email } }\nmutation B { addUser(name: \"x\") { id } }",
          all());
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
  EXPECT_EQ(r.operations, 2u);
  EXPECT_EQ(r.invalid_operations, 1u);
  EXPECT_EQ(error_lines(r),
            (Lines{"candidate operation 1 2:1 OperationKind: operation 1 is a mutation and the "
                   "answer's first is a query: an answer's operations merge when they are of "
                   "one kind"}));
}

TEST(AnswerOperations, StageOneVerdictsOfAnAnswer) {
  Scorer s;
  // Every operation invalid.
  PairResult r = run(s, {kReference}, R"(["{ nope }", "{ users(id: 1) { nope } }"])", all());
  EXPECT_EQ(r.verdict, Verdict::kInvalidCandidate);
  EXPECT_EQ(r.operations, 2u);
  EXPECT_EQ(r.invalid_operations, 2u);
  EXPECT_EQ(error_lines(r).size(), 2u);
  // No query in any text.
  r = run(s, {kReference}, R"(["I cannot answer that.", "Sorry."])", all());
  EXPECT_EQ(r.verdict, Verdict::kNoQuery);
  EXPECT_EQ(r.operations, 0u);
  EXPECT_EQ(error_lines(r),
            (Lines{"candidate Extraction: No GraphQL query found in the candidate."}));
  r = run(s, {kReference}, "[]", all());
  EXPECT_EQ(r.verdict, Verdict::kNoQuery);
  EXPECT_EQ(error_lines(r),
            (Lines{"candidate Extraction: The answer's array holds no query text."}));
  // A cell that is neither a query nor an array of query texts.
  r = run(s, {kReference}, R"(["{ users(id: 1) { email } }", 7])", all());
  EXPECT_EQ(r.verdict, Verdict::kInvalidCandidate);
  EXPECT_EQ(error_lines(r),
            (Lines{"candidate operation 1 InvalidAnswer: entry 1 of the answer's array is not a "
                   "string"}));
  r = run(s, {kReference}, "[{ users(id: 1) { email } }", all());
  EXPECT_EQ(r.verdict, Verdict::kInvalidCandidate);
  EXPECT_EQ(error_lines(r), (Lines{"candidate InvalidAnswer: the answer is neither a query nor a "
                                   "JSON array of query texts"}));
  // A fragment's error leaves out every operation that could spread it.
  r = run(s, {kReference},
          "query A { users(id: 1) { ...F } }\nquery B { users(id: 1) { email } }\n"
          "fragment F on User { nope }",
          all());
  EXPECT_EQ(r.verdict, Verdict::kInvalidCandidate);
  EXPECT_EQ(r.invalid_operations, 2u);
}

TEST(AnswerOperations, ASubsetRowComparesWhatTheOperationsSelectTogether) {
  const testing::Fixture& f = fixture();
  SubsetComparer comparer;
  SubsetOptions o;
  o.all_operations = true;
  const std::string_view refs[] = {kReference};
  SubsetRow row = comparer.compare_references(*f.schema, refs, kSplit, o);
  EXPECT_EQ(row.verdict, SubsetVerdict::kSubset);
  EXPECT_EQ(row.operations, 2u);
  row = comparer.compare_references(
      *f.schema, refs, R"(["{ users(id: 1) { username } }", "{ users(id: 1) { nope } }"])", o);
  EXPECT_EQ(row.verdict, SubsetVerdict::kMissing);
  EXPECT_EQ(row.invalid_operations, 1u);
  ASSERT_EQ(row.result.missing.size(), 1u);
  EXPECT_EQ(row.result.missing[0].path, "query -> users(id: 1) -> email");
  ASSERT_EQ(row.result.errors.size(), 1u);
  EXPECT_EQ(row.result.errors[0].operation, 1);
  // One operation, as before.
  o.all_operations = false;
  row = comparer.compare_references(*f.schema, refs, "{ users(id: 1) { username } }", o);
  EXPECT_EQ(row.verdict, SubsetVerdict::kMissing);
  EXPECT_EQ(row.operations, 1u);
}

}  // namespace
}  // namespace gqleval::score
