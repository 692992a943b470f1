// The equivalence corpus's fixture format (documented in
// tests/equivalence/README.md): a text file of named query pairs, each with
// its schema, rules, options, expected verdict, expected missing/extra counts
// and the exact top-most missing/extra paths. This header parses such a file;
// tests/equivalence_fixtures_test.cc runs the pairs through the scorer.
//
//   # a comment
//   === defaults
//   schema: rgeval_blog
//   === query fig2a
//   query { users(id: 1) { id } }
//   === pair dropped-email
//   category: dropped-leaf
//   reference: @fig2a
//   expect: underfetch
//   missing: 1
//   extra: 0
//   --- candidate
//   query { users(id: 1) { name } }
//   --- missing
//   query -> users(id: 1) -> email [1]
//   --- extra
//
// Parsing is strict: an unknown key, a section in the wrong place, a missing
// reference or candidate, an unknown `@name` or a malformed number is an
// error naming the line, so a typo never turns a check off. Linear time.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"

namespace gqleval::corpus {

struct ExpectedPath {
  std::string path;               // e.g. "query -> users(id: 1) -> email"
  std::optional<uint32_t> nodes;  // from a trailing " [n]"
  std::optional<SourcePos> pos;   // from a trailing " @line:column"
  std::string text;               // the line as written
};

struct PairFixture {
  std::string file;   // file name, for messages
  uint32_t line = 0;  // line of the `=== pair` header
  std::string name;
  std::string schema;                // tests/equivalence/schemas/<schema>.graphql
  std::string rules;                 // tests/equivalence/rules/<rules>, empty: derived rules only
  std::vector<std::string> options;  // words, see README.md
  std::string variables;             // JSON object, or empty
  std::string operation;             // operation name, or empty
  std::vector<std::string> uses;     // features the pair exercises
  std::string category;              // the kind of difference (non-equivalent pairs)
  std::string why;                   // the docs/semantics.md reasoning, free text
  std::string reference;
  std::string candidate;
  std::string expect;  // a verdict name
  std::optional<uint32_t> missing;
  std::optional<uint32_t> extra;
  std::optional<std::vector<ExpectedPath>> missing_paths;
  std::optional<std::vector<ExpectedPath>> extra_paths;
};

// Parses a fixture file's text; `file` names it in error messages.
Result<std::vector<PairFixture>> parse_fixtures(std::string_view text, std::string_view file);

// Parses one path line: "path [n] @line:column", both suffixes optional.
ExpectedPath parse_expected_path(std::string_view line);

}  // namespace gqleval::corpus
