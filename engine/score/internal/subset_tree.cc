#include "engine/score/internal/subset_tree.h"

#include <algorithm>
#include <string>
#include <tuple>
#include <unordered_map>

namespace gqleval::score {
namespace {

// Fragments by name, for the walk of number_selections.
class SelectionNumbering {
 public:
  SelectionNumbering(const ast::Document& document, SelectionOrder& out) : out_(out) {
    for (const ast::Definition* d : document.definitions) {
      if (d->kind == ast::DefinitionKind::kFragment) {
        const auto* f = static_cast<const ast::FragmentDefinition*>(d);
        fragments_.emplace(f->name.value, f);
      }
    }
  }
  void walk(const ast::SelectionSet* set) {
    if (set == nullptr) return;
    for (const ast::Selection* s : set->selections) {
      switch (s->kind) {
        case ast::SelectionKind::kField: {
          const auto& f = ast::as<ast::Field>(*s);
          out_.try_emplace(selection_order_key(f.loc.pos()), static_cast<uint32_t>(out_.size()));
          walk(f.selection_set);
          break;
        }
        case ast::SelectionKind::kInlineFragment:
          walk(ast::as<ast::InlineFragment>(*s).selection_set);
          break;
        case ast::SelectionKind::kFragmentSpread: {
          auto it = fragments_.find(ast::as<ast::FragmentSpread>(*s).name.value);
          if (it != fragments_.end() && it->second != nullptr) {
            const ast::FragmentDefinition* f = it->second;
            it->second = nullptr;  // once: later spreads add no new selection
            walk(f->selection_set);
          }
          break;
        }
      }
    }
  }

 private:
  std::unordered_map<std::string_view, const ast::FragmentDefinition*> fragments_;
  SelectionOrder& out_;
};

bool before(SourcePos a, SourcePos b) {
  return std::tie(a.line, a.column) < std::tie(b.line, b.column);
}

class Builder {
 public:
  Builder(const normalize::NormalTree& tree, const schema::Schema& schema,
          const SelectionOrder& order, SubsetTree& out)
      : tree_(tree), schema_(schema), order_(order), out_(out) {}

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
    node.pos = tree_.nodes[first_member(members)].pos;
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
    std::stable_sort(groups.begin(), groups.end(), [&](const auto& a, const auto& b) {
      return earlier(first_member(a), first_member(b));
    });
    return groups;
  }

  // Whether normal node a was met before b (source position when the walk did
  // not number one of them).
  bool earlier(uint32_t a, uint32_t b) const {
    const SourcePos pa = tree_.nodes[a].pos;
    const SourcePos pb = tree_.nodes[b].pos;
    auto ia = order_.find(selection_order_key(pa));
    auto ib = order_.find(selection_order_key(pb));
    if (ia != order_.end() && ib != order_.end()) return ia->second < ib->second;
    return before(pa, pb);
  }
  uint32_t first_member(const std::vector<uint32_t>& members) const {
    uint32_t first = members.front();
    for (uint32_t m : members) {
      if (earlier(m, first)) first = m;
    }
    return first;
  }

  const normalize::NormalTree& tree_;
  const schema::Schema& schema_;
  const SelectionOrder& order_;
  SubsetTree& out_;
};

}  // namespace

uint64_t selection_order_key(SourcePos pos) { return (uint64_t{pos.line} << 32) | pos.column; }

void number_selections(const ast::Document& document, const ast::OperationDefinition& operation,
                       SelectionOrder& out) {
  out.clear();
  SelectionNumbering(document, out).walk(operation.selection_set);
}

void build_subset_tree(const normalize::NormalTree& tree, const schema::Schema& schema,
                       const SelectionOrder& order, SubsetTree& out) {
  out.nodes.clear();
  out.operation = tree.operation;
  if (tree.nodes.empty()) return;
  Builder(tree, schema, order, out).add({0});
}

}  // namespace gqleval::score
