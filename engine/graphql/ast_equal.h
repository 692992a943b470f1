// Structural equality of ASTs: the same definitions, selections, arguments,
// directives, values, types and descriptions (executable definitions'
// included), in the same order, ignoring source positions,
// the source text a document points at, and whether a query was written in
// the `{ ... }` shorthand (`query { a }` equals `{ a }`, as print() writes the
// former as the latter). String values compare by their decoded value and by
// whether they were block strings; numbers compare by their source text.
//
// Used by round-trip tests: parse(print(doc)) must equal doc. Linear time;
// allocates only to describe a difference it found.
#pragma once

#include <optional>
#include <string>

#include "engine/graphql/ast.h"

namespace gqleval::graphql {

bool ast_equal(const ast::Document& a, const ast::Document& b);
bool ast_equal(const ast::Value& a, const ast::Value& b);
bool ast_equal(const ast::Type& a, const ast::Type& b);
bool ast_equal(const ast::SelectionSet& a, const ast::SelectionSet& b);

// Where two documents first differ, as a path such as
// "definitions[0].selection_set.selections[2].name (\"a\" vs \"b\")";
// nullopt when they are equal.
std::optional<std::string> first_difference(const ast::Document& a, const ast::Document& b);

}  // namespace gqleval::graphql
