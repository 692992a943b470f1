// Checks the promise of score_pair.h: once a Scorer has scored a pair, scoring
// it again adds no heap allocation of its own (interning, matrices, closure,
// verdict, explanation, result) to what the stages it calls allocate. The
// global allocation functions of this test binary are replaced by counting
// ones.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string_view>
#include <vector>

#include "engine/graphql/parser.h"
#include "engine/score/score_pair.h"
#include "engine/score/test_util.h"
#include "engine/validate/validator.h"
#include "io/query_extract.h"

namespace {
std::atomic<size_t> g_allocations{0};
}  // namespace

// Only the scalar forms: the library's array forms call them, so array
// allocations are counted too. Not under AddressSanitizer: its runtime's
// operator new serves the prebuilt simdjson library, whose objects are then
// freed by inline code of this binary, and the two would not match.
#if defined(__SANITIZE_ADDRESS__)
#define GQLEVAL_COUNTING_NEW 0
#else
#define GQLEVAL_COUNTING_NEW 1
namespace {
void* counted_alloc(size_t bytes, size_t align) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  bytes = (bytes + align - 1) / align * align;
  void* p = align <= alignof(std::max_align_t) ? std::malloc(bytes ? bytes : 1)
                                               : std::aligned_alloc(align, bytes ? bytes : align);
  if (p == nullptr) std::abort();
  return p;
}
}  // namespace

void* operator new(size_t bytes) { return counted_alloc(bytes, alignof(std::max_align_t)); }
void* operator new(size_t bytes, std::align_val_t align) {
  return counted_alloc(bytes, static_cast<size_t>(align));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, size_t, std::align_val_t) noexcept { std::free(p); }
#endif

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
  const size_t before = g_allocations.load();
  for (int i = 0; i < kRounds; ++i) {
    const PairResult r = scorer.score(*f.schema, f.rewrites.get(), references, candidate, options);
    if (r.verdict != expected) ADD_FAILURE() << verdict_name(r.verdict);
  }
  return g_allocations.load() - before;
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
  const size_t before = g_allocations.load();
  for (int i = 0; i < kRounds; ++i) once();
  return g_allocations.load() - before;
}

#define SKIP_WITHOUT_COUNTING() \
  if (!GQLEVAL_COUNTING_NEW) GTEST_SKIP() << "allocation counting is off under AddressSanitizer"

TEST(ScoreAllocation, CountingAllocatorWorks) {
  SKIP_WITHOUT_COUNTING();
  const size_t before = g_allocations.load();
  auto* v = new std::vector<int>(10);
  delete v;
  EXPECT_EQ(g_allocations.load(), before + 2);
}

// The Scorer's own work (workspace, interning, matrices, closure, verdict,
// explanation, result) allocates nothing in the steady state: a warm rescoring
// allocates exactly what the stages below it allocate. (At the time of
// writing, validate() allocates about 22 times per call for its context's
// caches and extract_query() 3 to 6 times; once those stages are
// allocation-free, so is the whole pair, and this test still holds.)
TEST(ScoreAllocation, EquivalentPairAddsNoAllocation) {
  SKIP_WITHOUT_COUNTING();
  const std::vector<std::string_view> refs = {
      "query { users(id: 1) { username posts { title } } }"};
  const std::string_view cand =
      "Here you go:\n```graphql\nquery Q($id: Int! = 1) {\n"
      "  usersById(id: $id) { posts { title users { username } } }\n}\n```";
  const size_t stages = stage_allocations(refs, cand);
  const size_t scorer = scorer_allocations(refs, cand, Verdict::kEquivalent);
  EXPECT_EQ(scorer, stages);
  RecordProperty("allocations_per_pair_in_stages", static_cast<int>(stages / kRounds));
}

TEST(ScoreAllocation, MismatchWithExplanationAddsNoAllocation) {
  SKIP_WITHOUT_COUNTING();
  const std::vector<std::string_view> refs = {"{ users(id: 1) { username } }",
                                              "{ search(text: \"a\") { ... on Media { title } } }"};
  const std::string_view cand = "{ search(text: \"a\") { ... on Book { title author } } }";
  const size_t stages = stage_allocations(refs, cand);
  const size_t scorer = scorer_allocations(refs, cand, Verdict::kMismatch);
  EXPECT_EQ(scorer, stages);
}

}  // namespace
}  // namespace gqleval::score
