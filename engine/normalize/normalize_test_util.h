// Helpers for the normalization tests (header only; used by *_test.cc here).
// A Harness holds a schema (and its Rewrites); normal() parses a query,
// checks that it is valid (a test of normalization must not feed it invalid
// documents), normalizes it and returns the printed tree, or "error: Rule:
// message @line:col" when normalization fails.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/normalize/normalize.h"
#include "engine/normalize/printer.h"
#include "engine/normalize/rewrites.h"
#include "engine/schema/schema.h"
#include "engine/validate/validator.h"

namespace gqleval::normalize::testing {

inline std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::string source_path(const std::string& relative) {
  return std::string(GQLEVAL_SOURCE_DIR) + "/" + relative;
}

inline std::string golden_schema(const std::string& name) {
  return read_text_file(source_path("tests/golden/schemas/" + name + ".graphql"));
}

class Harness {
 public:
  explicit Harness(std::string_view sdl, const RulesFile* rules = nullptr) {
    auto built = schema::Schema::build(sdl);
    if (!built.ok()) {
      ADD_FAILURE() << "schema does not build: "
                    << (built.error().empty() ? "" : format_diagnostic(built.error().front()));
      return;
    }
    schema_ = built.value();
    rewrites_ = Rewrites::build(schema_, rules);
  }

  const schema::Schema& schema() const { return *schema_; }
  const Rewrites& rewrites() const { return *rewrites_; }
  bool ok() const { return schema_ != nullptr; }

  // The normal tree of `query` (must be valid), as a Result; the tree lives
  // until the next call.
  Result<NormalTree> tree(std::string_view query, const NormalizeOptions& options = {},
                          bool use_rewrites = true, std::string_view operation_name = {}) {
    arena_.reset();
    source_ = std::string(query);
    auto doc = graphql::parse(source_, arena_);
    if (!doc.ok()) {
      ADD_FAILURE() << "query does not parse: " << format_diagnostic(doc.error());
      return Unexpected{doc.error()};
    }
    Diagnostics problems = validate::validate(*schema_, **doc);
    if (validate::has_errors(problems)) {
      std::string all;
      for (const Diagnostic& d : problems) all += format_diagnostic(d);
      ADD_FAILURE() << "query is not valid:\n" << all << query;
      return Unexpected{problems.front()};
    }
    auto op = validate::select_operation(**doc, operation_name);
    if (!op.ok()) return Unexpected{op.error()};
    return normalize(*schema_, **doc, **op, options, use_rewrites ? rewrites_.get() : nullptr,
                     arena_);
  }

  // The printed normal form, or "error: Rule: message @line:col".
  std::string normal(std::string_view query, const NormalizeOptions& options = {},
                     bool use_rewrites = true) {
    auto t = tree(query, options, use_rewrites);
    if (!t.ok()) {
      const Diagnostic& d = t.error();
      return "error: " + d.rule + ": " + d.message + " @" + std::to_string(d.pos().line) + ":" +
             std::to_string(d.pos().column);
    }
    return print_tree(*t);
  }

  // The printed rule firings of the last tree.
  std::string firings(std::string_view query, const NormalizeOptions& options = {}) {
    auto t = tree(query, options);
    return t.ok() ? print_firings(*t) : "error";
  }

 private:
  std::shared_ptr<const schema::Schema> schema_;
  std::shared_ptr<const Rewrites> rewrites_;
  Arena arena_;
  std::string source_;
};

}  // namespace gqleval::normalize::testing
