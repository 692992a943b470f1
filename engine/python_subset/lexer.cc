#include "engine/python_subset/lexer.h"

#include "engine/base/concat.h"

#include <cctype>
#include <cstring>
#include <string>

namespace gqleval::python_subset {
namespace {

bool is_name_start(unsigned char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}
bool is_name_char(unsigned char c) { return is_name_start(c) || (c >= '0' && c <= '9'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Operators, longest first within each first character.
constexpr std::string_view kOperators[] = {
    "**=", "//=", ">>=", "<<=", "...", "->", ":=", "**", "//", "<<", ">>", "<=",
    ">=",  "==",  "!=",  "+=",  "-=",  "*=", "/=", "%=", "&=", "|=", "^=", "@=",
    "(",   ")",   "[",   "]",   "{",   "}",  ",",  ":",  ";",  ".",  "+",  "-",
    "*",   "/",   "%",   "&",   "|",   "^",  "~",  "<",  ">",  "=",  "@"};

// CPython's tokenizer refuses deeper bracket nesting (its MAXLEVEL).
constexpr int kMaxBracketDepth = 200;
// And deeper indentation (its MAXINDENT).
constexpr size_t kMaxIndentLevels = 100;

class Lexer {
 public:
  explicit Lexer(std::string_view source) : s_(source) {}

  Result<std::vector<Token>, Diagnostic> run() {
    at_line_start_ = true;
    while (true) {
      if (at_line_start_ && depth_ == 0) {
        if (!indentation()) return Unexpected{error_};
        if (p_ >= s_.size()) break;
      }
      skip_blanks();
      if (p_ >= s_.size()) break;
      const char c = s_[p_];
      if (c == '#') {
        while (p_ < s_.size() && s_[p_] != '\n' && s_[p_] != '\r') ++p_;
        continue;
      }
      if (c == '\n' || c == '\r') {
        const size_t start = p_;
        end_of_line();
        if (depth_ == 0) {  // inside brackets, lines join
          push(TokenKind::kNewline, start, p_ - start);
          at_line_start_ = true;
        }
        continue;
      }
      if (c == '\\') {
        const size_t after = p_ + 1;
        if (after < s_.size() && (s_[after] == '\n' || s_[after] == '\r')) {
          p_ = after;
          end_of_line();
          if (p_ >= s_.size()) return fail("unexpected EOF while parsing", p_);
          continue;
        }
        return fail("unexpected character after line continuation character", p_);
      }
      if (!token()) return Unexpected{error_};
    }
    if (depth_ > 0)
      return fail(concat({"'", std::string_view(&brackets_.back().first, 1), "' was never closed"}),
                  brackets_.back().second);
    if (!tokens_.empty() && tokens_.back().kind != TokenKind::kNewline &&
        tokens_.back().kind != TokenKind::kDedent) {
      push(TokenKind::kNewline, s_.size(), 0);
    }
    while (indents_.size() > 1) {
      indents_.pop_back();
      push(TokenKind::kDedent, s_.size(), 0);
    }
    push(TokenKind::kEnd, s_.size(), 0);
    return std::move(tokens_);
  }

 private:
  void end_of_line() {
    if (s_[p_] == '\r' && p_ + 1 < s_.size() && s_[p_ + 1] == '\n') ++p_;
    ++p_;
    ++line_;
    line_start_ = p_;
  }
  void skip_blanks() {
    while (p_ < s_.size() && (s_[p_] == ' ' || s_[p_] == '\t' || s_[p_] == '\f')) ++p_;
  }

  // At the start of a logical line: skips blank and comment-only lines, then
  // emits INDENT or DEDENTs for the line's indentation.
  bool indentation() {
    for (;;) {
      // CPython measures indentation twice, a tab as up to 8 columns and as
      // 1; the two must order the lines alike, or the mix of tabs and spaces
      // is ambiguous.
      size_t column = 0;
      size_t alt = 0;
      while (p_ < s_.size() && (s_[p_] == ' ' || s_[p_] == '\t' || s_[p_] == '\f')) {
        if (s_[p_] == '\t') {
          column = (column / 8 + 1) * 8;
          ++alt;
        } else if (s_[p_] == '\f') {
          column = alt = 0;
        } else {
          ++column;
          ++alt;
        }
        ++p_;
      }
      if (p_ >= s_.size()) return true;
      if (s_[p_] == '#') {
        while (p_ < s_.size() && s_[p_] != '\n' && s_[p_] != '\r') ++p_;
      }
      if (p_ < s_.size() && (s_[p_] == '\n' || s_[p_] == '\r')) {
        end_of_line();
        continue;  // a blank line: no token
      }
      if (p_ >= s_.size()) return true;
      at_line_start_ = false;
      const Indent now{column, alt};
      auto inconsistent = [&] {
        error_ =
            make_error("TabError", "inconsistent use of tabs and spaces in indentation", pos(p_));
        return false;
      };
      if (column > indents_.back().column) {
        if (alt <= indents_.back().alt) return inconsistent();
        if (tokens_.empty()) {
          error_ = make_error("IndentationError", "unexpected indent", pos(p_));
          return false;
        }
        if (indents_.size() > kMaxIndentLevels) {
          error_ = make_error("IndentationError", "too many levels of indentation", pos(p_));
          return false;
        }
        indents_.push_back(now);
        push(TokenKind::kIndent, p_, 0);
        return true;
      }
      while (column < indents_.back().column) {
        indents_.pop_back();
        push(TokenKind::kDedent, p_, 0);
      }
      if (column != indents_.back().column) {
        error_ = make_error("IndentationError",
                            "unindent does not match any outer indentation level", pos(p_));
        return false;
      }
      if (alt != indents_.back().alt) return inconsistent();
      return true;
    }
  }

  bool token() {
    const size_t start = p_;
    const auto c = static_cast<unsigned char>(s_[p_]);
    if (is_digit(static_cast<char>(c)) ||
        (c == '.' && p_ + 1 < s_.size() && is_digit(s_[p_ + 1]))) {
      return number();
    }
    if (is_name_start(c)) {
      while (p_ < s_.size() && is_name_char(static_cast<unsigned char>(s_[p_]))) ++p_;
      if (p_ < s_.size() && (s_[p_] == '"' || s_[p_] == '\'') && is_string_prefix(start, p_)) {
        return string(start);
      }
      push(TokenKind::kName, start, p_ - start);
      return true;
    }
    if (c == '"' || c == '\'') return string(start);
    for (std::string_view op : kOperators) {
      if (s_.substr(p_, op.size()) == op) {
        p_ += op.size();
        if (!bracket(op, start)) return false;
        push(TokenKind::kOp, start, op.size());
        return true;
      }
    }
    if (c == '!') {
      error_ = make_error("SyntaxError", "invalid syntax", pos(start));
      return false;
    }
    error_ = make_error("SyntaxError", concat({"invalid character '", s_.substr(start, 1), "'"}),
                        pos(start));
    return false;
  }

  bool bracket(std::string_view op, size_t start) {
    const char c = op[0];
    if (op.size() != 1) return true;
    if (c == '(' || c == '[' || c == '{') {
      if (depth_ >= kMaxBracketDepth) {
        error_ = make_error("SyntaxError", "too many nested parentheses", pos(start));
        return false;
      }
      brackets_.emplace_back(c, start);
      ++depth_;
      return true;
    }
    if (c != ')' && c != ']' && c != '}') return true;
    if (brackets_.empty()) {
      error_ = make_error("SyntaxError", concat({"unmatched '", op, "'"}), pos(start));
      return false;
    }
    const char open = brackets_.back().first;
    const char want = open == '(' ? ')' : open == '[' ? ']' : '}';
    if (c != want) {
      error_ =
          make_error("SyntaxError",
                     concat({"closing parenthesis '", op, "' does not match opening parenthesis '",
                             std::string_view(&brackets_.back().first, 1), "'"}),
                     pos(start));
      return false;
    }
    brackets_.pop_back();
    --depth_;
    return true;
  }

  bool is_string_prefix(size_t begin, size_t end) const {
    std::string lower;
    for (size_t i = begin; i < end; ++i) lower += static_cast<char>(std::tolower(s_[i]));
    for (std::string_view p : {"r", "u", "b", "f", "br", "rb", "fr", "rf"}) {
      if (lower == p) return true;
    }
    return false;
  }

  bool string(size_t start) {
    const char quote = s_[p_];
    const bool triple = s_.substr(p_, 3) == std::string(3, quote);
    p_ += triple ? 3 : 1;
    for (;;) {
      if (p_ >= s_.size()) {
        error_ = make_error(
            "SyntaxError",
            triple ? "unterminated triple-quoted string literal" : "unterminated string literal",
            pos(start));
        return false;
      }
      const char c = s_[p_];
      if (c == '\\') {
        p_ += 1;
        if (p_ < s_.size()) {
          if (s_[p_] == '\n' || s_[p_] == '\r') {
            end_of_line();
          } else {
            ++p_;
          }
        }
        continue;
      }
      if (c == '\n' || c == '\r') {
        if (!triple) {
          error_ = make_error("SyntaxError", "unterminated string literal", pos(start));
          return false;
        }
        end_of_line();
        continue;
      }
      if (c == quote && (!triple || s_.substr(p_, 3) == std::string(3, quote))) {
        p_ += triple ? 3 : 1;
        push(TokenKind::kString, start, p_ - start);
        return true;
      }
      ++p_;
    }
  }

  bool number() {
    const size_t start = p_;
    // Digits with single underscores between them.
    auto digits = [&](auto ok) {
      while (p_ < s_.size() && (ok(s_[p_]) || (s_[p_] == '_' && p_ + 1 < s_.size() &&
                                               ok(s_[p_ + 1]) && p_ > start && ok(s_[p_ - 1])))) {
        ++p_;
      }
    };
    auto dec = [](char c) { return is_digit(c); };
    if (s_[p_] == '0' && p_ + 1 < s_.size() && std::strchr("xXoObB", s_[p_ + 1]) != nullptr &&
        s_[p_ + 1] != '\0') {
      const char base = static_cast<char>(std::tolower(s_[p_ + 1]));
      p_ += 2;
      if (p_ + 1 < s_.size() && s_[p_] == '_') ++p_;  // 0x_1F: one underscore after the prefix
      auto ok = [base](char c) {
        if (base == 'x') return std::isxdigit(static_cast<unsigned char>(c)) != 0;
        if (base == 'o') return c >= '0' && c <= '7';
        return c == '0' || c == '1';
      };
      const bool any = p_ < s_.size() && ok(s_[p_]);
      if (any) {
        ++p_;
        digits(ok);
      }
      if (!any) {
        error_ = make_error("SyntaxError",
                            "invalid " +
                                std::string(base == 'x'   ? "hexadecimal"
                                            : base == 'o' ? "octal"
                                                          : "binary") +
                                " literal",
                            pos(start));
        return false;
      }
    } else {
      digits(dec);
      if (p_ < s_.size() && s_[p_] == '.') {
        ++p_;
        digits(dec);
      }
      if (p_ < s_.size() && (s_[p_] == 'e' || s_[p_] == 'E')) {
        size_t q = p_ + 1;
        if (q < s_.size() && (s_[q] == '+' || s_[q] == '-')) ++q;
        if (q < s_.size() && is_digit(s_[q])) {
          p_ = q;
          digits(dec);
        }
      }
      if (p_ < s_.size() && (s_[p_] == 'j' || s_[p_] == 'J')) ++p_;
    }
    // A keyword may follow a number directly (`1if x else 2`: CPython 3.11
    // accepts it with a warning); any other name may not.
    if (p_ < s_.size() && is_name_start(static_cast<unsigned char>(s_[p_]))) {
      bool keyword = false;
      for (std::string_view k : {"and", "else", "for", "if", "in", "is", "not", "or"}) {
        keyword = keyword || s_.substr(p_, k.size()) == k;
      }
      if (!keyword) {
        error_ = make_error("SyntaxError", "invalid decimal literal", pos(start));
        return false;
      }
    }
    push(TokenKind::kNumber, start, p_ - start);
    return true;
  }

  SourcePos pos(size_t offset) const {
    // The line of `offset`: count from the current line back when needed.
    uint32_t line = line_;
    size_t line_start = line_start_;
    while (offset < line_start && line > 1) {
      size_t prev = line_start - 1;  // the '\n' (or '\r') ending the previous line
      if (prev > 0 && s_[prev] == '\n' && s_[prev - 1] == '\r') --prev;
      size_t b = prev;
      while (b > 0 && s_[b - 1] != '\n' && s_[b - 1] != '\r') --b;
      line_start = b;
      --line;
    }
    return {line, static_cast<uint32_t>(offset - line_start + 1)};
  }
  void push(TokenKind kind, size_t start, size_t length) {
    Token t;
    t.kind = kind;
    t.text = s_.substr(start, length);
    const SourcePos p = pos(start);
    t.line = p.line;
    t.column = p.column;
    t.offset = static_cast<uint32_t>(start);
    tokens_.push_back(t);
  }
  Unexpected<Diagnostic> fail(std::string message, size_t offset) {
    return Unexpected{make_error("SyntaxError", std::move(message), pos(offset))};
  }

  std::string_view s_;
  size_t p_ = 0;
  uint32_t line_ = 1;
  size_t line_start_ = 0;
  bool at_line_start_ = true;
  int depth_ = 0;
  std::vector<std::pair<char, size_t>> brackets_;
  struct Indent {
    size_t column;  // a tab up to the next multiple of 8
    size_t alt;     // a tab as one column
  };
  std::vector<Indent> indents_ = {{0, 0}};
  std::vector<Token> tokens_;
  Diagnostic error_;
};

}  // namespace

Result<std::vector<Token>, Diagnostic> tokenize(std::string_view source) {
  return Lexer(source).run();
}

}  // namespace gqleval::python_subset
