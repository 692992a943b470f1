// An answer's operations as one normal tree (docs/semantics.md, "Answers of
// several operations"): what several operations of one kind fetch together
// is the union of their response trees, merged at the root as normalization
// merges the selections of one operation (normalize.h): nodes with one
// identity under one parent are one node, their children united,
// recursively.
//
// Symbols. Each operation numbers its unbound variables $1..$n on its own.
// Two operations' variables are two values (a harness sends each operation
// the variables it declares), so operation k's $i becomes $(s + i), where s
// counts the symbols of the operations before it; otherwise `user(id: $1)` of
// one operation and of another would merge as one node, and an answer would
// compare equal to a reference that asks for one user where it asks for two.
// The merged tree holds every symbol (symbol_count is their sum); its
// numbering is not canonical, which the scorer's alignment of symbols
// (score_pair.h) makes up for. With variables bound by name (symbol_count 0)
// a name is one value in every operation, as a harness that binds by name
// sends it, and nothing is renumbered.
//
// A merged node is its first operation's (in the order given): its position,
// written form and rule, with Node::operation saying which. Rule firings are
// every operation's, in order, each with its operation. Children are in
// order by key; nodes are laid out breadth-first, as normalization lays out
// a tree, and every hash stays (the key and the parent chain are the same).
//
// Cost: linear in the nodes, plus sorting each node's children; the tree
// lives in `arena`, and a reused merger's scratch is kept.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/base/arena.h"
#include "engine/normalize/normal_tree.h"

namespace gqleval::normalize {

class OperationMerger {
 public:
  // `trees` are of one operation kind, at least one; `operations[k]` is the
  // index tree k's nodes and firings are marked with.
  NormalTree merge(std::span<const NormalTree> trees, std::span<const uint16_t> operations,
                   Arena& arena);

 private:
  struct Member {
    uint32_t tree = 0;
    uint32_t node = 0;
  };
  // One node of the merged tree: the nodes members_[begin, end), merged
  // under merged node `parent`.
  struct Group {
    uint32_t begin = 0;
    uint32_t end = 0;
    uint32_t parent = kNoNode;
  };

  void renumber(std::span<const NormalTree> trees, Arena& arena);
  Node merged_node(const Group& group, std::span<const uint16_t> operations);

  std::vector<NormalTree> parts_;
  std::vector<uint32_t> numbering_;
  std::vector<Member> members_;
  std::vector<Group> groups_;  // breadth-first: group g is node g
  std::vector<Member> children_;
  std::vector<Node> nodes_;
  std::vector<RuleFiring> firings_;
};

}  // namespace gqleval::normalize
