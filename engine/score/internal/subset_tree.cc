#include "engine/score/internal/subset_tree.h"

#include <algorithm>
#include <tuple>

namespace gqleval::score {

// The walk of number_selections, fragments looked up by name in `out`.
class SelectionNumbering {
 public:
  SelectionNumbering(const ast::Document& document, SelectionOrder& out) : out_(out) {
    out_.entries_.clear();
    out_.fragments_.clear();
    for (const ast::Definition* d : document.definitions) {
      if (d->kind == ast::DefinitionKind::kFragment) {
        const auto* f = static_cast<const ast::FragmentDefinition*>(d);
        out_.fragments_.emplace_back(f->name.value, f);
      }
    }
  }

  void walk(const ast::SelectionSet* set) {
    if (set == nullptr) return;
    for (const ast::Selection* s : set->selections) {
      switch (s->kind) {
        case ast::SelectionKind::kField: {
          const auto& f = ast::as<ast::Field>(*s);
          out_.entries_.emplace_back(selection_order_key(f.loc.pos()),
                                     static_cast<uint32_t>(out_.entries_.size()));
          walk(f.selection_set);
          break;
        }
        case ast::SelectionKind::kInlineFragment:
          walk(ast::as<ast::InlineFragment>(*s).selection_set);
          break;
        case ast::SelectionKind::kFragmentSpread: spread(ast::as<ast::FragmentSpread>(*s)); break;
      }
    }
  }

  // Sorted by key for find(); a key met twice keeps its first number.
  void finish() {
    auto& e = out_.entries_;
    std::sort(e.begin(), e.end());
    e.erase(std::unique(e.begin(), e.end(),
                        [](const auto& a, const auto& b) { return a.first == b.first; }),
            e.end());
  }

 private:
  void spread(const ast::FragmentSpread& s) {
    // The first definition of a name is the one spread (a repeated name is
    // invalid anyway); each fragment once: later spreads add no new selection.
    for (auto& [name, fragment] : out_.fragments_) {
      if (name != s.name.value) continue;
      if (fragment != nullptr) {
        const ast::FragmentDefinition* f = fragment;
        fragment = nullptr;
        walk(f->selection_set);
      }
      return;
    }
  }

  SelectionOrder& out_;
};

bool SelectionOrder::find(SourcePos pos, uint32_t* order) const {
  const uint64_t key = selection_order_key(pos);
  auto it = std::lower_bound(entries_.begin(), entries_.end(), key,
                             [](const auto& e, uint64_t k) { return e.first < k; });
  if (it == entries_.end() || it->first != key) return false;
  *order = it->second;
  return true;
}

uint64_t selection_order_key(SourcePos pos) { return (uint64_t{pos.line} << 32) | pos.column; }

void number_selections(const ast::Document& document, const ast::OperationDefinition& operation,
                       SelectionOrder& out) {
  SelectionNumbering numbering(document, out);
  numbering.walk(operation.selection_set);
  numbering.finish();
}

// Builds a SubsetTree depth first. The members of the node being built and
// the children of all of them are frames of out's kid and group stacks, so
// nothing is allocated once the stacks and pools have grown to the size of
// the largest tree built.
class SubsetTreeBuilder {
 public:
  SubsetTreeBuilder(const normalize::NormalTree& tree, const schema::Schema& schema,
                    const SelectionOrder& order, SubsetTree& out)
      : tree_(tree), schema_(schema), order_(order), out_(out) {}

  void build() {
    out_.nodes.clear();
    out_.type_pool_.clear();
    out_.child_pool_.clear();
    out_.kids_.clear();
    out_.groups_.clear();
    out_.operation = tree_.operation;
    if (tree_.nodes.empty()) return;
    out_.kids_.push_back({0, 0});
    add(0, 1);
  }

 private:
  using Kid = SubsetTree::Kid;
  using Group = SubsetTree::Group;

  // Where a normal node stands in the source: the walk's number when it has
  // one, else its position.
  struct Place {
    bool numbered = false;
    uint32_t number = 0;
    SourcePos pos;
  };
  Place place(uint32_t node) const {
    Place p;
    p.pos = tree_.nodes[node].pos;
    p.numbered = order_.find(p.pos, &p.number);
    return p;
  }
  // Whether a was met before b (source position when the walk did not number
  // one of them).
  static bool earlier(const Place& a, const Place& b) {
    if (a.numbered && b.numbered) return a.number < b.number;
    return std::tie(a.pos.line, a.pos.column) < std::tie(b.pos.line, b.pos.column);
  }

  // The member of kids_[begin, end) met first in the source; ties: the first
  // in the order met.
  uint32_t first_member(uint32_t begin, uint32_t end, Place* where) const {
    uint32_t first = out_.kids_[begin].node;
    *where = place(first);
    for (uint32_t k = begin + 1; k < end; ++k) {
      const Place p = place(out_.kids_[k].node);
      if (earlier(p, *where)) {
        first = out_.kids_[k].node;
        *where = p;
      }
    }
    return first;
  }

