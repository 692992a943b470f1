// The style sheet and the script of the HTML report, inlined into every
// page so that it opens from disk with no network: a palette shared by the
// tables and the SVG charts (verdict and run colours), a layout that fits a
// 1280-pixel window, print rules (A4, no sort arrows, rows kept whole), and
// a small script that sorts any table of class "sortable" by the column
// whose header is clicked (numbers by the cells' data-v values, text
// otherwise; again reverses). A link may preselect a sort:
// report.html#sort=TABLE_ID.COLUMN.desc (COLUMN counts from 0), which is also
// how the browser test checks sorting. Errors the script meets are counted
// in <html data-errors="N">.
#pragma once

#include <string_view>

namespace gqleval::report {

extern const std::string_view kReportCss;
extern const std::string_view kReportScript;

}  // namespace gqleval::report
