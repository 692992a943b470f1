// The report as Markdown (gqleval report --markdown PATH), for a pull request
// or a wiki: the leaderboard, the verdicts, the comparisons with the
// baseline, the pass rate per group, the gate's outcome, and the `listed`
// most severe regressed rows of each comparison with their paths and, when
// the results carry them, the queries.
#pragma once

#include <cstddef>
#include <span>
#include <string>

#include "engine/report/gate.h"
#include "engine/report/report.h"

namespace gqleval::report {

std::string report_markdown(const Report& report, std::span<const GateOutcome> gates,
                            size_t listed = 50);

}  // namespace gqleval::report
