// Relay's text of a document and of its values, for `gqleval subset`, the
// drop-in for Relay's `experimental-compare-document-ir`: Relay reformats both
// documents with its AST printer before comparing, and its code frames and
// path lines show that text. Learnt from Relay 21.0.1's behaviour
// (graphql-text-printer's print_executable_definition_ast, and the Display of
// its values); written here from those observations.
//
// The document: executable definitions in source order, separated by a blank
// line, no trailing newline; comments and commas gone; two-space indentation,
// one selection per line; an operation starts with its keyword when one was
// written (the `{ ... }` shorthand starts with " {"); values as written:
// an Int as its integer, a Float as its source text, a string as the raw text
// between its quotes (escapes not decoded), a block string as `"""` + its
// value + `"""`. Descriptions are not printed.
//
// A value in a path line (relay_value_text) differs only in numbers: a Float
// prints as the shortest decimal that reads back to the same double, never
// with an exponent (`1.50` -> `1.5`, `1e3` -> `1000`, `2.0` -> `2`), as does
// an Int given where the schema expects a Float (`float_position`).
//
// Allocates; for output, not for the hot path.
#pragma once

#include <string>
#include <string_view>

#include "engine/graphql/ast.h"

namespace gqleval::graphql {

std::string relay_print(const ast::Document& document);

// `source` is the text the value was parsed from (its raw strings are read
// there).
std::string relay_value_text(const ast::Value& value, std::string_view source,
                             bool float_position = false);

}  // namespace gqleval::graphql
