// Text inside HTML and SVG: the five characters that could end an element or
// an attribute are escaped, everything else (UTF-8 included) is kept, so any
// run name, path or query text shows as written and can never inject markup
// or script into a report.
#pragma once

#include <string>
#include <string_view>

namespace gqleval::report {

void append_html_escaped(std::string& out, std::string_view text);
std::string html_escaped(std::string_view text);

}  // namespace gqleval::report
