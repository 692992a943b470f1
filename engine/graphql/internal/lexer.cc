#include "engine/graphql/internal/lexer.h"

#include <array>
#include <bit>
#include <cstdio>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "engine/base/concat.h"
#include "engine/base/utf8.h"
#include "engine/graphql/block_string.h"
#include "engine/graphql/internal/location.h"

namespace gqleval::graphql {

namespace {

enum CharClass : uint8_t { kNameStart = 1, kDigit = 2 };

constexpr std::array<uint8_t, 256> make_classes() {
  std::array<uint8_t, 256> t{};
  for (int c = 'a'; c <= 'z'; ++c) t[c] = kNameStart;
  for (int c = 'A'; c <= 'Z'; ++c) t[c] = kNameStart;
  t['_'] = kNameStart;
  for (int c = '0'; c <= '9'; ++c) t[c] = kDigit;
  return t;
}
constexpr std::array<uint8_t, 256> kClasses = make_classes();

// c is a byte value or -1 past the end.
bool is_digit(int c) { return c >= '0' && c <= '9'; }
bool is_name_start(int c) { return c >= 0 && kClasses[c] == kNameStart; }
bool is_name_continue(int c) { return c >= 0 && kClasses[c] != 0; }

int hex_value(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

bool is_scalar_value(uint32_t cp) { return cp <= 0xD7FF || (cp >= 0xE000 && cp <= 0x10FFFF); }
bool is_leading_surrogate(int32_t c) { return c >= 0xD800 && c <= 0xDBFF; }
bool is_trailing_surrogate(int32_t c) { return c >= 0xDC00 && c <= 0xDFFF; }

// The one-byte punctuators' kinds by byte; kSOF for every other byte.
constexpr std::array<TokenKind, 256> make_punctuators() {
  std::array<TokenKind, 256> t{};
  t['!'] = TokenKind::kBang;
  t['$'] = TokenKind::kDollar;
  t['&'] = TokenKind::kAmp;
  t['('] = TokenKind::kParenL;
  t[')'] = TokenKind::kParenR;
  t[':'] = TokenKind::kColon;
  t['='] = TokenKind::kEquals;
  t['@'] = TokenKind::kAt;
  t['['] = TokenKind::kBracketL;
  t[']'] = TokenKind::kBracketR;
  t['{'] = TokenKind::kBraceL;
  t['|'] = TokenKind::kPipe;
  t['}'] = TokenKind::kBraceR;
  return t;
}
constexpr std::array<TokenKind, 256> kPunctuators = make_punctuators();
static_assert(TokenKind{} == TokenKind::kSOF);

// The first byte at or after p that is not a space: eight bytes a step where
// eight are left (a little-endian word's lowest byte is its first).
size_t skip_spaces(const char* base, size_t p, size_t size) {
  if constexpr (std::endian::native == std::endian::little) {
    while (size - p >= 8) {
      uint64_t word;
      std::memcpy(&word, base + p, sizeof word);
      word ^= 0x2020202020202020ULL;
      if (word != 0) return p + static_cast<size_t>(std::countr_zero(word) / 8);
      p += 8;
    }
  }
  while (p < size && base[p] == ' ') ++p;
  return p;
}

// The end of the name that continues at p: the first byte in [p, end) that is
// not [_0-9A-Za-z], or end. Sixteen bytes a step where sixteen are left (a
// name is 9 bytes on average; a byte a step cost 8 instructions each).
const char* name_end(const char* p, const char* end) {
#if defined(__SSE2__)
  const __m128i below_a = _mm_set1_epi8('a' - 1);
  const __m128i above_z = _mm_set1_epi8('z' + 1);
  const __m128i below_0 = _mm_set1_epi8('0' - 1);
  const __m128i above_9 = _mm_set1_epi8('9' + 1);
  const __m128i case_bit = _mm_set1_epi8(0x20);
  const __m128i underscore = _mm_set1_epi8('_');
  while (end - p >= 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // Signed compares: bytes from 0x80 on are negative, so never letters or
    // digits. x | 0x20 folds A-Z onto a-z and no other byte into a-z.
    const __m128i lower = _mm_or_si128(x, case_bit);
    const __m128i letter =
        _mm_and_si128(_mm_cmpgt_epi8(lower, below_a), _mm_cmpgt_epi8(above_z, lower));
    const __m128i digit = _mm_and_si128(_mm_cmpgt_epi8(x, below_0), _mm_cmpgt_epi8(above_9, x));
    const __m128i name = _mm_or_si128(_mm_or_si128(letter, digit), _mm_cmpeq_epi8(x, underscore));
    const auto outside = static_cast<unsigned>(~_mm_movemask_epi8(name)) & 0xFFFFU;
    if (outside != 0) return p + __builtin_ctz(outside);
    p += 16;
  }
#endif
  while (p < end && is_name_continue(static_cast<unsigned char>(*p))) ++p;
  return p;
}

}  // namespace

Lexer::Lexer(std::string_view source, Arena& arena, std::string* scratch)
    : source_(source), arena_(arena), scratch_(scratch ? *scratch : own_scratch_) {}

// Inlined into each token's return (it is called once a token, and a call
// per token was a few percent of lexing): used in this file only.
[[gnu::always_inline]] inline Token Lexer::make(TokenKind kind, size_t start, size_t end,
                                                std::string_view value) const {
  Token t;
  t.kind = kind;
  t.start = static_cast<uint32_t>(start);
  t.end = static_cast<uint32_t>(end);
  t.line = line_;
  t.column = static_cast<uint32_t>(1 + (start - line_start_) - line_adjust_);
  t.value = value;
  return t;
}

Token Lexer::fail(size_t offset, std::string_view message) {
  failed_ = true;
  error_ = make_error("Syntax", concat({"Syntax Error: ", message}), position_at(source_, offset));
  Token t = make(TokenKind::kError, offset, offset);
  pos_ = source_.size();
  return t;
}

void Lexer::new_line(size_t next_line_start) {
  ++line_;
  line_start_ = next_line_start;
  line_adjust_ = 0;
}

// graphql-js printCodePointAt(): printable ASCII quoted, else U+XXXX, or
// <EOF> past the end.
std::string Lexer::describe_char_at(size_t offset) const {
  if (offset >= source_.size()) return "<EOF>";
  utf8::Decoded d = utf8::decode(source_.data() + offset, source_.data() + source_.size());
  if (d.code_point >= 0x20 && d.code_point <= 0x7E) {
    if (d.code_point == '"') return "'\"'";
    const char c = static_cast<char>(d.code_point);
    return concat({"\"", std::string_view(&c, 1), "\""});
  }
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", d.code_point);
  return buf;
}

// next() is the lexer's hot loop: white space, line breaks with their
// indentation, one-byte punctuators and names stay in it; every other byte
// (strings, numbers, comments, "...", \r, the byte order mark, errors) goes to
// other_token(), so that the loop keeps few registers live.
Token Lexer::next() {
  // After an error pos_ is at the end, so the loop is skipped.
  const char* const base = source_.data();
  const size_t size = source_.size();
  size_t p = pos_;
  while (p < size) {
    const auto c = static_cast<unsigned char>(base[p]);
    if (c == ' ' || c == ',' || c == '\t') {
      ++p;
      continue;
    }
    if (c == '\n') {
      ++p;
      new_line(p);
      p = skip_spaces(base, p, size);  // indentation: most bytes of a pretty-printed document
      continue;
    }
    const TokenKind punctuator = kPunctuators[c];
    if (punctuator != TokenKind::kSOF) {
      pos_ = p + 1;
      return make(punctuator, p, p + 1);
    }
    if (kClasses[c] == kNameStart) return read_name(p);
    pos_ = p;
    Token t;
    if (!other_token(p, t)) return t;
    p = pos_;  // an ignored token was skipped
  }
  pos_ = p;
  return make(failed_ ? TokenKind::kError : TokenKind::kEOF, size, size);
}

// The token at p (pos_ == p) whose first byte next() leaves to it: true when
// it was an ignored token, skipped (pos_ after it), else false with the token.
bool Lexer::other_token(size_t p, Token& token) {
  switch (at(p)) {
    case '\r':
      pos_ += at(p + 1) == '\n' ? 2 : 1;
      new_line(pos_);
      return true;
    case 0xEF:  // U+FEFF, the byte order mark: ignored anywhere, like white space
      if (at(p + 1) == 0xBB && at(p + 2) == 0xBF) {
        pos_ += 3;
        line_adjust_ += 2;
        return true;
      }
      break;
    case '#': skip_comment(); return true;
    case '.':
      if (at(p + 1) == '.' && at(p + 2) == '.') {
        pos_ = p + 3;
        token = make(TokenKind::kSpread, p, p + 3);
        return false;
      }
      break;
    case '"':
      token = at(p + 1) == '"' && at(p + 2) == '"' ? read_block_string(p) : read_string(p);
      return false;
    default:
      if (is_digit(at(p)) || at(p) == '-') {
        token = read_number(p);
        return false;
      }
      break;
  }
  token = unexpected_character(p);
  return false;
}

Token Lexer::unexpected_character(size_t p) {
  if (at(p) == '\'') {
    return fail(p,
                "Unexpected single quote character ('), did you mean to use a double quote (\")?");
  }
  // Every character we decode is a Unicode scalar value (malformed bytes read
  // as U+FFFD), so graphql-js's "Invalid character" case cannot arise.
  return fail(p, concat({"Unexpected character: ", describe_char_at(p), "."}));
}

void Lexer::skip_comment() {
  const size_t size = source_.size();
  size_t p = pos_ + 1;
  while (p < size) {
    unsigned char c = static_cast<unsigned char>(source_[p]);
    if (c == '\n' || c == '\r') break;
    if (c < 0x80) {
      ++p;
      continue;
    }
    utf8::Decoded d = utf8::decode(source_.data() + p, source_.data() + size);
    line_adjust_ += d.length - utf8::utf16_units(d.code_point);
    p += d.length;
  }
  pos_ = p;
}

Token Lexer::read_name(size_t start) {
  const char* const base = source_.data();
  const auto p = static_cast<size_t>(name_end(base + start + 1, base + source_.size()) - base);
  pos_ = p;
  return make(TokenKind::kName, start, p, source_.substr(start, p - start));
}

// Reads Digit+ at pos; false (with the error set) when there is no digit.
bool Lexer::read_digits(size_t& pos) {
  if (!is_digit(at(pos))) {
    fail(pos, concat({"Invalid number, expected digit but got: ", describe_char_at(pos), "."}));
    return false;
  }
  ++pos;
  while (is_digit(at(pos))) ++pos;
  return true;
}

Token Lexer::read_number(size_t start) {
  size_t p = start;
  bool is_float = false;
  if (at(p) == '-') ++p;
  if (at(p) == '0') {
    ++p;
    if (is_digit(at(p))) {
      return fail(p,
                  concat({"Invalid number, unexpected digit after 0: ", describe_char_at(p), "."}));
    }
  } else if (!read_digits(p)) {
    return make(TokenKind::kError, p, p);
  }
  if (at(p) == '.') {
    is_float = true;
    ++p;
    if (!read_digits(p)) return make(TokenKind::kError, p, p);
  }
  if (at(p) == 'e' || at(p) == 'E') {
    is_float = true;
    ++p;
    if (at(p) == '+' || at(p) == '-') ++p;
    if (!read_digits(p)) return make(TokenKind::kError, p, p);
  }
  // A number may not run into a `.` or a name.
  if (at(p) == '.' || is_name_start(at(p))) {
    return fail(p, concat({"Invalid number, expected digit but got: ", describe_char_at(p), "."}));
  }
  pos_ = p;
  return make(is_float ? TokenKind::kFloat : TokenKind::kInt, start, p,
              source_.substr(start, p - start));
}

// Decodes the escape sequence at pos (a backslash) onto scratch_; size is set
// to the number of source bytes it spans. False (error set) when invalid.
bool Lexer::read_escape(size_t pos, size_t& size) {
  std::string_view rest = source_.substr(pos);
  if (at(pos + 1) == 'u' && at(pos + 2) == '{') {
    // \u{...}: at least one hex digit, at most 8, naming a scalar value. The
    // 32-bit arithmetic mirrors graphql-js, which gives up when the value
    // turns negative as a signed 32-bit integer.
    uint32_t point = 0;
    size_t n = 3;
    while (n < 12) {
      int c = at(pos + n++);
      if (c == '}') {
        if (n < 5 || !is_scalar_value(point)) break;
        utf8::append(scratch_, point);
        size = n;
        return true;
      }
      int h = hex_value(c);
      if (h < 0) break;
      point = (point << 4) | static_cast<uint32_t>(h);
      if (point & 0x80000000u) break;
    }
    fail(pos, concat({"Invalid Unicode escape sequence: \"", utf8::utf16_prefix(rest, n), "\"."}));
    return false;
  }
  if (at(pos + 1) == 'u') {
    auto read16 = [&](size_t p) -> int32_t {
      int32_t v = 0;
      for (size_t i = 0; i < 4; ++i) {
        int h = hex_value(at(p + i));
        if (h < 0) return -1;
        v = (v << 4) | h;
      }
      return v;
    };
    int32_t code = read16(pos + 2);
    if (code >= 0 && is_scalar_value(static_cast<uint32_t>(code))) {
      utf8::append(scratch_, static_cast<uint32_t>(code));
      size = 6;
      return true;
    }
    // JSON-style surrogate pairs are allowed, but only as a valid pair.
    if (is_leading_surrogate(code) && at(pos + 6) == '\\' && at(pos + 7) == 'u') {
      int32_t trailing = read16(pos + 8);
      if (is_trailing_surrogate(trailing)) {
        uint32_t cp = 0x10000 + ((static_cast<uint32_t>(code) - 0xD800) << 10) +
                      (static_cast<uint32_t>(trailing) - 0xDC00);
        utf8::append(scratch_, cp);
        size = 12;
        return true;
      }
    }
    fail(pos, concat({"Invalid Unicode escape sequence: \"", utf8::utf16_prefix(rest, 6), "\"."}));
    return false;
  }
  char decoded;
  switch (at(pos + 1)) {
    case '"': decoded = '"'; break;
    case '\\': decoded = '\\'; break;
    case '/': decoded = '/'; break;
    case 'b': decoded = '\b'; break;
    case 'f': decoded = '\f'; break;
    case 'n': decoded = '\n'; break;
    case 'r': decoded = '\r'; break;
    case 't': decoded = '\t'; break;
    default:
      fail(pos,
           concat({"Invalid character escape sequence: \"", utf8::utf16_prefix(rest, 2), "\"."}));
      return false;
  }
  scratch_.push_back(decoded);
  size = 2;
  return true;
}

Token Lexer::read_string(size_t start) {
  const size_t size = source_.size();
  const Token head = make(TokenKind::kString, start, start);  // line and column
  size_t p = start + 1;
  size_t chunk = p;       // start of the source text not yet appended to scratch_
  bool building = false;  // the value differs from the source text: assemble it in scratch_
  auto flush = [&](size_t upto) {
    utf8::append_sanitized(scratch_, source_.substr(chunk, upto - chunk));
  };
  while (p < size) {
    unsigned char c = static_cast<unsigned char>(source_[p]);
    if (c == '"') {
      Token t = head;
      t.end = static_cast<uint32_t>(p + 1);
      if (building) {
        flush(p);
        t.value = arena_.copy_string(scratch_);
      } else {
        t.value = source_.substr(start + 1, p - start - 1);
      }
      pos_ = p + 1;
      return t;
    }
    if (c == '\\') {
      if (!building) {
        building = true;
        scratch_.clear();
      }
      flush(p);
      size_t escape_size = 0;
      if (!read_escape(p, escape_size)) return make(TokenKind::kError, p, p);
      p += escape_size;
      chunk = p;
      continue;
    }
    if (c == '\n' || c == '\r') break;
    if (c < 0x80) {
      ++p;
      continue;
    }
    utf8::Decoded d = utf8::decode(source_.data() + p, source_.data() + size);
    if (!d.valid && !building) {
      building = true;
      scratch_.clear();
    }
    line_adjust_ += d.length - utf8::utf16_units(d.code_point);
    p += d.length;
  }
  return fail(p, "Unterminated string.");
}

Token Lexer::read_block_string(size_t start) {
  const size_t size = source_.size();
  const Token head = make(TokenKind::kBlockString, start, start);
  size_t p = start + 3;
  // Line bookkeeping is applied only once the string is known to be closed,
  // as graphql-js does.
  uint32_t lines = 0;
  size_t last_line_start = line_start_;
  size_t adjust = line_adjust_;
  while (p < size) {
    unsigned char c = static_cast<unsigned char>(source_[p]);
    if (c == '"' && at(p + 1) == '"' && at(p + 2) == '"') {
      scratch_.clear();
      append_block_string_value(source_.substr(start + 3, p - start - 3), scratch_);
      Token t = head;
      t.end = static_cast<uint32_t>(p + 3);
      t.value = arena_.copy_string(scratch_);
      line_ += lines;
      line_start_ = last_line_start;
      line_adjust_ = adjust;
      pos_ = p + 3;
      return t;
    }
    if (c == '\\' && at(p + 1) == '"' && at(p + 2) == '"' && at(p + 3) == '"') {
      p += 4;
      continue;
    }
    if (c == '\n' || c == '\r') {
      p += (c == '\r' && at(p + 1) == '\n') ? 2 : 1;
      ++lines;
      last_line_start = p;
      adjust = 0;
      continue;
    }
    if (c < 0x80) {
      ++p;
      continue;
    }
    utf8::Decoded d = utf8::decode(source_.data() + p, source_.data() + size);
    adjust += d.length - utf8::utf16_units(d.code_point);
    p += d.length;
  }
  return fail(p, "Unterminated string.");
}

}  // namespace gqleval::graphql
