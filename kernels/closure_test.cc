#include "kernels/closure.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace gqleval::kernels {
namespace {

using Edges = std::vector<std::pair<size_t, size_t>>;

// The reference: a breadth-first search from every node over adjacency lists,
// sharing no code with the kernels. reach[i][j] iff a path of length >= 1
// (plus i == j in reflexive mode).
std::vector<std::vector<bool>> naive_closure(size_t n, const Edges& edges, ClosureMode mode) {
  std::vector<std::vector<size_t>> succ(n);
  for (auto [from, to] : edges) succ[from].push_back(to);
  std::vector<std::vector<bool>> reach(n, std::vector<bool>(n, false));
  for (size_t s = 0; s < n; ++s) {
    std::vector<size_t> queue(succ[s].begin(), succ[s].end());
    for (size_t head = 0; head < queue.size(); ++head) {
      size_t v = queue[head];
      if (reach[s][v]) continue;
      reach[s][v] = true;
      for (size_t w : succ[v]) queue.push_back(w);
    }
    if (mode == ClosureMode::kReflexive) reach[s][s] = true;
  }
  return reach;
}

void fill(BitMatrix& m, size_t n, const Edges& edges) {
  m.reset(n);
  for (auto [from, to] : edges) m.set(from, to);
}

// Compares every bit, and checks that the padding of every row stayed zero.
void expect_matches(const BitMatrix& m, const std::vector<std::vector<bool>>& want,
                    const std::string& what) {
  const size_t n = m.size();
  size_t wrong = 0;
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      if (m.test(i, j) != want[i][j] && ++wrong <= 5) {
        ADD_FAILURE() << what << ": bit (" << i << ", " << j << ") is " << m.test(i, j);
      }
    }
    const uint64_t* row = m.view().data() + i * m.stride();
    if (n % 64 != 0) {
      EXPECT_EQ(row[m.row_words() - 1] >> (n % 64), 0u) << what << ": padding bits of row " << i;
    }
    for (size_t w = m.row_words(); w < m.stride(); ++w) {
      EXPECT_EQ(row[w], 0u) << what << ": padding word of row " << i;
    }
  }
  EXPECT_EQ(wrong, 0u) << what;
}

// A random graph with about `avg_degree` edges per node, any direction, so
// with cycles; self loops included when asked.
Edges random_graph(size_t n, double avg_degree, bool self_loops, std::mt19937_64& rng) {
  Edges edges;
  if (n == 0) return edges;
  std::uniform_int_distribution<size_t> node(0, n - 1);
  size_t count = static_cast<size_t>(avg_degree * static_cast<double>(n));
  for (size_t e = 0; e < count; ++e) {
    size_t a = node(rng);
    size_t b = node(rng);
    if (a == b && !self_loops) continue;
    edges.emplace_back(a, b);
  }
  if (self_loops) edges.emplace_back(n / 2, n / 2);
  return edges;
}

// A random tree numbered in preorder-like order (parent < child) with a few
// extra forward edges: the shape of a query response tree.
Edges forward_tree(size_t n, size_t extra, std::mt19937_64& rng) {
  Edges edges;
  for (size_t v = 1; v < n; ++v) {
    std::uniform_int_distribution<size_t> parent(v > 8 ? v - 8 : 0, v - 1);
    edges.emplace_back(parent(rng), v);
  }
  for (size_t e = 0; n > 1 && e < extra; ++e) {
    std::uniform_int_distribution<size_t> node(0, n - 2);
    size_t a = node(rng);
    std::uniform_int_distribution<size_t> later(a + 1, n - 1);
    edges.emplace_back(a, later(rng));
  }
  return edges;
}

const size_t kSizes[] = {1, 2, 63, 64, 65, 127, 128, 129, 300};

TEST(Closure, WarshallMatchesBfsOnRandomGraphsWithCyclesAndSelfLoops) {
  BitMatrix m;
  for (size_t n : kSizes) {
    for (uint64_t seed = 0; seed < 12; ++seed) {
      std::mt19937_64 rng(seed * 1000 + n);
      // Degrees from very sparse (mostly unreachable) to dense (mostly cycles).
      const double degree = std::vector<double>{0.3, 0.8, 1.5, 4.0}[seed % 4];
      const bool self_loops = seed % 2 == 1;
      Edges edges = random_graph(n, degree, self_loops, rng);
      for (ClosureMode mode : {ClosureMode::kStrict, ClosureMode::kReflexive}) {
        std::string what = "n=" + std::to_string(n) + " seed=" + std::to_string(seed) +
                           (mode == ClosureMode::kStrict ? " strict" : " reflexive");
        auto want = naive_closure(n, edges, mode);
        fill(m, n, edges);
        warshall_closure(m.view(), mode);
        expect_matches(m, want, "warshall " + what);
        fill(m, n, edges);
        transitive_closure(m.view(), mode);
        expect_matches(m, want, "transitive " + what);
      }
    }
  }
}

