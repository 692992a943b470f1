// Small helpers for the diagnostics of schema building: graphql-js attaches the
// start of each AST node it blames, in order, and so do we.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/concat.h"
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

inline std::string quoted(std::string_view s) { return concat({"\"", s, "\""}); }

}  // namespace gqleval::schema
