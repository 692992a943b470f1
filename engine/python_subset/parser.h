// The Python parser for the subset of Python that function-calling answers
// use (GraphQLRestBench): assignments (chained, to tuples, augmented),
// expression statements, `for` and `if`/`elif`/`else` blocks, `pass`,
// `break`, `continue`, `import` lines (kept as Import, their content
// ignored); expressions with calls (positional, keyword, `*` and `**`
// arguments), attribute, subscript and slice chains, every string literal
// form (prefixes, triple quotes, implicit concatenation, f-strings with
// conversions and format specs), numbers, lists, tuples, dicts, sets, list,
// set and dict comprehensions and generator expressions with `if`,
// comparisons, boolean, arithmetic and bitwise operators, conditional
// expressions. Precedence and associativity are Python 3.11's.
//
// Anything outside the subset (`def`, `class`, `while`, `try`, `with`,
// `return`, `lambda`, `:=`, `yield`, `await`, annotations...) and every syntax
// error is an error with its line and column: a caller reports the row as
// unparseable, never scores a half-read program.
#pragma once

#include <memory>
#include <string_view>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/python_subset/ast.h"

namespace gqleval::python_subset {

Result<std::unique_ptr<Module>, Diagnostic> parse(std::string_view source);

}  // namespace gqleval::python_subset
