// The report as one self-contained HTML page (gqleval report --html PATH):
// its style sheet, script and SVG charts are inline, and it refers to
// nothing outside itself, so it opens from disk with no network and can be
// mailed or archived as one file.
//
// Sections: the title and how the runs were paired; the gate's outcome when
// one was asked; the leaderboard (sortable by any column: run, rows, passes,
// pass rate, its interval, mean F1, its interval, each verdict's count); the
// verdicts per run as stacked bars; the trend of the pass rate over the runs
// in order, with intervals; the pass rate per group and run; the comparisons
// with the baseline (sortable); per comparison, the `listed` most severe
// regressed rows, each with its verdicts and F1 before and after, the
// reference and the candidate with the lines of missing (in the reference)
// and extra (in the candidate) paths highlighted, and the paths themselves.
#pragma once

#include <cstddef>
#include <span>
#include <string>

#include "engine/report/gate.h"
#include "engine/report/report.h"

namespace gqleval::report {

std::string report_html(const Report& report, std::span<const GateOutcome> gates,
                        size_t listed = 50);

}  // namespace gqleval::report
