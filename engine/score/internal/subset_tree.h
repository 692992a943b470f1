// The tree `gqleval subset` compares (subset.h): a normal tree (normal_tree.h)
// regrouped the way Relay's document compare groups selections, so that node
// counts, scores and missing paths match Relay's where Relay is right.
//
// The normal form splits every field under an abstract parent into one node
// per concrete type (`id on User`, `id on Page`). Relay keeps one node per
// field instead, and gives each leaf the set of concrete object types it is
// selected on. Here siblings with one name, one argument text and one
// condition are merged: a leaf collects its types (the concrete type of its
// normal node, or its parent's type when the parent is concrete), a field
// with children unites them, recursively. Children are in the order Relay
// meets them (selection_order below): fragments expanded where they are
// spread, depth first, each node at the first selection it came from.
//
// Costs: a rebuild reuses the tree's buffers (its nodes, the pools their
// children and types live in, the builder's scratch) and the order's, so a
// warm rebuild of a tree no larger than one built before allocates nothing.
// Grouping sorts each node's children by identity, O(k log k) for k children.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/graphql/ast.h"
#include "engine/normalize/normal_tree.h"
#include "engine/schema/schema.h"

namespace gqleval::score {

struct SubsetNode {
  std::string_view name;                  // the schema field name; the operation kind for the root
  std::string_view arguments;             // canonical, "(id: \"1\")" or empty
  std::string_view condition;             // "@include(if: $1)" or empty
  schema::FieldId field = schema::kNone;  // kNone for the root
  bool leaf = false;                      // a scalar or enum field
  uint32_t first_type = 0;                // a leaf's concrete object types (SubsetTree::types)
  uint32_t type_count = 0;
  uint32_t first_child = 0;  // its children, in source order (SubsetTree::children)
  uint32_t child_count = 0;
  uint32_t size = 1;  // nodes in the subtree, itself included
  SourcePos pos;      // the first source selection
};

class SubsetTree {
 public:
  ast::OperationType operation = ast::OperationType::kQuery;
  std::vector<SubsetNode> nodes;  // nodes[0] is the root

  // A leaf's types, sorted; empty for a node with children.
  std::span<const schema::TypeId> types(const SubsetNode& n) const {
    return std::span(type_pool_).subspan(n.first_type, n.type_count);
  }
  // The indices in `nodes` of a node's children.
  std::span<const uint32_t> children(const SubsetNode& n) const {
    return std::span(child_pool_).subspan(n.first_child, n.child_count);
  }

 private:
  friend class SubsetTreeBuilder;

  // A normal node being merged, with the order it was met in.
  struct Kid {
    uint32_t node = 0;
    uint32_t seq = 0;
  };
  // Children of a merged node with one identity: kids_[begin, end).
  struct Group {
    uint32_t begin = 0;
    uint32_t end = 0;
    uint32_t first = 0;  // the member met first in the source (its position)
    uint32_t seq = 0;    // when the group was first met
  };

  std::vector<schema::TypeId> type_pool_;
  std::vector<uint32_t> child_pool_;
  // The builder's scratch, used as stacks (one frame per level of the walk).
  std::vector<Kid> kids_;
  std::vector<Group> groups_;
};

// The order in which a depth-first walk of an operation meets each field
// selection of its document, fragments expanded where they are spread (each
// fragment once: its fields keep the number of their first visit), keyed by
// the selection's position. Reused from document to document.
class SelectionOrder {
 public:
  // The number of the selection at `pos`; false when the walk did not meet it.
  bool find(SourcePos pos, uint32_t* order) const;

 private:
  friend class SelectionNumbering;

  std::vector<std::pair<uint64_t, uint32_t>> entries_;  // (key, number), sorted by key
  std::vector<std::pair<std::string_view, const ast::FragmentDefinition*>> fragments_;
};

uint64_t selection_order_key(SourcePos pos);
void number_selections(const ast::Document& document, const ast::OperationDefinition& operation,
                       SelectionOrder& out);

// Rebuilds `out` from `tree` (its buffers are reused); `order` is
// number_selections() of the document the tree was built from.
void build_subset_tree(const normalize::NormalTree& tree, const schema::Schema& schema,
                       const SelectionOrder& order, SubsetTree& out);

}  // namespace gqleval::score
