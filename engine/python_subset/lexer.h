// The Python tokenizer: source text to tokens with NEWLINE, INDENT and DEDENT,
// following CPython 3.11's rules (the Python Language Reference, "Lexical
// analysis"): implicit line joining inside brackets, backslash continuation,
// blank and comment-only lines skipped, indentation by columns (a tab moves
// to the next multiple of 8), every string prefix (r, u, b, f and their
// combinations, any case) and both quote styles, single or triple, numbers
// with underscores, hex, octal, binary, exponents and the imaginary `j`.
// Identifiers may hold any non-ASCII character (their validity is not
// checked).
//
// Errors are values: an unterminated string, a bracket that does not close or
// closes another, an inconsistent dedent, a stray character. The message is
// CPython's where there is one, at the line and column CPython gives.
#pragma once

#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/python_subset/token.h"

namespace gqleval::python_subset {

Result<std::vector<Token>, Diagnostic> tokenize(std::string_view source);

}  // namespace gqleval::python_subset
