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

// What reads a simple operation as the parser reads it, without a document
// (parse_simple_operation).
class SelectionSink {
 public:
  virtual ~SelectionSink() = default;
  // The operation's type and where it starts (its first token). Like
  // field(), false stops the read.
  virtual bool operation(ast::OperationType type, ast::Loc loc) = 0;
  // A field, its alias, name and arguments read, its selection set not:
  // `has_selection_set` says whether one follows. Its fields come next, then
  // end_selection_set(). The field lives only during the call.
  virtual bool field(const ast::Field& field, bool has_selection_set) = 0;
  // The end of a selection set, the operation's own last.
  virtual void end_selection_set() = 0;
};

// One pass over a query for its commonest shape: when `source` is one
// operation (the `{ ... }` shorthand, or a query, mutation or subscription
// with or without a name) without description, variable definitions or
// directives, whose selection sets hold only fields without directives, the
// sink is given its fields in document order, each exactly as parse() would
// put it in the document, and the result is true. False as soon as the text
// turns out to be of another shape, is not a document parse() accepts, or a
// sink call returns false: then parse() is the one to read it (and to say
// why not), and what the sink was told is to be dropped.
bool parse_simple_operation(std::string_view source, Arena& arena, SelectionSink& sink,
                            const ParseOptions& options = {});

}  // namespace gqleval::graphql
