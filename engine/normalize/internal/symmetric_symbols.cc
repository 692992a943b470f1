// The numbering of symbols that the hashes of number_symbols() cannot settle.
//
// number_symbols() orders siblings by a hash of their subtree in which every
// symbol stands for its usage signature. Symmetric queries defeat it: in
//   p: f(a: $x, b: $y)  q: f(a: $y, b: $z)  r: f(a: $z, b: $w)  s: f(a: $w, b: $x)
// every variable has the same signature, the four subtrees hash alike, and
// source order picks the numbering: moving `s` to second place numbers the
// same query differently, and the two would not compare equal.
//
// When that happens (a tie between two places that hold symbols), the
// numbering is chosen by search instead: the variables are grouped by usage
// signature (classes ordered by signature, so the grouping does not depend on
// names or source order), every numbering that gives each class a block of
// consecutive numbers in that order is tried, each is printed as a canonical
// text (keys with the numbers, children sorted by key, written depth-first),
// and the smallest text wins. That text describes the numbered tree whatever
// the source order or names, so the choice is canonical. The winner is then
// renumbered by first use in its own depth-first order, for readability.
//
// Cost: the product of the factorials of the class sizes, times the size of
// the tree. Above kMaxOrders numberings the search is not run and the
// source-order numbering stands (the limit is documented in normalize.h).
#include <algorithm>

#include "engine/normalize/internal/tree_builder.h"

namespace gqleval::normalize {

namespace {

constexpr uint64_t kMaxOrders = 5040;  // 7!

}  // namespace

void TreeBuilder::append_key(std::string& out, const BuildNode& node,
                             const std::vector<uint32_t>& numbers) {
  // Symbols are written as markers of their numbers, so that first use can be
  // read back from the text (canonical text never holds a marker byte).
  auto renumbered = [&](std::string& to, std::string_view text) {
    for (size_t i = 0; i < text.size();) {
      if (text[i] == kSymbolMarker) {
        append_symbol_marker(to, numbers[read_symbol_marker(text, i)]);
        i += kSymbolMarkerSize;
      } else {
        to.push_back(text[i++]);
      }
    }
  };
  out.append(node.name);
  renumbered(out, node.args);
  if (node.on_type != schema::kNone) out.append(" on ").append(schema_->type(node.on_type).name);
  if (node.cond.empty()) return;
  split_atoms(node.cond, atom_scratch_);
  search_atoms_.resize(std::max(search_atoms_.size(), atom_scratch_.size()));
  for (size_t a = 0; a < atom_scratch_.size(); ++a) {
    search_atoms_[a].clear();
    renumbered(search_atoms_[a], atom_scratch_[a]);
  }
  const auto atoms = std::span(search_atoms_).first(atom_scratch_.size());
  std::sort(atoms.begin(), atoms.end());
  for (const std::string& atom : atoms) out.append(" ").append(atom);
}

void TreeBuilder::write_subtree(std::string& out, uint32_t node) {
  // Length-prefixed, so that no key text can imitate the structure.
  const std::string& key = search_keys_[node];
  const auto size = static_cast<uint32_t>(key.size());
  out.append(reinterpret_cast<const char*>(&size), sizeof(size));
  out.append(key);
  const size_t first = search_children_.size();
  for (uint32_t c = nodes_[node].first_child; c != kNoNode; c = nodes_[c].next_sibling) {
    search_children_.push_back(c);
  }
  const size_t last = search_children_.size();
  std::sort(search_children_.begin() + static_cast<ptrdiff_t>(first),
            search_children_.begin() + static_cast<ptrdiff_t>(last),
            [&](uint32_t x, uint32_t y) { return search_keys_[x] < search_keys_[y]; });
  const auto count = static_cast<uint32_t>(last - first);
  out.append(reinterpret_cast<const char*>(&count), sizeof(count));
  for (size_t k = first; k < last; ++k) write_subtree(out, search_children_[k]);
}

void TreeBuilder::canonical_text(const std::vector<uint32_t>& numbers, std::string& out) {
  search_keys_.resize(std::max(search_keys_.size(), nodes_.size()));
  for (uint32_t i = 0; i < nodes_.size(); ++i) {
    search_keys_[i].clear();
    if (!nodes_[i].removed) append_key(search_keys_[i], nodes_[i], numbers);
  }
  out.clear();
  search_children_.clear();
  write_subtree(out, 0);
}

void TreeBuilder::settle_symmetric_symbols(uint32_t in_tree) {
  // The variables in the tree, grouped by usage signature.
  search_vars_.clear();
  for (uint32_t v = 0; v < symbol_numbers_.size(); ++v) {
    if (symbol_numbers_[v] != 0) search_vars_.push_back(v);
  }
  std::sort(search_vars_.begin(), search_vars_.end(), [&](uint32_t x, uint32_t y) {
    return usage_[x] != usage_[y] ? usage_[x] < usage_[y] : x < y;
  });
  search_blocks_.clear();
  uint64_t orders = 1;
  for (size_t b = 0; b < search_vars_.size();) {
    size_t e = b + 1;
    while (e < search_vars_.size() && usage_[search_vars_[e]] == usage_[search_vars_[b]]) ++e;
    for (size_t k = 2; k <= e - b && orders <= kMaxOrders; ++k) orders *= k;
    search_blocks_.emplace_back(b, e);
    b = e;
  }
  if (orders > kMaxOrders || orders == 1) return;

  // Every block order, odometer-wise (next_permutation wraps a block back to
  // its sorted order and returns false: carry to the next block).
  search_numbers_.assign(symbol_numbers_.size(), 0);
  best_text_.clear();
  bool have_best = false;
  while (true) {
    for (uint32_t k = 0; k < search_vars_.size(); ++k) search_numbers_[search_vars_[k]] = k + 1;
    canonical_text(search_numbers_, search_text_);
    if (!have_best || search_text_ < best_text_) {
      best_text_.swap(search_text_);
      best_numbers_ = search_numbers_;
      have_best = true;
    }
    size_t b = 0;
    for (; b < search_blocks_.size(); ++b) {
      const auto [first, last] = search_blocks_[b];
      const auto begin = search_vars_.begin();
      if (std::next_permutation(begin + static_cast<ptrdiff_t>(first),
                                begin + static_cast<ptrdiff_t>(last))) {
        break;
      }
    }
    if (b == search_blocks_.size()) break;
  }

  // Renumber the winner by first use in its canonical depth-first order: the
  // keys and child order of its text, recomputed.
  canonical_text(best_numbers_, search_text_);
  std::vector<uint32_t>& first_use = search_numbers_;  // by the winner's number
  first_use.assign(in_tree + 1, 0);
  uint32_t next = 0;
  order_.clear();
  order_.push_back(0);
  while (!order_.empty()) {
    const uint32_t i = order_.back();
    order_.pop_back();
    for_each_symbol_marker(search_keys_[i], [&](uint32_t number, size_t) {
      if (number <= in_tree && first_use[number] == 0) first_use[number] = ++next;
    });
    const size_t first = order_.size();
    for (uint32_t c = nodes_[i].first_child; c != kNoNode; c = nodes_[c].next_sibling) {
      order_.push_back(c);
    }
    // Pushed in reverse key order, so the smallest key is visited first.
    std::sort(order_.begin() + static_cast<ptrdiff_t>(first), order_.end(),
              [&](uint32_t x, uint32_t y) { return search_keys_[y] < search_keys_[x]; });
  }
  for (uint32_t v : search_vars_) symbol_numbers_[v] = first_use[best_numbers_[v]];
}

}  // namespace gqleval::normalize
