#include "bench/baseline/baseline_scorer.h"

#include <gtest/gtest.h>

#include "bench/baseline/test_util.h"

namespace gqleval::baseline {
namespace {

using score::QueryRole;
using score::Verdict;

class BaselineScorerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    schema_ = testing::test_schema();
    data_ = std::make_unique<SyntheticData>(SyntheticData::build(*schema_, testing::small_data()));
  }
  BaselineResult score(std::string_view reference, std::string_view candidate,
                       std::string_view variables = {}) {
    const std::string_view refs[] = {reference};
    return scorer_.score(*schema_, *data_, refs, candidate, variables, options_);
  }
  std::shared_ptr<const schema::Schema> schema_;
  std::unique_ptr<SyntheticData> data_;
  BaselineScorer scorer_;
  BaselineOptions options_;
};

TEST_F(BaselineScorerTest, SameDataInAnyOrderIsEquivalent) {
  const BaselineResult r =
      score("{ users { id name } }", "Sure:\n```graphql\n{ users { name id } }\n```");
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
  EXPECT_TRUE(r.pass);
  EXPECT_EQ(r.matched_reference, 0);
  EXPECT_EQ(r.reference_leaves, 10u);
  EXPECT_EQ(r.candidate_leaves, 10u);
  EXPECT_EQ(r.reference_bytes, r.candidate_bytes);
  EXPECT_TRUE(r.errors.empty());
}

TEST_F(BaselineScorerTest, AliasedEquivalentQueryIsAMismatch) {
  // gqleval says equivalent (aliases are not part of a node's identity); the
  // responses differ in their keys, so execute-and-match says mismatch.
  const BaselineResult r = score("{ user(id: 1) { name } }", "{ user(id: 1) { fullName: name } }");
  EXPECT_EQ(r.verdict, Verdict::kMismatch);
  EXPECT_FALSE(r.pass);
  EXPECT_EQ(r.matched_reference, score::kNoReference);
}

TEST_F(BaselineScorerTest, EmptyResultsHideDifferentSelections) {
  // Both select a user that does not exist: null == null, whatever the fields.
  const BaselineResult r = score("{ user(id: 99) { name } }", "{ user(id: 99) { age role } }");
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
  EXPECT_EQ(r.reference_leaves, 0u);
  EXPECT_EQ(r.candidate_leaves, 0u);
}

TEST_F(BaselineScorerTest, OverFetchIsAMismatch) {
  EXPECT_EQ(score("{ user(id: 1) { name } }", "{ user(id: 1) { name age } }").verdict,
            Verdict::kMismatch);
}

TEST_F(BaselineScorerTest, Stage1VerdictsAsGqleval) {
  BaselineResult r = score("{ user(id: 1) { name } }", "I cannot answer that.");
  EXPECT_EQ(r.verdict, Verdict::kNoQuery);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].diagnostic.message, "No GraphQL query found in the candidate.");

  r = score("{ user(id: 1) { name } }", "The answer:\n{ user(id: 1) { nick } }");
  EXPECT_EQ(r.verdict, Verdict::kInvalidCandidate);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].query, QueryRole::kCandidate);
  EXPECT_EQ(r.errors[0].diagnostic.rule, "FieldsOnCorrectType");
  EXPECT_EQ(r.errors[0].diagnostic.pos(), (SourcePos{2, 17}));  // in the text as given

  r = score("{ user(id: 1) { nick } }", "{ user(id: 1) { name } }");
  EXPECT_EQ(r.verdict, Verdict::kInvalidReference);
  // invalid_reference wins over invalid_candidate.
  r = score("{ user { name } }", "{ user(id: 1) { nick } }");
  EXPECT_EQ(r.verdict, Verdict::kInvalidReference);
  EXPECT_EQ(r.errors.size(), 2u);
}

TEST_F(BaselineScorerTest, Variables) {
  EXPECT_EQ(score("{ user(id: 2) { name } }", "query($id: ID!) { user(id: $id) { name } }",
                  R"({"id": 2})")
                .verdict,
            Verdict::kEquivalent);
  // A required variable without a value: the request fails, the row cannot match.
  const BaselineResult r =
      score("{ user(id: 2) { name } }", "query($id: ID!) { user(id: $id) { name } }");
  EXPECT_EQ(r.verdict, Verdict::kMismatch);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].diagnostic.rule, "Execution");
  EXPECT_EQ(r.errors[0].diagnostic.message,
            "Variable \"$id\" of required type \"ID!\" was not provided.");
  // Variables that are not a JSON object fail every query, the reference first.
  EXPECT_EQ(score("{ user(id: 2) { name } }", "{ user(id: 2) { name } }", "[1]").verdict,
            Verdict::kInvalidReference);
}

TEST_F(BaselineScorerTest, SeveralReferencesMatchAny) {
  const std::string_view refs[] = {"{ user(id: 1) { name } }", "{ user(id: 1) { age } }"};
  const BaselineResult r =
      scorer_.score(*schema_, *data_, refs, "{ user(id: 1) { age } }", {}, options_);
  EXPECT_EQ(r.verdict, Verdict::kEquivalent);
  EXPECT_EQ(r.matched_reference, 1);
}

}  // namespace
}  // namespace gqleval::baseline
