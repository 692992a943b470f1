// Closure and diff kernels on graphs shaped like query response trees: a
// random recursive tree (each node's parent uniform among the nodes before
// it: bushy, depth about ln n, half the nodes leaves) with n / 16 extra
// forward edges.
//  - "forward": nodes numbered parent-before-child, as an interner that
//    numbers in preorder produces; transitive_closure takes the forward path.
//  - "shuffled": the same graph under a random renumbering, which forces
//    Warshall (the cost for an interner that numbers in any order).
// Items are nodes: items/s = nodes closed (or bits compared) per second.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <utility>
#include <vector>

#include "kernels/bit_matrix.h"
#include "kernels/closure.h"
#include "kernels/diff.h"

namespace gqleval::kernels {
namespace {

using Edges = std::vector<std::pair<size_t, size_t>>;

Edges query_tree(size_t n, bool shuffled, uint64_t seed) {
  std::mt19937_64 rng(seed);
  Edges edges;
  for (size_t v = 1; v < n; ++v) {
    edges.emplace_back(std::uniform_int_distribution<size_t>(0, v - 1)(rng), v);
  }
  for (size_t e = 0; n > 1 && e < n / 16; ++e) {
    size_t a = std::uniform_int_distribution<size_t>(0, n - 2)(rng);
    edges.emplace_back(a, std::uniform_int_distribution<size_t>(a + 1, n - 1)(rng));
  }
  if (shuffled) {
    std::vector<size_t> label(n);
    std::iota(label.begin(), label.end(), size_t{0});
    std::shuffle(label.begin(), label.end(), rng);
    for (auto& [a, b] : edges) a = label[a], b = label[b];
  }
  return edges;
}

void load(BitMatrix& m, size_t n, const Edges& edges) {
  m.reset(n);
  for (auto [a, b] : edges) m.set(a, b);
}

// Each iteration closes the next of several different graphs of the same size
// (so branch predictors cannot learn one graph, as they could not in a real
// run), restored from a pristine copy by a word copy. The copy is timed: it
// stands for building the matrix; BM_CopyOnly gives its cost alone.
struct Inputs {
  std::vector<BitMatrix> graphs;
  explicit Inputs(size_t n, bool shuffled) {
    // Up to 64 graphs, at most 16 MB in all.
    const size_t count = std::clamp<size_t>((size_t{2} << 20) / std::max<size_t>(matrix_words(n), 1),
                                            1, 64);
    graphs.resize(count);
    for (size_t g = 0; g < count; ++g) load(graphs[g], n, query_tree(n, shuffled, n * 1000 + g));
  }
};

template <void (*Close)(BitMatrixView, ClosureMode)>
void run_closure(benchmark::State& state, bool shuffled) {
  const size_t n = static_cast<size_t>(state.range(0));
  const Inputs inputs(n, shuffled);
  BitMatrix m(n);
  const size_t words = matrix_words(n);
  size_t next = 0;
  for (auto _ : state) {
    std::copy_n(inputs.graphs[next].view().data(), words, m.view().data());
    next = next + 1 == inputs.graphs.size() ? 0 : next + 1;
    Close(m.view(), ClosureMode::kStrict);
    benchmark::DoNotOptimize(m.view().data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * n));
}

void BM_Closure_Forward(benchmark::State& state) { run_closure<transitive_closure>(state, false); }
void BM_Closure_Shuffled(benchmark::State& state) { run_closure<transitive_closure>(state, true); }
void BM_Warshall_Forward(benchmark::State& state) { run_closure<warshall_closure>(state, false); }
void copy_only(BitMatrixView, ClosureMode) {}
void BM_CopyOnly(benchmark::State& state) { run_closure<copy_only>(state, false); }

BENCHMARK(BM_Closure_Forward)->Arg(16)->Arg(64)->Arg(256)->Arg(1024)->Arg(4096);
BENCHMARK(BM_Closure_Shuffled)->Arg(16)->Arg(64)->Arg(256)->Arg(1024)->Arg(4096);
BENCHMARK(BM_Warshall_Forward)->Arg(16)->Arg(64)->Arg(256)->Arg(1024)->Arg(4096);
BENCHMARK(BM_CopyOnly)->Arg(16)->Arg(64)->Arg(256)->Arg(1024)->Arg(4096);

// The root rows of two closed trees that share most nodes: the reference and
// a candidate with about 1 in 16 nodes dropped (as a union universe would).
struct RootRows {
  std::vector<uint64_t> reference;
  std::vector<uint64_t> candidate;
  std::vector<uint64_t> fields;
};

RootRows root_rows(size_t n) {
  BitMatrix m;
  load(m, n, query_tree(n, false, n));
  transitive_closure(m.view());
  RootRows rows;
  rows.reference.assign(m.row(0).begin(), m.row(0).end());
  rows.candidate = rows.reference;
  rows.fields.assign(m.row_words(), 0);
  std::mt19937_64 rng(n);
  for (size_t i = 1; i < n; ++i) {
    if (rng() % 16 == 0) rows.candidate[i / 64] &= ~(uint64_t{1} << (i % 64));
    if (rng() % 4 != 0) rows.fields[i / 64] |= uint64_t{1} << (i % 64);
  }
  return rows;
}

void BM_CountAndNot(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  RootRows rows = root_rows(n);
  for (auto _ : state) {
    benchmark::DoNotOptimize(rows.reference.data());
    benchmark::DoNotOptimize(count_and_not(rows.reference, rows.candidate));
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * n));
}

void BM_DiffCounts(benchmark::State& state) {
  const size_t n = static_cast<size_t>(state.range(0));
  RootRows rows = root_rows(n);
  for (auto _ : state) {
    benchmark::DoNotOptimize(rows.reference.data());
    benchmark::DoNotOptimize(diff_counts(rows.reference, rows.candidate, rows.fields));
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * n));
}

BENCHMARK(BM_CountAndNot)->Arg(16)->Arg(64)->Arg(256)->Arg(1024)->Arg(4096);
BENCHMARK(BM_DiffCounts)->Arg(16)->Arg(64)->Arg(256)->Arg(1024)->Arg(4096);

// One typical pair end to end, as the scorer runs it per record: reset a
// reused matrix, set the edges of a 40-node union universe (one of 64
// different ones), close it reflexively, and diff the two root rows.
// No allocation after the first iteration.
void BM_TypicalPair(benchmark::State& state) {
  const size_t n = 40;
  std::vector<Edges> universes;
  for (uint64_t g = 0; g < 64; ++g) universes.push_back(query_tree(n, false, g));
  BitMatrix m;
  size_t next = 0;
  for (auto _ : state) {
    load(m, n, universes[next]);
    next = (next + 1) % universes.size();
    transitive_closure(m.view(), ClosureMode::kReflexive);
    benchmark::DoNotOptimize(diff_counts(m.row(0), m.row(1)));
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_TypicalPair);

}  // namespace
}  // namespace gqleval::kernels
