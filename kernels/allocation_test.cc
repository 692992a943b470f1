// Checks the promise of the kernels: once a BitMatrix has grown to the largest
// record, the per-record work (reset, set edges, close, diff) allocates
// nothing. Allocations are counted by testing/allocation_counter.h.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "kernels/bit_matrix.h"
#include "kernels/closure.h"
#include "kernels/diff.h"
#include "testing/allocation_counter.h"

namespace gqleval::kernels {
namespace {

TEST(Allocation, CountingAllocatorSeesBitMatrixGrowth) {
  const uint64_t before = gqleval::testing::allocation_count();
  BitMatrix m(100);
  EXPECT_EQ(gqleval::testing::allocation_count(), before + 1);
}

TEST(Allocation, SteadyStateRecordLoopAllocatesNothing) {
  // Records of 5 to 60 nodes, and a rare big one, prepared up front.
  std::mt19937_64 rng(11);
  std::vector<std::pair<size_t, std::vector<std::pair<size_t, size_t>>>> records;
  for (int r = 0; r < 200; ++r) {
    size_t n = r == 100 ? 3000 : 5 + rng() % 56;
    std::vector<std::pair<size_t, size_t>> edges;
    for (size_t v = 1; v < n; ++v) edges.emplace_back(rng() % v, v);
    if (r % 3 == 0) edges.emplace_back(n - 1, 0);  // a back edge: Warshall path
    records.emplace_back(n, std::move(edges));
  }
  BitMatrix m;
  m.reset(3000);  // warm up to the largest record
  uint64_t sink = 0;
  const uint64_t before = gqleval::testing::allocation_count();
  for (const auto& [n, edges] : records) {
    m.reset(n);
    for (auto [a, b] : edges) m.set(a, b);
    transitive_closure(m.view(), ClosureMode::kReflexive);
    DiffCounts d = diff_counts(m.row(0), m.row(n / 2));
    sink += d.only_a + d.only_b + d.both + n;
  }
  EXPECT_EQ(gqleval::testing::allocation_count(), before);
  EXPECT_NE(sink, 0u);
}

}  // namespace
}  // namespace gqleval::kernels
