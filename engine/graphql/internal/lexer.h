// Lexer: turns GraphQL source text into tokens, one at a time, following the
// October 2021 specification's lexical grammar and graphql-js 16's reading of
// it, including its error messages and positions:
//
//   - punctuators ! $ & ( ) ... : = @ [ ] { | }, names, Int and Float values
//     (a number may not be followed by a digit, `.` or a name start);
//   - strings with the escapes \" \\ \/ \b \f \n \r \t, \uXXXX (a surrogate
//     pair must be written as two escapes that form a valid pair), \u{...} (a
//     Unicode scalar value); block strings with the BlockStringValue dedent;
//   - ignored: spaces, tabs, commas, comments, the byte order mark (anywhere,
//     as graphql-js does), and the line terminators "\r\n", "\n" and "\r".
//
// Lines and columns are 1-based; columns count UTF-16 code units from the line
// start, as graphql-js does. The source is read as UTF-8; malformed bytes read
// as U+FFFD, as Node's decoder reads them.
//
// Costs: one pass over the source, O(1) work per byte. Names and numbers are
// views into the source; a string's value is a view into the source when it
// has no escapes, else it is decoded into `scratch` and copied to the arena.
// A lexical error makes next() return a kError token (and every later call
// too); error() then holds the diagnostic with graphql-js's message.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/base/arena.h"
#include "engine/base/diagnostic.h"
#include "engine/graphql/internal/token.h"

namespace gqleval::graphql {

class Lexer {
 public:
  // source and arena must outlive the tokens. scratch (optional) is a buffer
  // for decoding strings that is reused across documents, so that a warm
  // lexer does not allocate; without one the lexer uses its own.
  Lexer(std::string_view source, Arena& arena, std::string* scratch = nullptr);

  // The next significant token; kEOF at the end, forever after.
  Token next();

  // The lexical error, once next() has returned kError.
  const Diagnostic& error() const { return error_; }

  std::string_view source() const { return source_; }

 private:
  int at(size_t i) const {
    return i < source_.size() ? static_cast<unsigned char>(source_[i]) : -1;
  }
  Token make(TokenKind kind, size_t start, size_t end, std::string_view value = {}) const;
  Token fail(size_t offset, std::string_view message);
  std::string describe_char_at(size_t offset) const;
  void new_line(size_t next_line_start);

  bool other_token(size_t p, Token& token);
  Token read_number(size_t start);
  bool read_digits(size_t& pos);
  Token read_string(size_t start);
  bool read_escape(size_t pos, size_t& size);
  Token read_block_string(size_t start);
  Token read_name(size_t start);
  void skip_comment();
  Token unexpected_character(size_t pos);

  std::string_view source_;
  Arena& arena_;
  std::string own_scratch_;
  std::string& scratch_;
  size_t pos_ = 0;
  uint32_t line_ = 1;
  size_t line_start_ = 0;
  // Bytes minus UTF-16 units of the text scanned so far on the current line,
  // so that column = 1 + (offset - line_start_) - line_adjust_. Only strings,
  // comments and the byte order mark can hold non-ASCII text before a token.
  size_t line_adjust_ = 0;
  bool failed_ = false;
  Diagnostic error_;
};

}  // namespace gqleval::graphql
