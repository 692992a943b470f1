#include "engine/score/verdict.h"

#include <gtest/gtest.h>

#include <vector>

namespace gqleval::score {
namespace {

TEST(Verdict, NamesRoundTrip) {
  const std::vector<std::string_view> names = {
      "equivalent", "overfetch_ok",      "overfetch",         "underfetch",    "mismatch",
      "no_query",   "invalid_candidate", "invalid_reference", "invalid_schema"};
  for (size_t i = 0; i < names.size(); ++i) {
    const auto v = static_cast<Verdict>(i);
    EXPECT_EQ(verdict_name(v), names[i]);
    Verdict back = Verdict::kMismatch;
    ASSERT_TRUE(verdict_from_name(names[i], &back));
    EXPECT_EQ(back, v);
  }
  Verdict v;
  EXPECT_FALSE(verdict_from_name("equal", &v));
}

TEST(Verdict, PassAndStage1) {
  EXPECT_TRUE(is_pass(Verdict::kEquivalent));
  EXPECT_TRUE(is_pass(Verdict::kOverfetchOk));
  for (Verdict v :
       {Verdict::kOverfetch, Verdict::kUnderfetch, Verdict::kMismatch, Verdict::kNoQuery,
        Verdict::kInvalidCandidate, Verdict::kInvalidReference, Verdict::kInvalidSchema}) {
    EXPECT_FALSE(is_pass(v)) << verdict_name(v);
  }
  for (Verdict v : {Verdict::kEquivalent, Verdict::kOverfetchOk, Verdict::kOverfetch,
                    Verdict::kUnderfetch, Verdict::kMismatch}) {
    EXPECT_FALSE(is_stage1(v)) << verdict_name(v);
  }
  for (Verdict v : {Verdict::kNoQuery, Verdict::kInvalidCandidate, Verdict::kInvalidReference,
                    Verdict::kInvalidSchema}) {
    EXPECT_TRUE(is_stage1(v)) << verdict_name(v);
  }
}

TEST(Verdict, ClassifyByCounts) {
  EXPECT_EQ(classify(0, 0, 0), Verdict::kEquivalent);
  EXPECT_EQ(classify(0, 0, 5), Verdict::kEquivalent);
  EXPECT_EQ(classify(0, 1, 0), Verdict::kOverfetch);
  EXPECT_EQ(classify(0, 3, 0), Verdict::kOverfetch);
  EXPECT_EQ(classify(2, 0, 0), Verdict::kUnderfetch);
  EXPECT_EQ(classify(2, 0, 9), Verdict::kUnderfetch);  // delta never excuses missing data
  EXPECT_EQ(classify(1, 1, 0), Verdict::kMismatch);
  EXPECT_EQ(classify(1, 1, 9), Verdict::kMismatch);
}

TEST(Verdict, DeltaIsInclusive) {
  EXPECT_EQ(classify(0, 1, 1), Verdict::kOverfetchOk);
  EXPECT_EQ(classify(0, 2, 2), Verdict::kOverfetchOk);
  EXPECT_EQ(classify(0, 3, 2), Verdict::kOverfetch);
  EXPECT_EQ(classify(0, 1, 0), Verdict::kOverfetch);
}

TEST(Verdict, DifferentOperationKindIsNeverEquivalentNorAPass) {
  EXPECT_EQ(classify(0, 0, 0, true), Verdict::kMismatch);  // both trees empty
  EXPECT_EQ(classify(0, 2, 5, true), Verdict::kOverfetch);
  EXPECT_EQ(classify(3, 0, 0, true), Verdict::kUnderfetch);
  EXPECT_EQ(classify(3, 2, 0, true), Verdict::kMismatch);
}

TEST(Verdict, Stage1Precedence) {
  // invalid_schema > invalid_reference > no_query > invalid_candidate, both ways round.
  const std::vector<Verdict> order = {Verdict::kInvalidSchema, Verdict::kInvalidReference,
                                      Verdict::kNoQuery, Verdict::kInvalidCandidate};
  for (size_t i = 0; i < order.size(); ++i) {
    for (size_t j = 0; j < order.size(); ++j) {
      const Verdict want = order[std::min(i, j)];
      EXPECT_EQ(stage1_precedence(order[i], order[j]), want)
          << verdict_name(order[i]) << " vs " << verdict_name(order[j]);
    }
  }
}

Comparison counts(uint32_t missing, uint32_t extra) {
  Comparison c;
  c.missing = missing;
  c.extra = extra;
  return c;
}

TEST(Verdict, BetterMatchOrder) {
  // A pass beats any fail, even one with fewer missing + extra overall.
  EXPECT_TRUE(better_match(counts(0, 2), counts(1, 0), 2));
  EXPECT_FALSE(better_match(counts(1, 0), counts(0, 2), 2));
  // Without the budget, (0, 2) is an overfetch: fewest missing still wins.
  EXPECT_TRUE(better_match(counts(0, 2), counts(1, 0), 0));
  // Fewer missing first, then fewer extra.
  EXPECT_TRUE(better_match(counts(1, 5), counts(2, 0), 0));
  EXPECT_TRUE(better_match(counts(1, 1), counts(1, 2), 0));
  // Among passes, the equivalent one (no extra) wins.
  EXPECT_TRUE(better_match(counts(0, 0), counts(0, 1), 3));
  // Ties are not better: the earliest reference keeps its place.
  EXPECT_FALSE(better_match(counts(1, 1), counts(1, 1), 0));
  EXPECT_FALSE(better_match(counts(0, 0), counts(0, 0), 0));
}

TEST(Verdict, BetterMatchWithDifferentOperation) {
  Comparison other_kind = counts(0, 0);
  other_kind.operation_differs = true;  // a mismatch, not a pass
  EXPECT_TRUE(better_match(counts(0, 1), other_kind, 1));
  EXPECT_FALSE(better_match(other_kind, counts(0, 1), 1));
}

Comparison sets(uint32_t shared, uint32_t reference_nodes, uint32_t candidate_nodes) {
  Comparison c;
  c.shared = shared;
  c.reference_nodes = reference_nodes;
  c.candidate_nodes = candidate_nodes;
  c.missing = reference_nodes - shared;
  c.extra = candidate_nodes - shared;
  return c;
}

TEST(Verdict, GradedScores) {
  GradedScores s = graded_scores(sets(3, 4, 6));
  EXPECT_DOUBLE_EQ(s.precision, 0.5);
  EXPECT_DOUBLE_EQ(s.recall, 0.75);
  EXPECT_DOUBLE_EQ(s.f1, 0.6);
  // Exact where the fraction is: 3 shared of 3 and 5 nodes is 0.75 (through
  // P and R it would be 0.7499999999999999, and F1 >= 0.75 would fail).
  EXPECT_EQ(graded_scores(sets(3, 3, 5)).f1, 0.75);
  s = graded_scores(sets(4, 4, 4));
  EXPECT_DOUBLE_EQ(s.precision, 1.0);
  EXPECT_DOUBLE_EQ(s.recall, 1.0);
  EXPECT_DOUBLE_EQ(s.f1, 1.0);
}

TEST(Verdict, GradedScoresNothingShared) {
  const GradedScores s = graded_scores(sets(0, 3, 2));
  EXPECT_DOUBLE_EQ(s.precision, 0.0);
  EXPECT_DOUBLE_EQ(s.recall, 0.0);
  EXPECT_DOUBLE_EQ(s.f1, 0.0);  // P + R = 0: defined as 0, not NaN
}

TEST(Verdict, GradedScoresEmptySets) {
  // An empty candidate fetches nothing wrong (P = 1) and nothing asked (R = 0).
  GradedScores s = graded_scores(sets(0, 3, 0));
  EXPECT_DOUBLE_EQ(s.precision, 1.0);
  EXPECT_DOUBLE_EQ(s.recall, 0.0);
  EXPECT_DOUBLE_EQ(s.f1, 0.0);
  // An empty reference: everything asked is fetched (R = 1).
  s = graded_scores(sets(0, 0, 2));
  EXPECT_DOUBLE_EQ(s.precision, 0.0);
  EXPECT_DOUBLE_EQ(s.recall, 1.0);
  EXPECT_DOUBLE_EQ(s.f1, 0.0);
  // Both empty: equal, so 1, 1, 1.
  s = graded_scores(sets(0, 0, 0));
  EXPECT_DOUBLE_EQ(s.precision, 1.0);
  EXPECT_DOUBLE_EQ(s.recall, 1.0);
  EXPECT_DOUBLE_EQ(s.f1, 1.0);
}

TEST(Verdict, GradedScoresDifferentOperationAreZero) {
  Comparison c = sets(0, 0, 0);
  c.operation_differs = true;
  const GradedScores s = graded_scores(c);
  EXPECT_DOUBLE_EQ(s.precision, 0.0);
  EXPECT_DOUBLE_EQ(s.recall, 0.0);
  EXPECT_DOUBLE_EQ(s.f1, 0.0);
}

}  // namespace
}  // namespace gqleval::score
