// Checks the promise of score_pair.h: once a Scorer has scored a pair, scoring
// it again adds no heap allocation of its own (interning, matrices, closure,
// verdict, explanation, result) to what the stages it calls allocate. Allocations
// are counted by testing/allocation_counter.h.
#include <gtest/gtest.h>

#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/graphql/parser.h"
#include "engine/score/score_pair.h"
#include "engine/score/subset.h"
#include "engine/score/test_util.h"
#include "engine/validate/validator.h"
#include "io/query_extract.h"
#include "testing/allocation_counter.h"

namespace gqleval::score {
namespace {

constexpr int kRounds = 100;

// Allocations of kRounds rescorings of one pair by a warm Scorer.
size_t scorer_allocations(const std::vector<std::string_view>& references,
                          std::string_view candidate, Verdict expected) {
  const testing::Fixture& f = testing::fixture();
  Scorer scorer;
  const ScoreOptions options;
  for (int warm = 0; warm < 3; ++warm) {
    const PairResult r = scorer.score(*f.schema, f.rewrites.get(), references, candidate, options);
    EXPECT_EQ(r.verdict, expected);
  }
  const uint64_t before = gqleval::testing::allocation_count();
  for (int i = 0; i < kRounds; ++i) {
    const PairResult r = scorer.score(*f.schema, f.rewrites.get(), references, candidate, options);
    if (r.verdict != expected) ADD_FAILURE() << verdict_name(r.verdict);
  }
  return gqleval::testing::allocation_count() - before;
}

// Allocations of kRounds runs of the stages the Scorer calls (extraction of
// the candidate, parse, validate, select_operation, normalize of every query),
// warm, without the Scorer: what the other stages cost, so that the test can
// tell the Scorer's own allocations apart.
size_t stage_allocations(const std::vector<std::string_view>& references,
                         std::string_view candidate) {
  const testing::Fixture& f = testing::fixture();
  Arena arena;
  normalize::Normalizer normalizer;
  auto once = [&] {
    arena.reset();
    auto stages = [&](std::string_view text) {
      auto doc = graphql::parse(text, arena);
      if (!doc.ok()) return;
      Diagnostics d = validate::validate(*f.schema, **doc);
      auto op = validate::select_operation(**doc, "");
      if (!op.ok()) return;
      auto tree = normalizer.run(*f.schema, **doc, **op, {}, f.rewrites.get(), arena);
      (void)tree;
    };
    for (std::string_view r : references) stages(r);
    stages(io::extract_query(candidate, arena).query);
  };
  for (int warm = 0; warm < 3; ++warm) once();
  const uint64_t before = gqleval::testing::allocation_count();
  for (int i = 0; i < kRounds; ++i) once();
  return gqleval::testing::allocation_count() - before;
}

TEST(ScoreAllocation, CountingAllocatorWorks) {
  const uint64_t before = gqleval::testing::allocation_count();
  // Direct calls of the allocation functions: a new-expression whose result
  // is unused may be elided by the optimizer, a function call may not.
  void* one = ::operator new(16);
  void* array = ::operator new[](32);
  ::operator delete[](array);
  ::operator delete(one);
  EXPECT_EQ(gqleval::testing::allocation_count(), before + 2);
}

// The Scorer's own work (workspace, interning, matrices, closure, verdict,
// explanation, result) allocates nothing in the steady state: a warm rescoring
// allocates exactly what the stages below it allocate. Those allocate nothing
// either (validate() reuses a per-thread workspace, extract_query() finds a
// fence with a plain line scan), so a fenced answer allocates nothing at all.
TEST(ScoreAllocation, EquivalentPairAddsNoAllocation) {
  const std::vector<std::string_view> refs = {
      "query { users(id: 1) { username posts { title } } }"};
  const std::string_view cand =
      "Here you go:\n```graphql\nquery Q($id: Int! = 1) {\n"
      "  usersById(id: $id) { posts { title users { username } } }\n}\n```";
  const size_t stages = stage_allocations(refs, cand);
  const size_t scorer = scorer_allocations(refs, cand, Verdict::kEquivalent);
  EXPECT_EQ(scorer, stages);
  EXPECT_EQ(stages, 0u);
}

// An answer without a fence (the query alone): the whole pair, every stage
// included, allocates nothing once warm.
TEST(ScoreAllocation, BareQueryPairAllocatesNothing) {
  const std::vector<std::string_view> refs = {
      "query { users(id: 1) { username posts { title } } }"};
  const std::string_view cand =
      "query Q($id: Int! = 1) {\n  usersById(id: $id) { posts { title users { username } } }\n}";
  EXPECT_EQ(stage_allocations(refs, cand), 0u);
  EXPECT_EQ(scorer_allocations(refs, cand, Verdict::kEquivalent), 0u);
}

TEST(ScoreAllocation, MismatchWithExplanationAddsNoAllocation) {
  const std::vector<std::string_view> refs = {"{ users(id: 1) { username } }",
                                              "{ search(text: \"a\") { ... on Media { title } } }"};
  const std::string_view cand = "{ search(text: \"a\") { ... on Book { title author } } }";
  const size_t stages = stage_allocations(refs, cand);
  const size_t scorer = scorer_allocations(refs, cand, Verdict::kMismatch);
  EXPECT_EQ(scorer, stages);
  EXPECT_EQ(stages, 0u);  // two references, inline fragments, an explanation: no allocation
}

// An argument difference with a nested one and paths inside: the pairing,
// the inner comparison and the texts live in the arena and reused lists.
TEST(ScoreAllocation, ArgumentDifferencesAddNoAllocation) {
  const std::vector<std::string_view> refs = {
      "{ users(id: 1) { username posts { title } } allUsers(first: 5) { id username } }"};
  const std::string_view cand =
      "{ users(id: 2) { email posts { title body } } allUsers(first: 50) { id email } }";
  const size_t stages = stage_allocations(refs, cand);
  const size_t scorer = scorer_allocations(refs, cand, Verdict::kMismatch);
  EXPECT_EQ(scorer, stages);
  EXPECT_EQ(stages, 0u);
}

// A row with several candidates (Scorer::set_references, then
// score_candidate per candidate, as `score --candidate-cols` runs them): once
// warm, nothing allocates, the references' arena included.
TEST(ScoreAllocation, SeveralCandidatesOfARowAllocateNothing) {
  const testing::Fixture& f = testing::fixture();
  const std::vector<std::string_view> refs = {"query { users(id: 1) { username posts { title } } }",
                                              "{ search(text: \"a\") { ... on Media { title } } }"};
  const std::vector<std::string_view> candidates = {
      "query Q($id: Int! = 1) {\n  usersById(id: $id) { posts { title users { username } } }\n}",
      "Here you go:\n```graphql\n{ users(id: 1) { username posts { title } } }\n```",
      "{ search(text: \"a\") { ... on Book { title author } } }", "{ users(id: 1) { username } }"};
  const std::vector<Verdict> expected = {Verdict::kEquivalent, Verdict::kEquivalent,
                                         Verdict::kMismatch, Verdict::kUnderfetch};
  Scorer scorer;
  auto row = [&] {
    scorer.set_references(*f.schema, f.rewrites.get(), refs, ScoreOptions{});
    for (size_t k = 0; k < candidates.size(); ++k) {
      const PairResult r = scorer.score_candidate(candidates[k]);
      if (r.verdict != expected[k]) ADD_FAILURE() << k << ": " << verdict_name(r.verdict);
    }
  };
  for (int warm = 0; warm < 3; ++warm) row();
  const uint64_t before = gqleval::testing::allocation_count();
  for (int i = 0; i < kRounds; ++i) row();
  EXPECT_EQ(gqleval::testing::allocation_count() - before, 0u);
}

// Allocations of kRounds subset rows (subset.h, compare_references) by a warm
// SubsetComparer, as `score --mode subset` runs them.
size_t subset_allocations(const std::vector<std::string_view>& references,
                          std::string_view candidate, SubsetVerdict expected) {
  const testing::Fixture& f = testing::fixture();
  SubsetComparer comparer;
  SubsetOptions options;
  options.extract_right = true;
  for (int warm = 0; warm < 3; ++warm) {
    const SubsetRow r = comparer.compare_references(*f.schema, references, candidate, options);
    EXPECT_EQ(r.verdict, expected);
  }
  const uint64_t before = gqleval::testing::allocation_count();
  for (int i = 0; i < kRounds; ++i) {
    const SubsetRow r = comparer.compare_references(*f.schema, references, candidate, options);
    if (r.verdict != expected) ADD_FAILURE() << subset_verdict_name(r.verdict);
  }
  return gqleval::testing::allocation_count() - before;
}

// The subset trees, their grouping and ordering, and the comparison reuse
// their buffers: a warm row that passes allocates exactly what the stages
// below it allocate, whatever its shape (aliases, fragments, leaves on
// abstract types, several references, arguments that only RIGHT gives). (A
// row that misses something allocates its missing paths: the result owns
// them.)
TEST(ScoreAllocation, SubsetRowsThatPassAddNoAllocation) {
  const std::vector<std::pair<std::vector<std::string_view>, std::string_view>> rows = {
      {{"query { users(id: 1) { username posts { title } } }"},
       "Here you go:\n```graphql\nquery Q {\n  u: users(id: 1) { id posts { id title } ...F "
       "}\n}\nfragment F on User { username }\n```"},
      {{"{ search(text: \"a\") { title ... on Book { author } } }",
        "{ search(text: \"a\") { year } }"},
       "{ search(text: \"a\") { ... on Book { title author year } ... on Movie { title year } } }"},
      {{"{ allUsers { username } }"}, "query ($n: Int) { allUsers(first: $n) { id username } }"},
  };
  for (const auto& [references, candidate] : rows) {
    SCOPED_TRACE(candidate);
    EXPECT_EQ(subset_allocations(references, candidate, SubsetVerdict::kSubset),
              stage_allocations(references, candidate));
  }
  EXPECT_EQ(stage_allocations(rows[1].first, rows[1].second), 0u);  // so: nothing at all
}

}  // namespace
}  // namespace gqleval::score