TEST(Closure, ForwardMatchesBfsAndWarshallOnTreesWithExtraEdges) {
  BitMatrix m;
  for (size_t n : kSizes) {
    for (uint64_t seed = 0; seed < 12; ++seed) {
      std::mt19937_64 rng(seed * 7919 + n);
      Edges edges = forward_tree(n, n / 8 + seed, rng);
      if (seed % 3 == 0) edges.emplace_back(n - 1, n - 1);  // a self loop stays forward
      for (ClosureMode mode : {ClosureMode::kStrict, ClosureMode::kReflexive}) {
        std::string what = "n=" + std::to_string(n) + " seed=" + std::to_string(seed) +
                           (mode == ClosureMode::kStrict ? " strict" : " reflexive");
        auto want = naive_closure(n, edges, mode);
        fill(m, n, edges);
        ASSERT_TRUE(is_forward_ordered(m.view())) << what;
        forward_closure(m.view(), mode);
        expect_matches(m, want, "forward " + what);
        fill(m, n, edges);
        warshall_closure(m.view(), mode);
        expect_matches(m, want, "warshall " + what);
        fill(m, n, edges);
        transitive_closure(m.view(), mode);
        expect_matches(m, want, "transitive " + what);
      }
    }
  }
}

TEST(Closure, DenseForwardGraphsWithManyTransitiveEdges) {
  BitMatrix m;
  for (size_t n : {40u, 64u, 200u}) {
    std::mt19937_64 rng(n);
    Edges edges;
    std::bernoulli_distribution coin(0.3);
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = i + 1; j < n; ++j) {
        if (coin(rng)) edges.emplace_back(i, j);
      }
    }
    auto want = naive_closure(n, edges, ClosureMode::kStrict);
    fill(m, n, edges);
    forward_closure(m.view());
    expect_matches(m, want, "dense forward n=" + std::to_string(n));
  }
}

TEST(Closure, ChainCycleAndSelfLoopInStrictMode) {
  BitMatrix m(4);
  m.set(0, 1);
  m.set(1, 2);  // chain 0 -> 1 -> 2
  m.set(3, 3);  // self loop on 3
  transitive_closure(m.view());
  EXPECT_TRUE(m.test(0, 2));
  EXPECT_FALSE(m.test(2, 0));
  EXPECT_FALSE(m.test(0, 0));  // strict: no path from 0 back to 0
  EXPECT_TRUE(m.test(3, 3));

  m.reset(3);
  m.set(0, 1);
  m.set(1, 0);  // a two-cycle: both reach themselves
  m.set(1, 2);
  warshall_closure(m.view());
  EXPECT_TRUE(m.test(0, 0));
  EXPECT_TRUE(m.test(1, 1));
  EXPECT_TRUE(m.test(0, 2));
  EXPECT_FALSE(m.test(2, 2));
  EXPECT_FALSE(m.test(2, 0));
}

TEST(Closure, ReflexiveModeSetsTheDiagonalEvenForIsolatedNodes) {
  BitMatrix m(70);
  m.set(0, 69);
  transitive_closure(m.view(), ClosureMode::kReflexive);
  for (size_t i = 0; i < 70; ++i) EXPECT_TRUE(m.test(i, i)) << i;
  EXPECT_TRUE(m.test(0, 69));
  EXPECT_FALSE(m.test(69, 0));
}

TEST(Closure, ClosingTwiceChangesNothing) {
  BitMatrix m;
  BitMatrix again;
  std::mt19937_64 rng(42);
  for (size_t n : {50u, 129u}) {
    Edges edges = random_graph(n, 1.2, true, rng);
    fill(m, n, edges);
    transitive_closure(m.view());
    again.reset(n);
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = 0; j < n; ++j) {
        if (m.test(i, j)) again.set(i, j);
      }
    }
    transitive_closure(again.view());
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = 0; j < n; ++j) ASSERT_EQ(again.test(i, j), m.test(i, j));
    }
  }
}

TEST(Closure, ZeroNodesIsANoOp) {
  BitMatrix m(0);
  EXPECT_TRUE(is_forward_ordered(m.view()));
  transitive_closure(m.view());
  warshall_closure(m.view(), ClosureMode::kReflexive);
  forward_closure(m.view(), ClosureMode::kReflexive);
  BitMatrixView v(nullptr, 0);
  transitive_closure(v, ClosureMode::kReflexive);
  EXPECT_EQ(m.size(), 0u);
}

TEST(IsForwardOrdered, RejectsAnyBitBelowTheDiagonal) {
  for (size_t n : {5u, 64u, 65u, 200u}) {
    BitMatrix m(n);
    for (size_t i = 0; i + 1 < n; ++i) m.set(i, i + 1);
    for (size_t i = 0; i < n; ++i) m.set(i, i);  // self loops are allowed
    EXPECT_TRUE(is_forward_ordered(m.view())) << n;
    // A back edge from the last node to the first, and one just below the
    // diagonal in the word of the diagonal.
    m.set(n - 1, 0);
    EXPECT_FALSE(is_forward_ordered(m.view())) << n;
    m.clear(n - 1, 0);
    m.set(n - 1, n - 2);
    EXPECT_FALSE(is_forward_ordered(m.view())) << n;
  }
}

}  // namespace
}  // namespace gqleval::kernels
