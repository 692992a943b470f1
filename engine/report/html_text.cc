#include "engine/report/html_text.h"

namespace gqleval::report {

void append_html_escaped(std::string& out, std::string_view text) {
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
}

std::string html_escaped(std::string_view text) {
  std::string out;
  append_html_escaped(out, text);
  return out;
}

}  // namespace gqleval::report
