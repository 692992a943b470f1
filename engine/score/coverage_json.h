// The JSON form of a row of `gqleval score --mode coverage` (coverage.h,
// CoverageRow): its one serializer, written straight into a caller's buffer
// as result_json.h writes an equivalence row, with the same conventions
// (docs/results.schema.json).
//
// Members, in this order:
//   verdict, pass, compared, required, covered_count, recall,
//   missing_coordinates, over_selected, unsatisfiable, operations,
//   invalid_operations, errors
// - verdict: "covered" (a pass) or "not_covered", else a stage 1 verdict
//   named as in an equivalence row;
// - required, covered_count: the satisfiable required coordinates and those
//   the answer covers, null when nothing was compared; recall their ratio (1
//   when nothing is required; 0 when nothing was compared, the value the
//   summary's mean recall counts);
// - a missing coordinate is {"coordinate", "nearest", "line", "column",
//   "operation"}: where the answer came closest (in which of its
//   operations), null where it did not come near;
// - over_selected and unsatisfiable: coordinates, sorted;
// - operations: the answer's operations read, invalid_operations those left
//   out as invalid;
// - an error is {"query", "rule", "message", "line", "column"} as in an
//   equivalence row, `query` one of "schema", "reference", "required",
//   "excluded", "candidate", "row", with "entry" (the list's entry) or
//   "operation" (the answer's operation) after it where it has one.
#pragma once

#include <string>
#include <string_view>

#include "engine/base/diagnostic.h"
#include "engine/score/coverage.h"

namespace gqleval::score {

// The members above, without braces, for a caller to put its own around.
void append_coverage_members(std::string& out, const CoverageRow& row);

// The members above for a row that was never compared, with a verdict and one
// error of the caller's own (a malformed input row's).
void append_uncompared_coverage_members(std::string& out, std::string_view verdict,
                                        std::string_view query, const Diagnostic& error);

}  // namespace gqleval::score
