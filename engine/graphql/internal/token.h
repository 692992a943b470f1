// Tokens of the GraphQL lexical grammar (October 2021 specification, section
// 2.1), as the lexer hands them to the parser. Ignored tokens (white space,
// line terminators, commas, comments, the byte order mark) are never returned.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace gqleval::graphql {

enum class TokenKind : uint8_t {
  kSOF,  // start of file, before the first token
  kEOF,
  kBang,      // !
  kDollar,    // $
  kAmp,       // &
  kParenL,    // (
  kParenR,    // )
  kSpread,    // ...
  kColon,     // :
  kEquals,    // =
  kAt,        // @
  kBracketL,  // [
  kBracketR,  // ]
  kBraceL,    // {
  kPipe,      // |
  kBraceR,    // }
  kName,
  kInt,
  kFloat,
  kString,       // "..."
  kBlockString,  // """..."""
  kError,        // a lexical error; the lexer holds the diagnostic
};

struct Token {
  TokenKind kind = TokenKind::kSOF;
  uint32_t start = 0;   // byte offset of the first character
  uint32_t end = 0;     // byte offset just past the last character
  uint32_t line = 1;    // 1-based
  uint32_t column = 1;  // 1-based, in UTF-16 code units (graphql-js columns)
  // kName, kInt, kFloat: the source text. kString, kBlockString: the decoded
  // value (escapes resolved, block string dedented), a view into the source
  // when it equals the source text, else into the lexer's arena.
  std::string_view value;

  bool has_value() const {
    return kind == TokenKind::kName || kind == TokenKind::kInt || kind == TokenKind::kFloat ||
           kind == TokenKind::kString || kind == TokenKind::kBlockString;
  }
};

// graphql-js's name of a token kind in messages: punctuators quoted ("{"),
// others by name (Name, Int, Float, String, BlockString, <EOF>, <SOF>).
std::string_view token_kind_description(TokenKind kind);

// graphql-js getTokenDesc(): the kind, then the value in quotes if the token
// has one: `Name "foo"`, `"}"`, `<EOF>`.
std::string token_description(const Token& token);

}  // namespace gqleval::graphql
