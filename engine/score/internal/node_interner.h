// NodeInterner: puts the nodes of two normal trees into one node universe
// (docs/semantics.md, Stage 4), so that "the same node" is one dense index.
//
// A node's identity is its key (normal_tree.h) together with its parent's
// identity. Interning looks a node up by its 64-bit hash (which already
// covers the key and the whole parent chain) in an open-addressing table, and
// then confirms a hit by comparing the parent's universe index and the key
// text. So two different nodes are never merged, even when their hashes
// collide (set_hash_mask_for_testing() forces collisions to prove it); a
// collision only costs a longer probe.
//
// Order: indices are handed out in order of first insertion. Interning the
// reference tree and then the candidate tree, each in its breadth-first
// layout, gives every node an index above its parent's (a new candidate node
// has either a reference node or an earlier candidate node as its parent),
// which is the forward order that the closure kernel's fast path needs.
//
// Costs: O(nodes) expected per tree plus one key comparison per hit; reset()
// touches a table of about twice the announced node count. No heap
// allocation once the buffers have grown to the largest pair seen.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "engine/normalize/normal_tree.h"

namespace gqleval::score {

inline constexpr uint32_t kNoParent = UINT32_MAX;

class NodeInterner {
 public:
  // Empties the universe and sizes the table for up to max_nodes nodes.
  void reset(size_t max_nodes);

  // Interns every node of `tree` (nodes[0], the root, has no parent) and
  // writes the universe index of tree.nodes[i] to ids[i]; ids must hold
  // tree.nodes.size() entries. Precondition: parents come before children in
  // tree.nodes (the breadth-first layout guarantees it), and the total node
  // count stays within the max_nodes given to reset().
  void add_tree(const normalize::NormalTree& tree, std::span<uint32_t> ids);

  // Interns one node: its parent's universe index (kNoParent for a root),
  // its key and its hash. Returns its universe index.
  uint32_t intern(uint32_t parent, std::string_view key, uint64_t hash);

  uint32_t size() const { return static_cast<uint32_t>(entries_.size()); }
  uint32_t parent(uint32_t id) const { return entries_[id].parent; }
  std::string_view key(uint32_t id) const { return entries_[id].key; }

  // Lookups that met an equal hash of a different node, since reset().
  uint64_t collisions() const { return collisions_; }

  // Test hook: hashes are ANDed with mask before use; a mask of 0 makes every
  // node collide with every other.
  void set_hash_mask_for_testing(uint64_t mask) { hash_mask_ = mask; }

 private:
  struct Slot {
    uint64_t hash = 0;
    uint32_t id = kNoParent;  // kNoParent: empty
  };
  struct Entry {
    uint32_t parent;
    std::string_view key;
  };

  std::vector<Slot> slots_;  // the first capacity_ are in use
  std::vector<Entry> entries_;
  size_t mask_ = 0;  // capacity_ - 1
  uint64_t hash_mask_ = ~uint64_t{0};
  uint64_t collisions_ = 0;
};

}  // namespace gqleval::score
