// Checks the promise of the kernels: once a BitMatrix has grown to the largest
// record, the per-record work (reset, set edges, close, diff, hash) allocates
// nothing. The global allocation functions of this test binary are replaced
// by counting ones that forward to malloc.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "kernels/bit_matrix.h"
#include "kernels/closure.h"
#include "kernels/diff.h"
#include "kernels/hash.h"

namespace {
std::atomic<size_t> g_allocations{0};

void* counted_alloc(size_t bytes, size_t align) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  bytes = (bytes + align - 1) / align * align;  // aligned_alloc needs a multiple
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
// The array forms too: a sanitizer runtime supplies its own, which would not
// forward to the ones above.
void* operator new[](size_t bytes) { return counted_alloc(bytes, alignof(std::max_align_t)); }
void* operator new[](size_t bytes, std::align_val_t align) {
  return counted_alloc(bytes, static_cast<size_t>(align));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t, std::align_val_t) noexcept { std::free(p); }

namespace gqleval::kernels {
namespace {

TEST(Allocation, CountingAllocatorSeesBitMatrixGrowth) {
  const size_t before = g_allocations.load();
  BitMatrix m(100);
  EXPECT_EQ(g_allocations.load(), before + 1);
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
  const std::string schema = "type Query { users(id: ID!): [User!]! } type User { id: ID! }";
  BitMatrix m;
  m.reset(3000);  // warm up to the largest record
  uint64_t sink = 0;
  const size_t before = g_allocations.load();
  for (const auto& [n, edges] : records) {
    m.reset(n);
    for (auto [a, b] : edges) m.set(a, b);
    transitive_closure(m.view(), ClosureMode::kReflexive);
    DiffCounts d = diff_counts(m.row(0), m.row(n / 2));
    sink += d.only_a + d.only_b + d.both + hash_combine(hash_string(schema), n);
  }
  EXPECT_EQ(g_allocations.load(), before);
  EXPECT_NE(sink, 0u);
}

}  // namespace
}  // namespace gqleval::kernels
