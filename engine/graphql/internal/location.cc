#include "engine/graphql/internal/location.h"

#include "engine/base/utf8.h"

namespace gqleval::graphql {

SourcePos position_at(std::string_view source, size_t offset) {
  if (offset > source.size()) offset = source.size();
  size_t line = 1;
  size_t line_start = 0;
  for (size_t i = 0; i < offset; ++i) {
    char c = source[i];
    if (c == '\n') {
      ++line;
      line_start = i + 1;
    } else if (c == '\r') {
      ++line;
      line_start = (i + 1 < source.size() && source[i + 1] == '\n') ? i + 2 : i + 1;
      if (line_start > i + 1) ++i;  // skip the "\n" of "\r\n"
    }
  }
  SourcePos pos;
  pos.line = static_cast<uint32_t>(line);
  if (line_start > offset) {
    pos.column = 0;  // offset points at the "\n" of a "\r\n"
  } else {
    pos.column = static_cast<uint32_t>(
        1 + utf8::utf16_length(source.substr(line_start, offset - line_start)));
  }
  return pos;
}

}  // namespace gqleval::graphql
