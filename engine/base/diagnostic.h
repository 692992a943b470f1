// Diagnostic: the one error/warning type shared by every stage, from the lexer
// to the scorer. A diagnostic names the rule that produced it (a graphql-js
// rule name such as "FieldsOnCorrectType", or a stage name such as "Syntax"),
// a message a user can act on, and the 1-based source positions it points at.
// Diagnostics are built only on the error path, so they own their strings.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gqleval {

// A 1-based line and column, as graphql-js reports them; 0 means "unknown".
struct SourcePos {
  uint32_t line = 0;
  uint32_t column = 0;
  friend bool operator==(const SourcePos&, const SourcePos&) = default;
};

enum class Severity : uint8_t { kError, kWarning };

struct Diagnostic {
  std::string rule;
  std::string message;
  std::vector<SourcePos> locations;  // graphql-js order; may be empty
  Severity severity = Severity::kError;

  // The first location, or {0,0} when there is none.
  SourcePos pos() const { return locations.empty() ? SourcePos{} : locations.front(); }
};

using Diagnostics = std::vector<Diagnostic>;

// An error of `rule` with `message` at `pos`.
Diagnostic make_error(std::string_view rule, std::string message, SourcePos pos);
// An error with no place in the text (a rules-file entry, a missing column):
// it has no locations and is printed with the file name alone.
Diagnostic make_error(std::string_view rule, std::string message);

// "line:column: Rule: message" for each location (one line per location),
// "line:column: warning: Rule: message" for a warning.
std::string format_diagnostic(const Diagnostic& d, std::string_view file_prefix = {});

}  // namespace gqleval
