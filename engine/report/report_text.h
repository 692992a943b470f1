// The report as a terminal table (gqleval report prints it on stderr): the
// leaderboard, the verdict distribution, the comparisons with the baseline,
// the pass rate per group, and the first `shown` regressed rows of each
// comparison with their verdicts, F1 and paths.
#pragma once

#include <cstddef>
#include <string>

#include "engine/report/report.h"

namespace gqleval::report {

std::string report_text(const Report& report, size_t shown = 5);

}  // namespace gqleval::report
