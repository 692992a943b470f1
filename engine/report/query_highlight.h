// A query's text as HTML with the places a report points at marked: each
// position (1-based line and column, as result rows give them) marks its
// whole line (class `cls`) and, inside it, the name that starts there (a
// <mark>). Positions outside the text are ignored; the text is escaped, so
// any answer a model wrote shows as written.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "engine/report/row_details.h"

namespace gqleval::report {

std::string highlighted_query_html(std::string_view text, std::span<const PathItem> marks,
                                   std::string_view cls);

}  // namespace gqleval::report
