// Small helpers for the diagnostics of schema building: graphql-js attaches the
// start of each AST node it blames, in order, and so do we.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/graphql/ast.h"

namespace gqleval::schema {

// Rule name of the checks that graphql-js's validateSchema() makes.
inline constexpr std::string_view kSchemaValidationRule = "SchemaValidation";

inline Diagnostic schema_diagnostic(std::string_view rule, std::string message,
                                    const std::vector<ast::Loc>& locs,
                                    Severity severity = Severity::kError) {
  Diagnostic d;
  d.rule = std::string(rule);
  d.message = std::move(message);
  d.severity = severity;
  d.locations.reserve(locs.size());
  for (const ast::Loc& l : locs) d.locations.push_back(l.pos());
  return d;
}

// Concatenates strings and string views into one string (messages are built on
// the error path only, but `"literal" + std::string(...)` trips GCC 12's
// -Wrestrict false positive, so we append instead).
template <class... Parts>
std::string cat(const Parts&... parts) {
  std::string out;
  (out.append(std::string_view(parts)), ...);
  return out;
}

inline std::string quoted(std::string_view s) { return cat("\"", s, "\""); }

}  // namespace gqleval::schema
