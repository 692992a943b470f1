// TreeComparer: Stage 4 of docs/semantics.md for one reference tree R and one
// candidate tree C.
//
//   1. intern both trees into one node universe (node_interner.h): R's nodes
//      first, then C's new ones, so every node's index is above its parent's;
//   2. one bit-packed adjacency matrix per tree over that universe (an edge
//      parent -> child for every node of the tree);
//   3. the transitive closure of each (kernels/closure.h; the forward order
//      of step 1 lets it take the fast forward path);
//   4. the row of each root is the set of nodes the query fetches; the root
//      itself is not in it (the closure is strict and a tree has no cycle), so
//      only field nodes count: missing = |R & ~C|, extra = |C & ~R|,
//      shared = |R & C| (kernels/diff.h, one popcount pass).
//
// After compare(), the top-most missing and extra subtrees can be listed: a
// missing node whose parent is not missing (its parent is in both trees, or
// is the root), with the number of nodes under it, itself included (from the
// node's closure row, since every descendant of a missing node is missing).
//
// Size: a matrix costs N * ceil(N / 64) words for N universe nodes. Up to
// kMaxMatrixNodes (4096, so 2 MiB per matrix) the matrices are used; above
// that, the same sets and counts come from walking the trees (identical
// results, tested against each other), so that two 10,000-node trees never
// need hundreds of megabytes.
//
// Costs: for a typical pair (tens of nodes, one word per row) a few hundred
// nanoseconds. No heap allocation once the buffers have grown to the largest
// pair seen. Not thread-safe; one per worker.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/normalize/normal_tree.h"
#include "engine/score/internal/node_interner.h"
#include "engine/score/verdict.h"
#include "kernels/bit_matrix.h"

namespace gqleval::score {

inline constexpr size_t kMaxMatrixNodes = 4096;

// A top-most missing (or extra) subtree: the node's index in its own tree
// (the reference for missing, the candidate for extra) and the number of
// field nodes in the subtree, the node itself included.
struct TopNode {
  uint32_t node = 0;
  uint32_t nodes = 0;
  friend bool operator==(const TopNode&, const TopNode&) = default;
};

class TreeComparer {
 public:
  // Compares the two trees; they must stay alive while the top-most subtrees
  // are listed.
  Comparison compare(const normalize::NormalTree& reference,
                     const normalize::NormalTree& candidate);

  // The top-most missing subtrees (nodes of the reference) and the top-most
  // extra subtrees (nodes of the candidate) of the last compare(), each in
  // the preorder of its tree (canonical order). `out` is cleared first.
  void topmost_missing(std::vector<TopNode>& out);
  void topmost_extra(std::vector<TopNode>& out);

  // The universe index of a node of the last compared trees.
  uint32_t reference_id(uint32_t node) const { return reference_ids_[node]; }
  uint32_t candidate_id(uint32_t node) const { return candidate_ids_[node]; }
  // True when the last compare() used the matrices (else it walked).
  bool used_matrices() const { return use_matrices_; }

  NodeInterner& interner() { return interner_; }
  // Test hook: the largest universe that uses matrices.
  void set_matrix_limit_for_testing(size_t n) { matrix_limit_ = n; }

 private:
  void build_reach_by_matrices();
  void build_reach_by_walking();
  void topmost(const normalize::NormalTree& tree, std::span<const uint32_t> ids,
               std::span<const uint64_t> other_reach, const kernels::BitMatrix& closure,
               std::vector<TopNode>& out);
  uint32_t subtree_nodes(const kernels::BitMatrix& closure, uint32_t node, uint32_t id) const;

  const normalize::NormalTree* reference_ = nullptr;
  const normalize::NormalTree* candidate_ = nullptr;
  NodeInterner interner_;
  std::vector<uint32_t> reference_ids_;
  std::vector<uint32_t> candidate_ids_;
  kernels::BitMatrix reference_closure_;
  kernels::BitMatrix candidate_closure_;
  std::vector<uint64_t> reference_reach_;
  std::vector<uint64_t> candidate_reach_;
  std::vector<uint32_t> stack_;
  std::vector<uint32_t> sizes_;  // walk mode: subtree sizes of one tree
  size_t matrix_limit_ = kMaxMatrixNodes;
  bool use_matrices_ = true;
};

}  // namespace gqleval::score
