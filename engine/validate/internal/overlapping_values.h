// Argument comparison for OverlappingFieldsCanBeMerged, as graphql-js 16 does it.
//
// Two fields that share a response key must pass the same arguments. graphql-js
// compares argument lists by name, ignoring their order, and compares values as
// written: a value is its kind plus its text, so `1` and `1.0` differ, `"A"` and
// `A` differ, a block string differs from a plain string with the same value, and
// a variable is equal only to itself. Input-object fields are compared in a stable
// sort by name, so `{a: 1, b: 2}` equals `{b: 2, a: 1}`.
//
// arguments_key() gives the same comparison as a string, so that fields can be
// grouped into classes by a hash: two argument lists with equal keys are the same
// to same_arguments() in both directions and against any third list.
//
// Costs: same_value is O(size of the values), plus a sort of each input object's
// fields (on the stack up to 16 fields); arguments_key is O(size) and appends to a
// caller-owned string.
#pragma once

#include <string>

#include "engine/graphql/ast.h"

namespace gqleval::validate {

// graphql-js stringifyValue(a) === stringifyValue(b).
bool same_value(const ast::Value& a, const ast::Value& b);

// graphql-js sameArguments(): the same number of arguments, and each argument of
// `a` equals the LAST argument of `b` with its name (graphql-js looks it up in a
// Map built from `b`, where a later duplicate replaces an earlier one).
bool same_arguments(ast::List<ast::Argument> a, ast::List<ast::Argument> b);

// Appends a canonical encoding of the arguments (sorted by name, values encoded
// as same_value compares them) to `out`. Returns false, and appends nothing
// useful, when two arguments share a name: such a list is only compared pairwise.
bool append_arguments_key(ast::List<ast::Argument> args, std::string& out);

}  // namespace gqleval::validate
