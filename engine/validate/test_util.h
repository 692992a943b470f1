// Helpers for the validator's unit tests (header only; used by *_test.cc here).
// run_rules() parses a query, validates it against a schema with the named
// rules (all rules when empty) and renders each diagnostic as one line,
// "message @line:col @line:col", warnings prefixed with "warning: ", so that a
// test compares graphql-js's output line by line. testdata_schema() builds one
// of the schemas of testdata/schemas/ (the rule fixtures' schemas), once.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
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

// The whole file, or false when it cannot be read.
inline bool read_file(const std::filesystem::path& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream buffer;
  buffer << in.rdbuf();
  out = buffer.str();
  return true;
}

inline const std::filesystem::path kValidateSourceDir =
    std::filesystem::path(GQLEVAL_SOURCE_DIR) / "engine" / "validate";

// testdata/schemas/<name>.graphql, built once; nullptr (and a test failure)
// when it is missing or does not build.
inline const schema::Schema* testdata_schema(const std::string& name) {
  static std::map<std::string, std::shared_ptr<const schema::Schema>> cache;
  auto it = cache.find(name);
  if (it == cache.end()) {
    std::string sdl;
    std::shared_ptr<const schema::Schema> built;
    if (read_file(kValidateSourceDir / "testdata" / "schemas" / (name + ".graphql"), sdl)) {
      built = build_schema(sdl);
    } else {
      ADD_FAILURE() << "no schema " << name << " in testdata/schemas";
    }
    it = cache.emplace(name, std::move(built)).first;
  }
  return it->second.get();
}

}  // namespace gqleval::validate::testing
