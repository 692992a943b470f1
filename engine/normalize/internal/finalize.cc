// The last step of normalization: number the symbols (or, with
// variables_by_name, print their names), print the final keys,
// and lay the tree out breadth-first in the caller's arena with children
// sorted by key and every node's identity hash. See normalize.h ("Symbols")
// for why numbering takes three steps.
#include <algorithm>
#include <new>

#include "engine/base/hash.h"
#include "engine/normalize/internal/tree_builder.h"

namespace gqleval::normalize {

void split_atoms(std::string_view cond, std::vector<std::string_view>& out) {
  out.clear();
  if (cond.empty()) return;
  size_t start = 0;
  while (start <= cond.size()) {
    size_t end = cond.find(kAtomSeparator, start);
    if (end == std::string_view::npos) end = cond.size();
    out.push_back(cond.substr(start, end - start));
    start = end + 1;
  }
}

namespace {

// The part of a key before the condition: name, arguments, type.
void append_head(std::string& out, const BuildNode& n, const schema::Schema& s,
                 std::string_view args) {
  out.append(n.name).append(args);
  if (n.on_type != schema::kNone) out.append(" on ").append(s.type(n.on_type).name);
}

}  // namespace

// The text with every symbol marker replaced by "$": the same for any naming
// of the variables. Without a marker it is `text` itself (no copy), so it
// lives as long as `text` does; else a copy in the arena.
std::string_view TreeBuilder::masked_text(std::string_view text) {
  if (text.find(kSymbolMarker) == std::string_view::npos) return text;
  hash_text_.clear();
  for (size_t i = 0; i < text.size();) {
    if (text[i] == kSymbolMarker) {
      hash_text_.push_back('$');
      i += kSymbolMarkerSize;
    } else {
      hash_text_.push_back(text[i++]);
    }
  }
  return arena_->copy_string(hash_text_);
}

uint64_t TreeBuilder::masked_hash(std::string_view text, bool refined) {
  if (text.find(kSymbolMarker) == std::string_view::npos) return hash_bytes(text);
  hash_text_.clear();
  for (size_t i = 0; i < text.size();) {
    if (text[i] != kSymbolMarker) {
      hash_text_.push_back(text[i++]);
      continue;
    }
    hash_text_.push_back('$');
    if (refined) {
      const uint64_t u = usage_[read_symbol_marker(text, i)];
      hash_text_.append(reinterpret_cast<const char*>(&u), sizeof(u));
    }
    i += kSymbolMarkerSize;
  }
  return hash_bytes(hash_text_);
}

uint32_t TreeBuilder::number_symbols() {
  const size_t n = nodes_.size();
  masked_key_.assign(n, 0);
  masked_path_.assign(n, 0);
  refined_key_.assign(n, 0);
  subtree_.assign(n, 0);
  usage_.assign(variables_.count(), 0);
  masked_keys_.assign(n, std::string_view{});
  hash_masked_keys();
  hash_refined_keys();
  hash_subtrees();
  uint32_t next = 0;
  const bool tied = number_in_tree_order(next);
  const uint32_t in_tree = next;
  if (tied && in_tree > 1) settle_symmetric_symbols(in_tree);
  // Symbols seen only in rule firings (never in the tree) still need a number.
  for (uint32_t& s : symbol_numbers_) {
    if (s == 0) s = ++next;
  }
  return in_tree;
}

// (a) masked keys and paths; usage signatures of the symbols. Parents have
// smaller indices than their children, also after the cycles rule.
void TreeBuilder::hash_masked_keys() {
  std::string& head = head_text_;
  for (uint32_t i = 0; i < nodes_.size(); ++i) {
    const BuildNode& node = nodes_[i];
    if (node.removed) continue;
    head.clear();
    append_head(head, node, *schema_, node.args);
    uint64_t atoms_hash = 0;
    split_atoms(node.cond, atom_scratch_);
    for (std::string_view atom : atom_scratch_) atoms_hash += mix64(masked_hash(atom, false));
    masked_key_[i] = hash_combine(masked_hash(head, false), atoms_hash);
    // head is scratch text, rewritten for the next node: keep a copy in the
    // arena (masked_text returns its argument itself when it has no symbol).
    const std::string_view masked = masked_text(head);
    masked_keys_[i] = masked.data() == head.data() ? arena_->copy_string(head) : masked;
    masked_path_[i] =
        i == 0 ? masked_key_[i] : hash_combine(masked_path_[node.parent], masked_key_[i]);
    if (!node.has_symbols) continue;
    const uint64_t where = masked_path_[i];
    for_each_symbol_marker(head, [&](uint32_t v, size_t offset) {
      usage_[v] += mix64(hash_combine(where, hash_combine(1, offset)));
    });
    for (std::string_view atom : atom_scratch_) {
      const uint64_t atom_hash = masked_hash(atom, false);
      for_each_symbol_marker(atom, [&](uint32_t v, size_t offset) {
        usage_[v] += mix64(hash_combine(where, hash_combine(atom_hash, offset)));
      });
    }
  }
}

// (b) refined keys: symbols replaced by their usage signatures.
void TreeBuilder::hash_refined_keys() {
  std::string& head = head_text_;
  for (uint32_t i = 0; i < nodes_.size(); ++i) {
    const BuildNode& node = nodes_[i];
    if (node.removed) continue;
    if (!node.has_symbols) {
      refined_key_[i] = masked_key_[i];
      continue;
    }
    head.clear();
    append_head(head, node, *schema_, node.args);
    uint64_t atoms_hash = 0;
    split_atoms(node.cond, atom_scratch_);
    for (std::string_view atom : atom_scratch_) atoms_hash += mix64(masked_hash(atom, true));
    refined_key_[i] = hash_combine(masked_hash(head, true), atoms_hash);
  }
}

// (b) subtree hashes, bottom-up, children in hash order.
void TreeBuilder::hash_subtrees() {
  const size_t n = nodes_.size();
  subtree_symbols_.assign(n, 0);
  for (uint32_t i = static_cast<uint32_t>(n); i-- > 0;) {
    if (nodes_[i].removed) continue;
    sort_scratch_.clear();
    subtree_symbols_[i] = nodes_[i].has_symbols ? 1 : 0;
    for (uint32_t c = nodes_[i].first_child; c != kNoNode; c = nodes_[c].next_sibling) {
      sort_scratch_.emplace_back(subtree_[c], c);
      subtree_symbols_[i] |= subtree_symbols_[c];
    }
    std::sort(sort_scratch_.begin(), sort_scratch_.end());
    uint64_t h = refined_key_[i];
    for (const auto& [sub, c] : sort_scratch_) h = hash_combine(h, sub);
    subtree_[i] = h;
  }
}

// (c) numbers the symbols in pre-order, siblings by (subtree hash, source
// order), from next + 1 on. A tie that the hashes cannot break between two
// places holding symbols leaves the numbering to source order: the result says
// so, for settle_symmetric_symbols().
bool TreeBuilder::number_in_tree_order(uint32_t& next) {
  bool tied = false;
  order_.clear();
  order_.push_back(0);
  while (!order_.empty()) {
    const uint32_t i = order_.back();
    order_.pop_back();
    const BuildNode& node = nodes_[i];
    if (node.has_symbols) tied |= number_node_symbols(node, next);
    tied |= push_children_in_order(node);
  }
  return tied;
}

void TreeBuilder::number_symbols_in(std::string_view text, uint32_t& next) {
  for_each_symbol_marker(text, [&](uint32_t v, size_t) {
    if (v < symbol_numbers_.size() && symbol_numbers_[v] == 0) symbol_numbers_[v] = ++next;
  });
}

// The symbols of a node's arguments, then of its condition's atoms, atoms by
// masked text, then by their refined hash. True on a tie between atoms.
bool TreeBuilder::number_node_symbols(const BuildNode& node, uint32_t& next) {
  number_symbols_in(node.args, next);
  split_atoms(node.cond, atom_scratch_);
  sort_scratch_.clear();
  for (uint32_t a = 0; a < atom_scratch_.size(); ++a) {
    sort_scratch_.emplace_back(masked_hash(atom_scratch_[a], true), a);
  }
  masked_atoms_.clear();
  for (std::string_view atom : atom_scratch_) masked_atoms_.push_back(masked_text(atom));
  std::sort(sort_scratch_.begin(), sort_scratch_.end(), [&](const auto& x, const auto& y) {
    const int cmp = masked_atoms_[x.second].compare(masked_atoms_[y.second]);
    return cmp != 0 ? cmp < 0 : x < y;
  });
  bool tied = false;
  for (size_t k = 1; k < sort_scratch_.size(); ++k) {
    const auto& [h0, a0] = sort_scratch_[k - 1];
    const auto& [h1, a1] = sort_scratch_[k];
    tied |= h0 == h1 && masked_atoms_[a0] == masked_atoms_[a1] &&
            atom_scratch_[a1].find(kSymbolMarker) != std::string_view::npos;
  }
  for (const auto& [h, a] : sort_scratch_) number_symbols_in(atom_scratch_[a], next);
  return tied;
}

// Pushes the children of node onto order_ so that they pop by masked key text
// (readable: $1 tends to come first in the printed tree), then by subtree hash,
// then in source order. True on a tie between children holding symbols.
bool TreeBuilder::push_children_in_order(const BuildNode& node) {
  sort_scratch_.clear();
  for (uint32_t c = node.first_child; c != kNoNode; c = nodes_[c].next_sibling) {
    sort_scratch_.emplace_back(subtree_[c], c);
  }
  std::sort(sort_scratch_.begin(), sort_scratch_.end(), [&](const auto& x, const auto& y) {
    const int cmp = masked_keys_[x.second].compare(masked_keys_[y.second]);
    return cmp != 0 ? cmp < 0 : x < y;
  });
  bool tied = false;
  for (size_t k = 1; k < sort_scratch_.size(); ++k) {
    const auto& [h0, c0] = sort_scratch_[k - 1];
    const auto& [h1, c1] = sort_scratch_[k];
    tied |= h0 == h1 && subtree_symbols_[c1] != 0 && masked_keys_[c0] == masked_keys_[c1];
  }
  for (size_t k = sort_scratch_.size(); k-- > 0;) order_.push_back(sort_scratch_[k].second);
  return tied;
}

std::string_view TreeBuilder::renumber(std::string_view text) {
  if (text.find(kSymbolMarker) == std::string_view::npos) return text;
  text_.clear();
  for (size_t i = 0; i < text.size();) {
    if (text[i] != kSymbolMarker) {
      text_.push_back(text[i++]);
      continue;
    }
    const uint32_t v = read_symbol_marker(text, i);
    text_.push_back('$');
    if (options_->variables_by_name && v < variables_.count()) {
      text_.append(variables_.name(v));
    } else {
      text_.append(std::to_string(v < symbol_numbers_.size() ? symbol_numbers_[v] : 0));
    }
    i += kSymbolMarkerSize;
  }
  return arena_->copy_string(text_);
}

std::string_view TreeBuilder::final_condition(std::string_view cond, bool renumbered) {
  split_atoms(cond, atom_scratch_);
  if (renumbered) {
    for (std::string_view& atom : atom_scratch_) atom = renumber(atom);
    std::sort(atom_scratch_.begin(), atom_scratch_.end());
  }
  text_.clear();
  for (size_t i = 0; i < atom_scratch_.size(); ++i) {
    if (i) text_.push_back(' ');
    text_.append(atom_scratch_[i]);
  }
  return arena_->copy_string(text_);
}

NormalTree TreeBuilder::finalize() {
  NormalTree tree;
  tree.operation = operation_->operation;
  symbol_numbers_.assign(variables_.count(), 0);
  // By name, renumber() prints each symbol's variable name: nothing to number,
  // and no symbol for the scorer to rename (symbol_count stays 0).
  if (any_symbols_ && !options_->variables_by_name) tree.symbol_count = number_symbols();

  // Final texts and keys.
  for (BuildNode& n : nodes_) {
    if (n.removed) continue;
    n.final_args = n.has_symbols ? renumber(n.args) : n.args;
    n.final_cond = n.cond.empty() ? std::string_view{} : final_condition(n.cond, n.has_symbols);
    if (n.final_args.empty() && n.on_type == schema::kNone && n.final_cond.empty()) {
      n.key = n.name;
      continue;
    }
    text_.clear();
    append_head(text_, n, *schema_, n.final_args);
    if (!n.final_cond.empty()) text_.append(" ").append(n.final_cond);
    n.key = arena_->copy_string(text_);
  }

  // Breadth-first layout, children sorted by key.
  // Raw storage: each Node is constructed below with all its fields set (a
  // value-initialised array would be cleared first, a rep-stos per node).
  Node* const out = static_cast<Node*>(arena_->allocate(sizeof(Node) * live_nodes_, alignof(Node)));
  order_.clear();
  layout_parent_.clear();
  order_.push_back(0);
  layout_parent_.push_back(kNoNode);
  for (size_t i = 0; i < order_.size(); ++i) {
    const BuildNode& b = nodes_[order_[i]];
    Node& o = *::new (static_cast<void*>(out + i)) Node;
    o.key = b.key;
    o.name = b.name;
    o.arguments = b.final_args;
    o.condition = b.final_cond;
    o.field = b.field;
    o.on_type = b.on_type;
    o.type = b.type;
    o.pos = b.pos;
    o.mapped_by = b.mapped_by;
    o.written = b.written.empty() ? std::string_view{} : renumber(b.written);
    o.parent = layout_parent_[i];
    o.is_field = i != 0;
    const uint64_t key_hash = hash_bytes(o.key);
    if (i == 0) {
      o.hash = key_hash;
      o.depth = 0;
    } else {
      o.hash = hash_combine(out[o.parent].hash, key_hash);
      o.depth = static_cast<uint16_t>(out[o.parent].depth + 1);
    }
    const size_t first = order_.size();
    for (uint32_t c = b.first_child; c != kNoNode; c = nodes_[c].next_sibling) {
      order_.push_back(c);
      layout_parent_.push_back(static_cast<uint32_t>(i));
    }
    std::sort(order_.begin() + static_cast<ptrdiff_t>(first), order_.end(),
              [&](uint32_t x, uint32_t y) { return nodes_[x].key < nodes_[y].key; });
    o.first_child = static_cast<uint32_t>(first);
    o.child_count = static_cast<uint32_t>(order_.size() - first);
  }
  tree.nodes = std::span<const Node>(out, live_nodes_);

  auto firings = arena_->make_array<RuleFiring>(firings_.size());
  for (size_t i = 0; i < firings_.size(); ++i) {
    const BuildFiring& f = firings_[i];
    firings[i] = RuleFiring{f.rule, renumber(f.path), renumber(f.detail), f.pos};
  }
  tree.firings = firings;
  return tree;
}

}  // namespace gqleval::normalize
