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
#pragma once

#include <cstdint>
#include <string_view>
#include <unordered_map>
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
  std::vector<schema::TypeId> types;      // a leaf's concrete object types, sorted
  std::vector<uint32_t> children;         // in source order
  uint32_t size = 1;                      // nodes in the subtree, itself included
  SourcePos pos;                          // the first source selection
};

struct SubsetTree {
  ast::OperationType operation = ast::OperationType::kQuery;
  std::vector<SubsetNode> nodes;  // nodes[0] is the root
};

// The order in which a depth-first walk of `operation` meets each field
// selection of `document`, fragments expanded where they are spread (each
// fragment once: its fields keep the number of their first visit), keyed by
// the selection's position (selection_order_key).
using SelectionOrder = std::unordered_map<uint64_t, uint32_t>;
uint64_t selection_order_key(SourcePos pos);
void number_selections(const ast::Document& document, const ast::OperationDefinition& operation,
                       SelectionOrder& out);

// Rebuilds `out` from `tree` (its buffers are reused); `order` is
// number_selections() of the document the tree was built from.
void build_subset_tree(const normalize::NormalTree& tree, const schema::Schema& schema,
                       const SelectionOrder& order, SubsetTree& out);

}  // namespace gqleval::score
