// The addon's summary functions, over the engine's (engine/rows/
// summary_counts.h, row_table.h); index.js builds counts(), mergeCounts(),
// summaryOfCounts() and summary() on them.
//
//   countRows(mode, verdicts: string[], values: number[])
//       -> {outcomes: number[], millionths: number, squares: bigint}
//   summaryOfCounts(mode, outcomes, millionths, squares) -> string (JSON)
//   resultMembers(mode) -> string[]
// A bad mode or verdict throws RangeError, a value of the wrong type
// TypeError.
#pragma once

#include <node_api.h>

namespace gqleval::js {

// Sets the three functions on `exports`; false (thrown) on failure.
bool define_summary_calls(napi_env env, napi_value exports);

}  // namespace gqleval::js
