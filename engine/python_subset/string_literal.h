// String literals of the Python subset (parser.h): one token's prefix,
// quotes and escapes decoded, f-strings split into text and replacement
// fields, and adjacent literals joined, as CPython 3.11 builds Constant and
// JoinedStr nodes: literal parts merged and empty ones dropped, `{{` and
// `}}` as braces, conversions `!r` `!s` `!a`, format specs with nested
// fields, the `=` specifier (its text, then the value as repr unless a
// conversion or spec is given).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/python_subset/ast.h"
#include "engine/python_subset/token.h"

namespace gqleval::python_subset {

struct StringPart {
  bool is_field = false;
  std::string text;        // a literal part, decoded
  Expr* value = nullptr;   // a field's expression
  std::string conversion;  // "r", "s", "a" or empty
  bool has_spec = false;
  std::vector<StringPart> spec;  // a field's format spec
};

// Parses the expression of a replacement field (the parser's callback).
using FieldParser = std::function<Expr*(const Token& at, std::string_view text)>;

struct StringParts {
  bool any_f = false;
  bool any_bytes = false;
  bool any_text = false;  // a str (not bytes) literal
  std::vector<StringPart> parts;

  // The Constant or JoinedStr of the literals read, at `first`.
  Expr* to_expr(Module& module, const Token& first) const;
};

// Reads one string token into `out`; the error of a malformed literal
// (CPython's message where there is one), else nullopt. `parse_field`
// may throw the parser's own failure.
std::optional<Diagnostic> read_string_literal(const Token& token, StringParts& out,
                                              const FieldParser& parse_field);

// Python's escapes decoded: \n \t \\ \' \" \a \b \f \r \v \ooo \xhh, and for
// str also \uXXXX \UXXXXXXXX (as UTF-8); a backslash before a newline
// removes both; an unknown escape is kept as written. False (with `error`)
// for a truncated \x, \u or \U, a code point past U+10FFFF, or \N{...},
// which this reader does not name.
bool decode_escapes(std::string_view text, bool bytes, std::string& out, std::string& error);

}  // namespace gqleval::python_subset
