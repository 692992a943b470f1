#include "engine/score/internal/tree_compare.h"

#include <algorithm>
#include <cassert>

#include "kernels/closure.h"
#include "kernels/diff.h"

namespace gqleval::score {
namespace {

bool test_bit(std::span<const uint64_t> set, uint32_t i) {
  return (set[i / kernels::kWordBits] >> (i % kernels::kWordBits)) & 1u;
}

void set_bit(std::vector<uint64_t>& set, uint32_t i) {
  set[i / kernels::kWordBits] |= uint64_t{1} << (i % kernels::kWordBits);
}

// The tree's parent -> child edges over universe indices, closed.
void close_tree(const normalize::NormalTree& tree, std::span<const uint32_t> ids, size_t n,
                kernels::BitMatrix& m) {
  m.reset(n);
  for (size_t i = 1; i < tree.nodes.size(); ++i) m.set(ids[tree.nodes[i].parent], ids[i]);
  kernels::transitive_closure(m.view());
}

}  // namespace

Comparison TreeComparer::compare(const normalize::NormalTree& reference,
                                 const normalize::NormalTree& candidate) {
  reference_ = &reference;
  candidate_ = &candidate;
  interner_.reset(reference.nodes.size() + candidate.nodes.size());
  reference_ids_.resize(reference.nodes.size());
  candidate_ids_.resize(candidate.nodes.size());
  interner_.add_tree(reference, reference_ids_);
  interner_.add_tree(candidate, candidate_ids_);

  const size_t n = interner_.size();
  const size_t words = kernels::words_for_bits(n);
  reference_reach_.assign(words, 0);
  candidate_reach_.assign(words, 0);
  use_matrices_ = n <= matrix_limit_;
  if (use_matrices_) {
    build_reach_by_matrices();
  } else {
    build_reach_by_walking();
  }

  const kernels::DiffCounts d = kernels::diff_counts(reference_reach_, candidate_reach_);
  Comparison c;
  c.missing = static_cast<uint32_t>(d.only_a);
  c.extra = static_cast<uint32_t>(d.only_b);
  c.shared = static_cast<uint32_t>(d.both);
  c.reference_nodes = static_cast<uint32_t>(reference.field_count());
  c.candidate_nodes = static_cast<uint32_t>(candidate.field_count());
  c.operation_differs = reference.operation != candidate.operation;
  assert(c.missing + c.shared == c.reference_nodes);
  assert(c.extra + c.shared == c.candidate_nodes);
  return c;
}

void TreeComparer::build_reach_by_matrices() {
  const size_t n = interner_.size();
  close_tree(*reference_, reference_ids_, n, reference_closure_);
  close_tree(*candidate_, candidate_ids_, n, candidate_closure_);
  // A tree always has its root (nodes[0]); the guards keep a malformed empty
  // tree from reading past its ids.
  if (!reference_ids_.empty()) {
    kernels::copy_row(reference_closure_.view(), reference_ids_[0], reference_reach_);
  }
  if (!candidate_ids_.empty()) {
    kernels::copy_row(candidate_closure_.view(), candidate_ids_[0], candidate_reach_);
  }
}

void TreeComparer::build_reach_by_walking() {
  // A tree's root reaches exactly its field nodes.
  for (size_t i = 1; i < reference_ids_.size(); ++i) set_bit(reference_reach_, reference_ids_[i]);
  for (size_t i = 1; i < candidate_ids_.size(); ++i) set_bit(candidate_reach_, candidate_ids_[i]);
}

uint32_t TreeComparer::subtree_nodes(const kernels::BitMatrix& closure, uint32_t node,
                                     uint32_t id) const {
  if (use_matrices_) return 1 + static_cast<uint32_t>(kernels::popcount(closure.row(id)));
  return sizes_[node];
}

void TreeComparer::topmost(const normalize::NormalTree& tree, std::span<const uint32_t> ids,
                           std::span<const uint64_t> other_reach, const kernels::BitMatrix& closure,
                           std::vector<TopNode>& out) {
  out.clear();
  if (tree.nodes.empty()) return;
  if (!use_matrices_) {
    sizes_.assign(tree.nodes.size(), 1);
    for (size_t i = tree.nodes.size(); i-- > 1;) sizes_[tree.nodes[i].parent] += sizes_[i];
  }
  // Preorder; children pushed in reverse so they pop in canonical order.
  stack_.clear();
  auto push_children = [&](const normalize::Node& n) {
    for (uint32_t k = n.child_count; k-- > 0;) stack_.push_back(n.first_child + k);
  };
  push_children(tree.root());
  while (!stack_.empty()) {
    const uint32_t i = stack_.back();
    stack_.pop_back();
    if (!test_bit(other_reach, ids[i])) {
      out.push_back(TopNode{i, subtree_nodes(closure, i, ids[i])});
    } else {
      push_children(tree.nodes[i]);
    }
  }
}

void TreeComparer::topmost_missing(std::vector<TopNode>& out) {
  assert(reference_ != nullptr);
  topmost(*reference_, reference_ids_, candidate_reach_, reference_closure_, out);
}

void TreeComparer::topmost_extra(std::vector<TopNode>& out) {
  assert(candidate_ != nullptr);
  topmost(*candidate_, candidate_ids_, reference_reach_, candidate_closure_, out);
}

}  // namespace gqleval::score
