// The charts of the HTML report, drawn as inline SVG by our own code (no
// library, nothing fetched): each is an <svg> element with a viewBox, so it
// scales to the page's width and prints sharp. Colours come from CSS classes
// (v-<verdict> for verdicts, s<k> for the k-th run) that the page styles, so
// the charts and the tables share one palette; every mark has a <title>, the
// tooltip and what a screen reader reads.
//
//   verdict_bars_svg  one horizontal bar per run, split by verdict (shares
//                     of its rows), with a legend;
//   group_rates_svg   per value of a group-by member, one bar per run: the
//                     pass rate with its Wilson interval as a whisker;
//   trend_svg         the pass rate of each run in order (checkpoints), a
//                     line through the points and the intervals as a band
//                     and whiskers.
#pragma once

#include <cstddef>
#include <string>

#include "engine/report/report.h"

namespace gqleval::report {

std::string verdict_bars_svg(const Report& report);
std::string group_rates_svg(const Report& report, size_t group);
std::string trend_svg(const Report& report);

}  // namespace gqleval::report
