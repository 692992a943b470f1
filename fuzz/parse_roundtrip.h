// The body of the two parser targets (parse_executable_fuzzer.cc and
// parse_sdl_fuzzer.cc): they run the same code, one parse() for the whole
// grammar, and differ in their seeds and dictionary, which steer one towards
// operations and fragments and the other towards type-system definitions.
//
// Checks, beyond "no crash": an error has a message and a position; and a
// document that parses prints (graphql/printer.h) to text that parses to an
// equal document (graphql/ast_equal.h), as printer.h promises.
#pragma once

#include <string>
#include <string_view>

#include "engine/base/arena.h"
#include "engine/graphql/ast_equal.h"
#include "engine/graphql/parser.h"
#include "engine/graphql/printer.h"
#include "fuzz/fuzz_util.h"

namespace gqleval::fuzz {

// A query that prints as the `{ ... }` shorthand (anonymous, without
// variables, directives or description) right after a type-system definition:
// printed as graphql-js prints it, `enum E` then `{ a }` reads back as enum E
// with the value a. The one case where print() cannot round-trip (printer.h);
// it is no executable document, so it never reaches the scorer's queries.
inline bool has_ambiguous_shorthand(const ast::Document& doc) {
  for (size_t i = 1; i < doc.definitions.size(); ++i) {
    const ast::DefinitionKind prev = doc.definitions[i - 1]->kind;
    if (doc.definitions[i]->kind != ast::DefinitionKind::kOperation ||
        prev == ast::DefinitionKind::kOperation || prev == ast::DefinitionKind::kFragment) {
      continue;
    }
    const auto* op = static_cast<const ast::OperationDefinition*>(doc.definitions[i]);
    if (op->operation == ast::OperationType::kQuery && op->name.empty() && op->variables.empty() &&
        op->directives.empty() && op->description == nullptr) {
      return true;
    }
  }
  return false;
}

inline void parse_and_round_trip(std::string_view source) {
  Arena arena(4096);
  auto doc = graphql::parse(source, arena);
  if (!doc.ok()) {
    GQLEVAL_FUZZ_CHECK(!doc.error().message.empty());
    GQLEVAL_FUZZ_CHECK(!doc.error().rule.empty(), "an error names its rule");
    return;
  }
  if (has_ambiguous_shorthand(**doc)) return;
  const std::string printed = graphql::print(**doc);
  Arena arena2(4096);
  auto again = graphql::parse(printed, arena2);
  GQLEVAL_FUZZ_CHECK(again.ok(), "the printed document does not parse: %s\n--- printed:\n%s",
                     again.ok() ? "" : again.error().message.c_str(), printed.c_str());
  if (auto diff = graphql::first_difference(**doc, **again)) {
    GQLEVAL_FUZZ_CHECK(false, "parse(print(doc)) differs at %s\n--- printed:\n%s", diff->c_str(),
                       printed.c_str());
  }
}

}  // namespace gqleval::fuzz
