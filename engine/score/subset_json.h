// The JSON form of a row of `gqleval score --mode subset` (subset.h,
// SubsetRow): the one serializer of a subset row, written straight into a
// caller's buffer as result_json.h writes an equivalence row, with the same
// conventions (docs/results.schema.json).
//
// Members, in this order:
//   verdict, pass, compared, missing, score, left_nodes, matched_reference,
//   missing_paths, operations, invalid_operations, errors
// - verdict: "subset" (a pass) or "missing", else a stage 1 verdict named as
//   in an equivalence row ("no_query", "invalid_candidate",
//   "invalid_reference", "invalid_schema");
// - missing: the reference's nodes the candidate lacks (the sum of the
//   missing paths' nodes); left_nodes: the reference's nodes, its root
//   included; both null when nothing was compared, as are matched_reference
//   and the counts of an equivalence row; score is 0 then, the value the
//   summary's mean score counts for such a row;
// - a missing path is {"path", "line", "column", "nodes"} as in an
//   equivalence row: the path from the root to the top of a missing subtree
//   (a leaf selected on types the candidate lacks ends ` on {A, B}` and counts
//   one node), its position in the reference; operations, invalid_operations
//   and errors as in result_json.h.
#pragma once

#include <string>
#include <string_view>

#include "engine/base/diagnostic.h"

#include "engine/score/subset.h"

namespace gqleval::score {

// The members above, without braces, for a caller to put its own around.
void append_subset_members(std::string& out, const SubsetRow& row);

// The members above for a row that was never compared, with a verdict and one
// error of the caller's own (a malformed input row's), as
// append_uncompared_members (result_json.h) writes an equivalence row's.
void append_uncompared_subset_members(std::string& out, std::string_view verdict,
                                      std::string_view query, const Diagnostic& error);

}  // namespace gqleval::score
