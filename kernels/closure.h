// Transitive closure of a BitMatrix, in place. After the call, bit (i, j) is
// set iff the input has a path from i to j. Two modes:
//  - ClosureMode::kStrict: paths of length >= 1, so (i, i) is set only when i
//    has a self loop or lies on a cycle. This is the default.
//  - ClosureMode::kReflexive: also every (i, i) (paths of length >= 0); "the
//    nodes a query fetches" then includes the root itself.
//
// Two algorithms, both allocation-free and word-parallel:
//  - warshall_closure: for each k, every row i with bit k set ORs in row k.
//    Works on any graph (cycles, self loops). O(n^2) bit tests plus
//    O(sum over k of |rows reaching k| * row_words()) word ORs. For n <= 64
//    (one word per row) a branch-free loop that the compiler vectorises.
//  - forward_closure: for graphs whose edges all go from a node to itself or
//    to a higher index (i <= j), e.g. a tree or DAG numbered in preorder or any
//    topological order. Rows are closed from the last to the first; each row
//    ORs in the already closed rows of its direct successors: O(edges *
//    row_words()), far below Warshall on sparse trees.
// transitive_closure checks the cheap forward-order test and picks the faster
// algorithm; all three give identical results on forward-ordered input. So an
// interner should number every node after its parent (preorder does): on
// query-shaped trees of 64 nodes the forward path measured about 6x faster
// than Warshall, and the gap grows with n (closure_benchmark.cc).
#pragma once

#include <cstdint>

#include "kernels/bit_matrix.h"

namespace gqleval::kernels {

enum class ClosureMode : uint8_t { kStrict, kReflexive };

// True when no bit lies below the diagonal (every edge i -> j has i <= j).
// Stops at the first offending bit; at worst reads half the matrix.
bool is_forward_ordered(const BitMatrixView& m);

// Closes m in place, using forward_closure when is_forward_ordered(m).
void transitive_closure(BitMatrixView m, ClosureMode mode = ClosureMode::kStrict);

// Closes any graph in place by word-parallel Warshall.
void warshall_closure(BitMatrixView m, ClosureMode mode = ClosureMode::kStrict);

// Closes a forward-ordered graph in place. Requires is_forward_ordered(m)
// (checked by assert only); on other input the result is not the closure.
void forward_closure(BitMatrixView m, ClosureMode mode = ClosureMode::kStrict);

}  // namespace gqleval::kernels
