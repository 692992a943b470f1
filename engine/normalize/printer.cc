#include "engine/normalize/printer.h"

#include <vector>

namespace gqleval::normalize {

namespace {

void print_node(const NormalTree& tree, const Node& node, std::string& out) {
  out.append(static_cast<size_t>(node.depth) * 2, ' ');
  out.append(node.key);
  if (node.child_count == 0) {
    out.push_back('\n');
    return;
  }
  out.append(" {\n");
  for (const Node& child : tree.children(node)) print_node(tree, child, out);
  out.append(static_cast<size_t>(node.depth) * 2, ' ');
  out.append("}\n");
}

}  // namespace

std::string_view mapped_by_name(MappedBy rule) {
  switch (rule) {
    case MappedBy::kNone: return "";
    case MappedBy::kEndpoints: return "endpoints";
    case MappedBy::kRgeval: return "rgeval";
    case MappedBy::kIgnoreArguments: return "ignore_arguments";
  }
  return "";
}

std::string print_tree(const NormalTree& tree) {
  std::string out;
  if (!tree.nodes.empty()) print_node(tree, tree.root(), out);
  return out;
}

std::string node_path(const NormalTree& tree, uint32_t node) {
  std::vector<uint32_t> chain;
  for (uint32_t n = node; n != kNoNode && n < tree.nodes.size(); n = tree.nodes[n].parent) {
    chain.push_back(n);
  }
  std::string out;
  for (size_t i = chain.size(); i-- > 0;) {
    out.append(tree.nodes[chain[i]].key);
    if (i) out.append(" -> ");
  }
  return out;
}

std::string print_firings(const NormalTree& tree) {
  std::string out;
  for (const RuleFiring& f : tree.firings) {
    out.append(f.rule).push_back(' ');
    out.append(std::to_string(f.pos.line)).push_back(':');
    out.append(std::to_string(f.pos.column)).push_back(' ');
    out.append(f.path).append(": ").append(f.detail).push_back('\n');
  }
  return out;
}

}  // namespace gqleval::normalize
