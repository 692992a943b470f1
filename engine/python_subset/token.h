// Tokens of Python source, as CPython 3.11's tokenizer makes them, for the
// subset of Python that function-calling benchmarks ask models to write
// (GraphQLRestBench: calls, assignments, access chains, comprehensions, `for`
// and `if` blocks). See lexer.h.
#pragma once

#include <cstdint>
#include <string_view>

namespace gqleval::python_subset {

enum class TokenKind : uint8_t {
  kName,
  kNumber,
  kString,  // one literal with its prefix and quotes: r'a', f"{x}", """doc"""
  kOp,      // an operator or delimiter: ( ) [ ] { } , : . = == ** ...
  kNewline,
  kIndent,
  kDedent,
  kEnd,
};

struct Token {
  TokenKind kind = TokenKind::kEnd;
  std::string_view text;  // the source text (empty for NEWLINE at the end, INDENT, DEDENT, END)
  uint32_t line = 1;      // 1-based
  uint32_t column = 1;    // 1-based, in bytes (CPython's col_offset + 1)
  uint32_t offset = 0;    // byte offset in the source
};

}  // namespace gqleval::python_subset
