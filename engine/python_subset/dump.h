// A syntax tree as one S-expression per statement, in the form
// tests/python_ast_dump.py writes for CPython's `ast` module, so that the two
// parsers can be compared tree for tree (tests/python_differential_test.py):
//
//   (Assign ((Name r)) (Call (Name GET_me) () ()))
//   (Expr (Call (Name f) ((Attribute (Subscript (Name r) (Int 0)) id)) ((kw x (Str "a")))))
//
// Strings as JSON in the JSON style of engine/base/string_literal.h
// (non-ASCII as is; bytes that are not UTF-8, from the source or from a
// surrogate escape such as \ud800, as U+FFFD, so a dump is always UTF-8),
// numbers as Python prints their values (`1`, `1.0`, `1e+16`, `2j`; an int of
// 2**127 or more as `big`), a missing node as `_`.
#pragma once

#include <string>

#include "engine/python_subset/ast.h"

namespace gqleval::python_subset {

std::string dump(const Module& module);
std::string dump(const Expr& expr);

// The value of an int literal as written (hex, octal, binary or decimal,
// without underscores) in decimal; "big" from 2**127 on.
std::string int_value(const std::string& literal);

// repr() of a Python float: the shortest text that reads back, in fixed
// notation for exponents from -4 to 15, else as 1.5e-07 / 1e+16.
std::string float_repr(double value);

}  // namespace gqleval::python_subset
