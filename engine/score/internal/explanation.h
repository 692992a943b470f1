// The explanation of a verdict (docs/semantics.md, Stage 4): each top-most missing
// or extra subtree as a path from the root, e.g.
//
//   query -> users(id: 1) -> posts -> title
//
// with the line and column of the selection it came from and the number of
// nodes under it; and, for printing, the grouping of paths that differ only in
// the concrete type of one segment into one line:
//
//   query -> search(text: "x") -> title on {Book, Movie}
//
// Counts stay per node (a group's count is the sum of its members').
//
// Each segment is what its query wrote: where a rule changed a selection's
// field or arguments (endpoints, rgeval, ignore_arguments), the written name
// and arguments with the rule, `query -> usersById(id: 1) [endpoints] -> name`,
// never a canonical field that the query did not write.
//
// describe_subtree() writes its strings into the caller's arena (no other
// allocation, given a reused scratch string); group_paths() is for printing
// and owns its output.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "engine/base/diagnostic.h"
#include "engine/normalize/normal_tree.h"
#include "engine/schema/schema.h"
#include "engine/score/pair_result.h"

namespace gqleval::score {

// The SubtreeDiff of tree.nodes[node], whose subtree has `nodes` field nodes;
// `pos` is the node's position as the caller reports it (e.g. mapped from an
// extracted query back to the text it came from). Strings live in `arena`;
// `scratch` is reused working space.
SubtreeDiff describe_subtree(const normalize::NormalTree& tree, uint32_t node, uint32_t nodes,
                             SourcePos pos, const schema::Schema& schema, Arena& arena,
                             std::string& scratch);

// One printed line of an explanation.
struct PathGroup {
  std::string text;                  // the path; `on {A, B}` where members differ by type
  std::vector<SourcePos> positions;  // distinct, in order of first appearance
  std::vector<int32_t> operations;   // each position's operation (SubtreeDiff::operation)
  uint32_t nodes = 0;                // the members' node counts, summed
  uint32_t members = 0;              // how many SubtreeDiffs the line stands for
};

// Groups diffs whose paths have the same length and differ in exactly one
// segment, where each has a concrete type and the same head and condition
// (so the same field selected on several types). Groups keep the order of
// their first member; types are listed by name.
std::vector<PathGroup> group_paths(std::span<const SubtreeDiff> diffs);

}  // namespace gqleval::score
