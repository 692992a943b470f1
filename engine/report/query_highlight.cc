#include "engine/report/query_highlight.h"

#include <map>

#include "engine/base/concat.h"
#include "engine/report/html_text.h"

namespace gqleval::report {
namespace {

bool is_name_char(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// The byte offset of 1-based `column` in `line`, counting code points (the
// queries a report shows are mostly ASCII, where both agree).
size_t column_offset(std::string_view line, uint32_t column) {
  uint32_t seen = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    if ((line[i] & 0xC0) == 0x80) continue;
    if (++seen == column) return i;
  }
  return std::string_view::npos;
}

}  // namespace

std::string highlighted_query_html(std::string_view text, std::span<const PathItem> marks,
                                   std::string_view cls) {
  std::map<uint32_t, std::vector<uint32_t>> columns_by_line;
  for (const PathItem& m : marks) {
    if (m.line != 0) columns_by_line[m.line].push_back(m.column);
  }
  std::string out;
  uint32_t number = 0;
  size_t at = 0;
  while (at <= text.size()) {
    ++number;
    const size_t end = text.find('\n', at);
    const std::string_view line =
        text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
    auto it = columns_by_line.find(number);
    if (it == columns_by_line.end()) {
      append_html_escaped(out, line);
    } else {
      // Mark the name at the first column given on this line.
      const size_t start = column_offset(line, it->second.front());
      size_t stop = start;
      while (stop != std::string_view::npos && stop < line.size() && is_name_char(line[stop])) {
        ++stop;
      }
      out += concat({"<span class=\"", cls, "\">"});
      if (start == std::string_view::npos || stop == start) {
        append_html_escaped(out, line);
      } else {
        append_html_escaped(out, line.substr(0, start));
        out += "<mark>";
        append_html_escaped(out, line.substr(start, stop - start));
        out += "</mark>";
        append_html_escaped(out, line.substr(stop));
      }
      out += "</span>";
    }
    if (end == std::string_view::npos) break;
    out += '\n';
    at = end + 1;
  }
  return out;
}

}  // namespace gqleval::report