  // Adds the node merged from the normal nodes kids_[begin, end) (one
  // identity but for the concrete type, in the order met) and its subtree;
  // returns its index.
  uint32_t add(uint32_t begin, uint32_t end) {
    const auto index = static_cast<uint32_t>(out_.nodes.size());
    out_.nodes.emplace_back();
    const normalize::Node& first = tree_.nodes[out_.kids_[begin].node];
    SubsetNode node;
    node.name = first.name;
    node.arguments = first.arguments;
    node.condition = first.condition;
    node.field = first.field;
    Place where;
    node.pos = tree_.nodes[first_member(begin, end, &where)].pos;
    node.leaf = first.is_field && schema_.is_leaf(first.type);
    if (node.leaf) {
      auto& types = out_.type_pool_;
      node.first_type = static_cast<uint32_t>(types.size());
      for (uint32_t k = begin; k < end; ++k) {
        const normalize::Node& n = tree_.nodes[out_.kids_[k].node];
        types.push_back(n.on_type != schema::kNone ? n.on_type : tree_.nodes[n.parent].type);
      }
      std::sort(types.begin() + node.first_type, types.end());
      types.erase(std::unique(types.begin() + node.first_type, types.end()), types.end());
      node.type_count = static_cast<uint32_t>(types.size()) - node.first_type;
    } else {
      const auto kids = static_cast<uint32_t>(out_.kids_.size());
      const auto groups = static_cast<uint32_t>(out_.groups_.size());
      group_children(begin, end);
      node.first_child = static_cast<uint32_t>(out_.child_pool_.size());
      node.child_count = static_cast<uint32_t>(out_.groups_.size()) - groups;
      out_.child_pool_.resize(out_.child_pool_.size() + node.child_count);
      for (uint32_t i = 0; i < node.child_count; ++i) {
        const Group g = out_.groups_[groups + i];  // a copy: the stacks grow below
        const uint32_t child = add(g.begin, g.end);
        out_.child_pool_[node.first_child + i] = child;
        node.size += out_.nodes[child].size;
      }
      out_.kids_.resize(kids);
      out_.groups_.resize(groups);
    }
    out_.nodes[index] = node;
    return index;
  }

  // Pushes the children of all members kids_[begin, end) as a new frame of
  // kids_, grouped by name, arguments and condition (each group in the order
  // met), and their groups as a new frame of groups_, in order of their first
  // source selection (ties: the order met).
  void group_children(uint32_t begin, uint32_t end) {
    auto& kids = out_.kids_;
    const auto frame = static_cast<uint32_t>(kids.size());
    uint32_t seq = 0;
    for (uint32_t k = begin; k < end; ++k) {
      const normalize::Node& parent = tree_.nodes[kids[k].node];
      for (uint32_t c = parent.first_child; c < parent.first_child + parent.child_count; ++c) {
        kids.push_back({c, seq++});
      }
    }
    auto identity = [&](const Kid& k) {
      const normalize::Node& n = tree_.nodes[k.node];
      return std::tie(n.name, n.arguments, n.condition);
    };
    std::sort(kids.begin() + frame, kids.end(), [&](const Kid& a, const Kid& b) {
      const auto ia = identity(a);
      const auto ib = identity(b);
      return ia != ib ? ia < ib : a.seq < b.seq;
    });
    auto& groups = out_.groups_;
    const auto group_frame = static_cast<uint32_t>(groups.size());
    const auto last = static_cast<uint32_t>(kids.size());
    for (uint32_t k = frame; k < last;) {
      uint32_t next = k + 1;
      while (next < last && identity(kids[next]) == identity(kids[k])) ++next;
      Group g{k, next, 0, kids[k].seq};
      Place where;
      g.first = first_member(k, next, &where);
      groups.push_back(g);
      k = next;
    }
    // Met order first, then a stable sort by source order, as Relay meets them.
    std::sort(groups.begin() + group_frame, groups.end(),
              [](const Group& a, const Group& b) { return a.seq < b.seq; });
    auto source_order = [&](const Group& a, const Group& b) {
      return earlier(place(a.first), place(b.first));
    };
    const size_t count = groups.size() - group_frame;
    if (count < 2) return;  // (begin() + group_frame + 1 would be past the end)
    if (count <= kInsertionSortMax) {
      for (auto i = groups.begin() + group_frame + 1; i < groups.end(); ++i) {
        const Group g = *i;
        auto j = i;
        for (; j > groups.begin() + group_frame && source_order(g, *(j - 1)); --j) *j = *(j - 1);
        *j = g;
      }
    } else {
      std::stable_sort(groups.begin() + group_frame, groups.end(), source_order);
    }
  }

  // Sibling groups up to this many are put in order without allocating.
  static constexpr size_t kInsertionSortMax = 64;

  const normalize::NormalTree& tree_;
  const schema::Schema& schema_;
  const SelectionOrder& order_;
  SubsetTree& out_;
};

void build_subset_tree(const normalize::NormalTree& tree, const schema::Schema& schema,
                       const SelectionOrder& order, SubsetTree& out) {
  SubsetTreeBuilder(tree, schema, order, out).build();
}

}  // namespace gqleval::score
