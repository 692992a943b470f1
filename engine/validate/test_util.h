// Helpers for the validator's unit tests (header only; used by *_test.cc here).
// run_rules() parses a query, validates it against a schema with the named
// rules (all rules when empty) and renders each diagnostic as one line,
// "message @line:col @line:col", warnings prefixed with "warning: ", so that a
// test compares graphql-js's output line by line.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/schema/schema.h"
#include "engine/validate/validator.h"

namespace gqleval::validate::testing {

inline std::shared_ptr<const schema::Schema> build_schema(std::string_view sdl) {
  auto r = schema::Schema::build(sdl);
  if (!r.ok()) {
    ADD_FAILURE() << "schema does not build: "
                  << (r.error().empty() ? std::string() : r.error().front().message);
    return nullptr;
  }
  return r.value();
}

inline std::string render(const Diagnostic& d) {
  std::string out = d.severity == Severity::kWarning ? "warning: " : "";
  out += d.message;
  for (const SourcePos& p : d.locations) {
    out += " @" + std::to_string(p.line) + ":" + std::to_string(p.column);
  }
  return out;
}

inline std::vector<std::string> run_rules(const schema::Schema& schema, std::string_view query,
                                          std::vector<std::string> rules,
                                          ValidateOptions options = {}) {
  Arena arena;
  auto doc = graphql::parse(query, arena);
  if (!doc.ok()) return {"parse error: " + doc.error().message};
  options.rules = std::move(rules);
  std::vector<std::string> out;
  for (const Diagnostic& d : validate(schema, **doc, options)) out.push_back(render(d));
  return out;
}

using Lines = std::vector<std::string>;

}  // namespace gqleval::validate::testing
