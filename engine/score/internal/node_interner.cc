#include "engine/score/internal/node_interner.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace gqleval::score {

void NodeInterner::reset(size_t max_nodes) {
  // Load factor at most 1/2 keeps probes short.
  const size_t capacity = std::bit_ceil(std::max<size_t>(16, 2 * max_nodes));
  if (slots_.size() < capacity) slots_.resize(capacity);
  std::fill_n(slots_.begin(), capacity, Slot{});
  mask_ = capacity - 1;
  entries_.clear();
  entries_.reserve(max_nodes);
  collisions_ = 0;
}

uint32_t NodeInterner::intern(uint32_t parent, std::string_view key, uint64_t hash) {
  hash &= hash_mask_;
  // The low bits of a splitmix-style hash are as good as the high ones.
  for (size_t i = static_cast<size_t>(hash) & mask_;; i = (i + 1) & mask_) {
    Slot& slot = slots_[i];
    if (slot.id == kNoParent) {
      assert(entries_.size() < mask_);  // reset() was told too few nodes
      slot.hash = hash;
      slot.id = static_cast<uint32_t>(entries_.size());
      entries_.push_back(Entry{parent, key});
      return slot.id;
    }
    if (slot.hash != hash) continue;
    const Entry& e = entries_[slot.id];
    if (e.parent == parent && e.key == key) return slot.id;
    ++collisions_;
  }
}

void NodeInterner::add_tree(const normalize::NormalTree& tree, std::span<uint32_t> ids) {
  assert(ids.size() >= tree.nodes.size());
  for (size_t i = 0; i < tree.nodes.size(); ++i) {
    const normalize::Node& n = tree.nodes[i];
    assert(n.parent == normalize::kNoNode || n.parent < i);
    const uint32_t parent = n.parent == normalize::kNoNode ? kNoParent : ids[n.parent];
    ids[i] = intern(parent, n.key, n.hash);
  }
}

}  // namespace gqleval::score
