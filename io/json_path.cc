#include "io/json_path.h"

#include <limits>

namespace gqleval::io {

std::optional<JsonPath> parse_json_path(std::string_view text) {
  JsonPath path;
  size_t i = 0;
  auto read_name = [&]() -> bool {
    const size_t start = i;
    while (i < text.size() && text[i] != '.' && text[i] != '[' && text[i] != ']') ++i;
    if (i == start) return false;
    path.push_back(JsonPathStep{std::string(text.substr(start, i - start)), 0, false});
    return true;
  };
  if (!read_name()) return std::nullopt;
  while (i < text.size()) {
    if (text[i] == '.') {
      ++i;
      if (!read_name()) return std::nullopt;
    } else if (text[i] == '[') {
      ++i;
      const size_t start = i;
      size_t index = 0;
      for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
        // An index past any array a record could hold is still a valid path
        // (it finds nothing); saturate rather than wrap.
        const auto digit = static_cast<size_t>(text[i] - '0');
        index = index > (std::numeric_limits<size_t>::max() - digit) / 10
                    ? std::numeric_limits<size_t>::max()
                    : index * 10 + digit;
      }
      if (i == start || i == text.size() || text[i] != ']') return std::nullopt;
      ++i;
      path.push_back(JsonPathStep{std::string(), index, true});
    } else {
      return std::nullopt;  // a stray ']'
    }
  }
  if (path.size() < 2) return std::nullopt;
  return path;
}

}  // namespace gqleval::io
