#include "engine/normalize/symbol_renaming.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/hash.h"

namespace gqleval::normalize {
namespace {

// One past the string literal that opens at text[i] (canonical text prints
// strings with JSON-style escapes, so `\"` does not close one).
size_t string_end(std::string_view text, size_t i) {
  for (++i; i < text.size() && text[i] != '"';) i += text[i] == '\\' ? 2 : 1;
  return std::min(i + 1, text.size());
}

// Appends `text` with every symbol `$k` outside string literals renamed.
void append_renamed(std::string& out, std::string_view text, std::span<const uint32_t> map) {
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '"') {  // a string literal, copied whole
      const size_t end = string_end(text, i);
      out.append(text.substr(i, end - i));
      i = end;
      continue;
    }
    if (c == '$' && i + 1 < text.size() && text[i + 1] >= '0' && text[i + 1] <= '9') {
      size_t j = i + 1;
      uint64_t k = 0;
      while (j < text.size() && text[j] >= '0' && text[j] <= '9' && k <= map.size()) {
        k = k * 10 + static_cast<uint64_t>(text[j++] - '0');
      }
      if (k >= 1 && k <= map.size() && (j == text.size() || text[j] < '0' || text[j] > '9')) {
        out.push_back('$');
        out.append(std::to_string(map[k - 1]));
        i = j;
        continue;
      }
    }
    out.push_back(c);
    ++i;
  }
}

// A condition is its atoms (`@include(if: $1)`) sorted and joined by spaces;
// an atom's own spaces are inside parentheses or strings.
void split_condition(std::string_view cond, std::vector<std::string_view>& atoms) {
  atoms.clear();
  size_t start = 0;
  int depth = 0;
  for (size_t i = 0; i < cond.size(); ++i) {
    const char c = cond[i];
    if (c == '"') {
      i = string_end(cond, i) - 1;  // at the closing quote
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      --depth;
    } else if (c == ' ' && depth == 0 && i + 1 < cond.size() && cond[i + 1] == '@') {
      atoms.push_back(cond.substr(start, i - start));
      start = i + 1;
    }
  }
  atoms.push_back(cond.substr(start));
}

}  // namespace

NormalTree rename_symbols(const NormalTree& tree, std::span<const uint32_t> map, Arena& arena) {
  NormalTree out = tree;
  auto nodes = arena.make_array<Node>(tree.nodes.size());
  std::string text, key;
  std::vector<std::string_view> atoms;
  std::vector<std::string> renamed_atoms;
  for (size_t i = 0; i < tree.nodes.size(); ++i) {
    const Node& n = tree.nodes[i];
    Node& o = nodes[i];
    o = n;
    text.clear();
    append_renamed(text, n.arguments, map);
    o.arguments = arena.copy_string(text);
    if (!n.written.empty()) {
      text.clear();
      append_renamed(text, n.written, map);
      o.written = arena.copy_string(text);
    }
    if (!n.condition.empty()) {
      split_condition(n.condition, atoms);
      renamed_atoms.assign(atoms.size(), std::string());
      for (size_t a = 0; a < atoms.size(); ++a) append_renamed(renamed_atoms[a], atoms[a], map);
      std::sort(renamed_atoms.begin(), renamed_atoms.end());
      text.clear();
      for (size_t a = 0; a < renamed_atoms.size(); ++a) {
        if (a != 0) text.push_back(' ');
        text.append(renamed_atoms[a]);
      }
      o.condition = arena.copy_string(text);
    }
    // key = name + arguments + [" on Type"] + [" " + condition]
    const size_t head = n.name.size() + n.arguments.size();
    const size_t tail = n.condition.empty() ? 0 : n.condition.size() + 1;
    key.assign(o.name).append(o.arguments);
    if (n.key.size() >= head + tail) key.append(n.key.substr(head, n.key.size() - head - tail));
    if (!o.condition.empty()) key.append(" ").append(o.condition);
    o.key = i == 0 ? n.key : arena.copy_string(key);
    const uint64_t key_hash = hash_bytes(o.key);
    o.hash = i == 0 ? key_hash : hash_combine(nodes[o.parent].hash, key_hash);
  }
  out.nodes = nodes;
  auto firings = arena.make_array<RuleFiring>(tree.firings.size());
  for (size_t i = 0; i < tree.firings.size(); ++i) {
    firings[i] = tree.firings[i];
    text.clear();
    append_renamed(text, tree.firings[i].path, map);
    firings[i].path = arena.copy_string(text);
    text.clear();
    append_renamed(text, tree.firings[i].detail, map);
    firings[i].detail = arena.copy_string(text);
  }
  out.firings = firings;
  return out;
}

}  // namespace gqleval::normalize
