// Printer: an AST back to GraphQL source text, in graphql-js 16.15.0's print()
// layout exactly: two-space indentation, one selection or field per line,
// `query` omitted for an anonymous query without description, variables or
// directives, field arguments broken over lines when the line would pass 80
// characters (UTF-16 code units), variable definitions one per line (not
// indented) when one of them spans lines (a description or a block-string
// default value does), descriptions of executable definitions on the line
// before them, strings escaped as printString() does and block strings
// (descriptions included) written as printBlockString() does. Documents are
// printed without a trailing newline; definitions are separated by a blank line.
//
// parse(print(doc)) is structurally equal to doc (see ast_equal.h), with one
// exception that graphql-js shares: a query printed as the `{ ... }`
// shorthand right after a type-system definition without a body (`enum E`,
// `type T @d`, `extend schema @d`) reads back as that body. No executable
// document has it.
//
// Printing allocates the output and some temporaries; it is meant for output, tests
// and explanations, not for the per-pair hot path.
#pragma once

#include <string>

#include "engine/graphql/ast.h"

namespace gqleval::graphql {

std::string print(const ast::Document& document);
std::string print(const ast::Definition& definition);
std::string print(const ast::Value& value);
std::string print(const ast::Type& type);
std::string print(const ast::SelectionSet& selection_set);

// A string literal as graphql-js printString() writes it (the GraphQL style of
// engine/base/string_literal.h).
std::string print_string(std::string_view value);

}  // namespace gqleval::graphql
