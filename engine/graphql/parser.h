// Parser: GraphQL source text to an ast::Document, by recursive descent over
// the whole October 2021 grammar: executable definitions (operations, the
// `{ ... }` shorthand, variable definitions with defaults and directives,
// fragments, inline fragments, every value kind) and the type system
// (schema, scalar, object, interface with `implements`, union, enum, input
// object and directive definitions with `repeatable`, descriptions, and every
// extension form; a leading `&` in `implements` and `|` in union members).
//
// It accepts and rejects exactly what graphql-js 16.15.0's parse() does with
// default options: the October 2021 grammar plus the draft's descriptions on
// operations (not on the `{ ... }` shorthand), fragments and variable
// definitions, and the DIRECTIVE_DEFINITION directive location; and it reports
// the first error with graphql-js's message and position: rule "Syntax",
// message "Syntax Error: ...". Beyond graphql-js, the nesting of
// selection sets, list and object values and list types is limited
// (ParseOptions::max_depth), so that hostile input cannot exhaust the stack.
//
// Costs: linear in the source. All nodes and lists go to the arena. Names,
// numbers and strings without escapes are views into the source, which must
// outlive the document; strings with escapes and block strings are decoded
// into the arena. Lists are built on a thread-local scratch stack reused
// across calls, so a warm parser does no heap allocation besides arena growth
// (errors excepted: a diagnostic owns its message).
#pragma once

#include <cstdint>
#include <string_view>

#include "engine/base/arena.h"
#include "engine/base/result.h"
#include "engine/graphql/ast.h"

namespace gqleval::graphql {

struct ParseOptions {
  // Deepest allowed nesting, counting each selection set, list value, object
  // value and list type wrapper that encloses a point of the document.
  uint32_t max_depth = 256;
  // Beyond graphql-js, for the StepZen dialect of schema building: accept an
  // empty `{}` after a type extension that already adds directives or
  // interfaces (`extend type Address @key(fields: "id") {}`), which graphql-js
  // rejects with `Expected Name, found "}".` at the `}`. The extension is
  // parsed as if the braces were absent, and TypeDefinition::empty_body
  // records where the `}` was, so that the caller can warn or refuse. Off by
  // default: the parser then accepts exactly what graphql-js accepts.
  bool empty_extension_body = false;
};

Result<const ast::Document*> parse(std::string_view source, Arena& arena,
                                   const ParseOptions& options = {});

}  // namespace gqleval::graphql
