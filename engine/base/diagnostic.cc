#include "engine/base/diagnostic.h"

namespace gqleval {

Diagnostic make_error(std::string_view rule, std::string message) {
  Diagnostic d;
  d.rule = std::string(rule);
  d.message = std::move(message);
  return d;
}

Diagnostic make_error(std::string_view rule, std::string message, SourcePos pos) {
  Diagnostic d = make_error(rule, std::move(message));
  d.locations.push_back(pos);
  return d;
}

std::string format_diagnostic(const Diagnostic& d, std::string_view file_prefix) {
  std::string out;
  auto one = [&](SourcePos p) {
    // A diagnostic with no place in the text (a rules-file entry, a document
    // with several operations) names the file alone, as compilers do.
    if (!file_prefix.empty()) out.append(file_prefix).append(p.line == 0 ? ": " : ":");
    if (p.line != 0) {
      out.append(std::to_string(p.line)).append(":").append(std::to_string(p.column));
      out.append(": ");
    }
    if (d.severity == Severity::kWarning) out.append("warning: ");
    out.append(d.rule).append(": ").append(d.message).push_back('\n');
  };
  if (d.locations.empty()) {
    one(SourcePos{});
  } else {
    for (const SourcePos& p : d.locations) one(p);
  }
  return out;
}

}  // namespace gqleval
