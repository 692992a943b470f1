#include "engine/score/internal/subset_tree.h"

#include <algorithm>
#include <string>
#include <tuple>
#include <unordered_map>

namespace gqleval::score {
namespace {

bool before(SourcePos a, SourcePos b) {
  return std::tie(a.line, a.column) < std::tie(b.line, b.column);
}

class Builder {
 public:
  Builder(const normalize::NormalTree& tree, const schema::Schema& schema, SubsetTree& out)
      : tree_(tree), schema_(schema), out_(out) {}

  // Adds the node merged from the normal nodes `members` (one identity but
  // for the concrete type) and its subtree; returns its index.
  uint32_t add(std::vector<uint32_t> members) {
    const auto index = static_cast<uint32_t>(out_.nodes.size());
    out_.nodes.emplace_back();
    const normalize::Node& first = tree_.nodes[members.front()];
    SubsetNode node;
    node.name = first.name;
    node.arguments = first.arguments;
    node.condition = first.condition;
    node.field = first.field;
    node.pos = first.pos;
    for (uint32_t m : members) {
      if (before(tree_.nodes[m].pos, node.pos)) node.pos = tree_.nodes[m].pos;
    }
    node.leaf = first.is_field && schema_.is_leaf(first.type);
    if (node.leaf) {
      for (uint32_t m : members) {
        const normalize::Node& n = tree_.nodes[m];
        node.types.push_back(n.on_type != schema::kNone ? n.on_type : tree_.nodes[n.parent].type);
      }
      std::sort(node.types.begin(), node.types.end());
      node.types.erase(std::unique(node.types.begin(), node.types.end()), node.types.end());
    } else {
      for (std::vector<uint32_t>& group : child_groups(members)) {
        const uint32_t child = add(std::move(group));
        node.children.push_back(child);
        node.size += out_.nodes[child].size;
      }
    }
    out_.nodes[index] = std::move(node);
    return index;
  }

 private:
  // The children of all `members`, grouped by name, arguments and condition,
  // the groups in order of their first source selection.
  std::vector<std::vector<uint32_t>> child_groups(const std::vector<uint32_t>& members) const {
    std::vector<std::vector<uint32_t>> groups;
    std::unordered_map<std::string, size_t> group_of;
    std::string identity;
    for (uint32_t m : members) {
      const normalize::Node& parent = tree_.nodes[m];
      for (uint32_t c = parent.first_child; c < parent.first_child + parent.child_count; ++c) {
        const normalize::Node& n = tree_.nodes[c];
        identity.assign(n.name);
        identity += '\0';
        identity += n.arguments;
        identity += '\0';
        identity += n.condition;
        auto [it, added] = group_of.try_emplace(identity, groups.size());
        if (added) groups.emplace_back();
        groups[it->second].push_back(c);
      }
    }
    auto first_pos = [&](const std::vector<uint32_t>& g) {
      SourcePos p = tree_.nodes[g.front()].pos;
      for (uint32_t i : g) {
        if (before(tree_.nodes[i].pos, p)) p = tree_.nodes[i].pos;
      }
      return p;
    };
    std::stable_sort(groups.begin(), groups.end(), [&](const auto& a, const auto& b) {
      return before(first_pos(a), first_pos(b));
    });
    return groups;
  }

  const normalize::NormalTree& tree_;
  const schema::Schema& schema_;
  SubsetTree& out_;
};

}  // namespace

void build_subset_tree(const normalize::NormalTree& tree, const schema::Schema& schema,
                       SubsetTree& out) {
  out.nodes.clear();
  out.operation = tree.operation;
  if (tree.nodes.empty()) return;
  Builder(tree, schema, out).add({0});
}

}  // namespace gqleval::score
