// Printing of normal trees, deterministic, for golden files, explanations and
// the artifacts of a batch run.
//
// print_tree: GraphQL-like text, two spaces per level, one node per line as
// its key, children in canonical order, braces around children:
//
//   query {
//     users(id: 1) {
//       posts
//       username
//     }
//   }
//
// A node of a composite type with no children (left so by the cycles rule)
// prints as its key alone. Under an abstract parent, keys carry the type:
// `title on Book`.
//
// node_path: the chain of keys from the root, `query -> users(id: 1) -> posts
// -> title`.
//
// print_firings: one line per rule firing, `rule line:column path: detail`.
#pragma once

#include <string>

#include "engine/normalize/normal_tree.h"

namespace gqleval::normalize {

std::string print_tree(const NormalTree& tree);
std::string node_path(const NormalTree& tree, uint32_t node);
std::string print_firings(const NormalTree& tree);

}  // namespace gqleval::normalize
