#include "engine/normalize/merge_operations.h"

#include <algorithm>
#include <numeric>

#include "engine/normalize/symbol_renaming.h"

namespace gqleval::normalize {

void OperationMerger::renumber(std::span<const NormalTree> trees, Arena& arena) {
  parts_.assign(trees.begin(), trees.end());
  uint32_t before = 0;  // symbols of the operations before
  for (NormalTree& t : parts_) {
    if (before > 0 && t.symbol_count > 0) {
      numbering_.resize(t.symbol_count);
      std::iota(numbering_.begin(), numbering_.end(), before + 1);
      t = rename_symbols(t, numbering_, arena);
    }
    before += t.symbol_count;
  }
}

Node OperationMerger::merged_node(const Group& group, std::span<const uint16_t> operations) {
  const Member first = members_[group.begin];
  Node n = parts_[first.tree].nodes[first.node];
  n.operation = operations[first.tree];
  n.parent = group.parent;
  // The members' children, grouped by key (a stable sort keeps the
  // operations' order within a key, so a group's first member is the
  // earliest operation's).
  children_.clear();
  for (uint32_t m = group.begin; m < group.end; ++m) {
    const NormalTree& t = parts_[members_[m].tree];
    const Node& parent = t.nodes[members_[m].node];
    for (uint32_t c = parent.first_child; c < parent.first_child + parent.child_count; ++c) {
      children_.push_back({members_[m].tree, c});
    }
  }
  const auto key = [&](const Member& m) { return parts_[m.tree].nodes[m.node].key; };
  std::stable_sort(children_.begin(), children_.end(),
                   [&](const Member& a, const Member& b) { return key(a) < key(b); });
  n.first_child = static_cast<uint32_t>(groups_.size());
  n.child_count = 0;
  const auto self = static_cast<uint32_t>(nodes_.size());
  for (size_t k = 0; k < children_.size();) {
    size_t end = k + 1;
    while (end < children_.size() && key(children_[end]) == key(children_[k])) ++end;
    const auto begin = static_cast<uint32_t>(members_.size());
    members_.insert(members_.end(), children_.begin() + static_cast<std::ptrdiff_t>(k),
                    children_.begin() + static_cast<std::ptrdiff_t>(end));
    groups_.push_back({begin, static_cast<uint32_t>(members_.size()), self});
    ++n.child_count;
    k = end;
  }
  return n;
}

NormalTree OperationMerger::merge(std::span<const NormalTree> trees,
                                  std::span<const uint16_t> operations, Arena& arena) {
  renumber(trees, arena);
  members_.clear();
  groups_.clear();
  nodes_.clear();
  firings_.clear();
  uint32_t symbols = 0;
  for (uint32_t k = 0; k < parts_.size(); ++k) {
    members_.push_back({k, 0});
    symbols += parts_[k].symbol_count;
    for (RuleFiring f : parts_[k].firings) {
      f.operation = operations[k];
      firings_.push_back(f);
    }
  }
  groups_.push_back({0, static_cast<uint32_t>(members_.size()), kNoNode});
  // Group g becomes node g: a node's children are the groups its own adds.
  // (An index, not a range: groups_ grows inside the loop.)
  for (size_t g = 0; g < groups_.size(); ++g) {  // NOLINT(modernize-loop-convert)
    const Group group = groups_[g];              // a copy: groups_ grows in merged_node()
    nodes_.push_back(merged_node(group, operations));
  }
  NormalTree out;
  out.operation = parts_.front().operation;
  out.nodes = arena.copy(std::span<const Node>(nodes_));
  out.firings = arena.copy(std::span<const RuleFiring>(firings_));
  out.symbol_count = symbols;
  return out;
}

}  // namespace gqleval::normalize
