#include "engine/python_subset/string_literal.h"

#include "engine/base/concat.h"

#include <cctype>

namespace gqleval::python_subset {
namespace {

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// What a one-letter escape stands for (\n, \t, \\, \' ...), or 0 when e
// is no such letter.
char simple_escape(char e) {
  switch (e) {
    case '\\': return '\\';
    case '\'': return '\'';
    case '"': return '"';
    case 'a': return '\a';
    case 'b': return '\b';
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    case 'v': return '\v';
    default: return 0;
  }
}

// CPython's message for a \x, \u or \U escape cut short, the backslash at
// `backslash`.
std::string truncated_escape_error(char letter, size_t backslash, bool bytes) {
  if (bytes)
    return concat({"(value error) invalid \\x escape at position ", std::to_string(backslash)});
  return concat({"(unicode error) 'unicodeescape' codec can't decode bytes: truncated \\",
                 std::string_view(&letter, 1),
                 letter == 'x'   ? "XX"
                 : letter == 'u' ? "XXXX"
                                 : "XXXXXXXX",
                 " escape"});
}

// The \xhh, \uXXXX or \UXXXXXXXX escape whose letter is text[i]: appends its
// byte (bytes) or its code point as UTF-8 and leaves i on its last digit.
// False, with `error`, when it is cut short or past U+10FFFF.
bool decode_hex_escape(std::string_view text, size_t& i, bool bytes, std::string& out,
                       std::string& error) {
  const char e = text[i];
  const size_t n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
  uint32_t cp = 0;
  for (size_t k = 1; k <= n; ++k) {
    const int h = i + k < text.size() ? hex_value(text[i + k]) : -1;
    if (h < 0) {
      error = truncated_escape_error(e, i - 1, bytes);
      return false;
    }
    cp = cp * 16 + static_cast<uint32_t>(h);
  }
  i += n;
  if (cp > 0x10FFFF) {
    error = "(unicode error) 'unicodeescape' codec can't decode bytes: illegal Unicode character";
    return false;
  }
  if (bytes) {
    out += static_cast<char>(cp);
  } else {
    append_utf8(out, cp);
  }
  return true;
}

// The \ooo escape (one to three octal digits) whose first digit is text[i]:
// appends its byte (bytes, the value modulo 256) or its code point as UTF-8,
// and leaves i on its last digit.
void decode_octal_escape(std::string_view text, size_t& i, bool bytes, std::string& out) {
  uint32_t v = static_cast<uint32_t>(text[i] - '0');
  for (int k = 0; k < 2 && i + 1 < text.size() && text[i + 1] >= '0' && text[i + 1] <= '7'; ++k) {
    v = v * 8 + static_cast<uint32_t>(text[++i] - '0');
  }
  if (bytes) {
    out += static_cast<char>(v & 0xFF);
  } else {
    append_utf8(out, v);
  }
}

void add_text(std::vector<StringPart>& parts, std::string_view text) {
  if (text.empty()) return;
  if (!parts.empty() && !parts.back().is_field) {
    parts.back().text += text;
    return;
  }
  StringPart p;
  p.text = std::string(text);
  parts.push_back(std::move(p));
}

class FStringReader {
 public:
  FStringReader(const Token& token, std::string_view body, bool raw, const FieldParser& parse)
      : token_(token), s_(body), raw_(raw), parse_(parse) {}

  std::optional<Diagnostic> read(std::vector<StringPart>& out) {
    if (!parts(out, false)) return error_;
    return std::nullopt;
  }

 private:
  // Literal text and fields up to the end (or, in a format spec, up to the
  // closing brace of the field).
  bool parts(std::vector<StringPart>& out, bool in_spec) {
    std::string literal;
    while (p_ < s_.size()) {
      const char c = s_[p_];
      if (c == '{') {
        if (!in_spec && p_ + 1 < s_.size() && s_[p_ + 1] == '{') {
          literal += '{';
          p_ += 2;
          continue;
        }
        if (!flush(literal, out)) return false;
        if (!field(out)) return false;
        continue;
      }
      if (c == '}') {
        if (in_spec) break;
        if (p_ + 1 < s_.size() && s_[p_ + 1] == '}') {
          literal += '}';
          p_ += 2;
          continue;
        }
        return fail("f-string: single '}' is not allowed");
      }
      // An escape is decoded with the literal; a backslash before a brace is
      // kept as it is and the brace still opens or closes a field.
      if (c == '\\' && !raw_ && p_ + 1 < s_.size() && s_[p_ + 1] != '{' && s_[p_ + 1] != '}') {
        literal += s_.substr(p_, 2);
        p_ += 2;
        continue;
      }
      literal += c;
      ++p_;
    }
    return flush(literal, out);
  }

  bool flush(std::string& literal, std::vector<StringPart>& out) {
    if (literal.empty()) return true;
    std::string decoded;
    std::string why;
    if (raw_) {
      decoded = literal;
    } else if (!decode_escapes(literal, false, decoded, why)) {
      return fail(why);
    }
    add_text(out, decoded);
    literal.clear();
    return true;
  }

  // At '{': the expression, `=`, `!conversion`, `:spec`, then '}'.
  bool field(std::vector<StringPart>& out) {
    // CPython allows a field in a format spec, but not one in the spec of that.
    if (spec_depth_ >= 2) return fail("f-string: expressions nested too deeply");
    ++p_;  // '{'
    const size_t begin = p_;
    bool debug = false;
    if (!expression_end(debug)) return false;
    const std::string_view expr_text = s_.substr(begin, p_ - begin);
    bool blank = true;
    for (char c : expr_text) blank = blank && std::isspace(static_cast<unsigned char>(c)) != 0;
    if (blank) return fail("f-string: empty expression not allowed");
    StringPart field;
    field.is_field = true;
    field.value = parse_(token_, expr_text);
    if (debug) {
      ++p_;  // '='
      while (p_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[p_])) != 0) ++p_;
      add_text(out, s_.substr(begin, p_ - begin));
    }
    if (!conversion(field) || !format_spec(field)) return false;
    if (p_ >= s_.size() || s_[p_] != '}') return fail("f-string: expecting '}'");
    ++p_;
    if (debug && field.conversion.empty() && !field.has_spec) field.conversion.push_back('r');
    out.push_back(std::move(field));
    return true;
  }

  // Moves p_ from the start of a field's expression to its end: the '}',
  // ':' or '!' after it at depth 0 (strings and brackets skipped), or the
  // `=` of a debug field (`debug` set). False (failed) when there is none or
  // the expression holds what CPython refuses there.
  bool expression_end(bool& debug) {
    const size_t begin = p_;
    int depth = 0;
    char quote = 0;
    while (p_ < s_.size()) {
      const char c = s_[p_];
      if (quote != 0) {
        if (c == '\\') return fail("f-string expression part cannot include a backslash");
        if (c == quote) quote = 0;
        ++p_;
        continue;
      }
      if (c == '\\') return fail("f-string expression part cannot include a backslash");
      if (c == '#') return fail("f-string expression part cannot include '#'");
      if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '(' || c == '[' || c == '{') {
        ++depth;
      } else if (c == ')' || c == ']' || (c == '}' && depth > 0)) {
        if (depth == 0) return fail(concat({"f-string: unmatched '", s_.substr(p_, 1), "'"}));
        --depth;
      } else if (depth == 0) {
        if (c == '}' || c == ':') return true;
        if (c == '!' && p_ + 1 < s_.size() && s_[p_ + 1] == '=') {
          p_ += 2;
          continue;
        }
        if (c == '!') return true;
        if (c == '=') {
          const char prev = p_ > begin ? s_[p_ - 1] : '\0';
          if (p_ + 1 < s_.size() && s_[p_ + 1] == '=') {
            p_ += 2;
            continue;
          }
          if (prev != '=' && prev != '!' && prev != '<' && prev != '>') {
            debug = true;
            return true;
          }
        }
      }
      ++p_;
    }
    return fail("f-string: expecting '}'");
  }

  // `!r`, `!s` or `!a` after a field's expression, if there.
  bool conversion(StringPart& field) {
    if (p_ >= s_.size() || s_[p_] != '!') return true;
    if (p_ + 1 >= s_.size() || std::string_view("rsa").find(s_[p_ + 1]) == std::string_view::npos) {
      return fail("f-string: invalid conversion character: expected 's', 'r', or 'a'");
    }
    field.conversion.assign(1, s_[p_ + 1]);
    p_ += 2;
    return true;
  }

  // `:spec` after a field's expression and conversion, if there: its parts,
  // up to the field's closing brace.
  bool format_spec(StringPart& field) {
    if (p_ >= s_.size() || s_[p_] != ':') return true;
    ++p_;
    field.has_spec = true;
    ++spec_depth_;
    const bool ok = parts(field.spec, true);
    --spec_depth_;
    return ok;
  }

  bool fail(std::string message) {
    error_ = make_error("SyntaxError", std::move(message), {token_.line, token_.column});
    return false;
  }

  const Token& token_;
  std::string_view s_;
  bool raw_;
  const FieldParser& parse_;
  size_t p_ = 0;
  int spec_depth_ = 0;  // format specs we are inside
  Diagnostic error_;
};

Expr* joined(Module& m, const std::vector<StringPart>& parts, const Token& at) {
  Expr* j = m.add(ExprKind::kJoinedStr, at.line, at.column);
  for (const StringPart& p : parts) {
    if (!p.is_field) {
      if (p.text.empty()) continue;
      Expr* c = m.add(ExprKind::kConstant, at.line, at.column);
      c->constant = ConstantKind::kStr;
      c->text = p.text;
      j->items.push_back(c);
      continue;
    }
    Expr* f = m.add(ExprKind::kFormattedValue, at.line, at.column);
    f->text = p.conversion;
    f->items = {p.value, p.has_spec ? joined(m, p.spec, at) : nullptr};
    j->items.push_back(f);
  }
  return j;
}

}  // namespace

bool decode_escapes(std::string_view text, bool bytes, std::string& out, std::string& error) {
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c != '\\' || i + 1 >= text.size()) {
      out += c;
      continue;
    }
    const char e = text[++i];
    if (const char simple = simple_escape(e); simple != 0) {
      out += simple;
      continue;
    }
    switch (e) {
      case '\n': break;
      case '\r':
        if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
        break;
      case 'x':
      case 'u':
      case 'U':
        if (bytes && e != 'x') {
          out += '\\';
          out += e;
          break;
        }
        if (!decode_hex_escape(text, i, bytes, out, error)) return false;
        break;
      case 'N':
        if (bytes) {
          out += "\\N";
          break;
        }
        error = "\\N{...} escapes are outside the Python subset gqleval reads";
        return false;
      default:
        if (e >= '0' && e <= '7') {
          decode_octal_escape(text, i, bytes, out);
          break;
        }
        out += '\\';
        out += e;
    }
  }
  return true;
}

std::optional<Diagnostic> read_string_literal(const Token& token, StringParts& out,
                                              const FieldParser& parse_field) {
  std::string_view text = token.text;
  bool raw = false;
  bool bytes = false;
  bool f = false;
  size_t i = 0;
  for (; i < text.size() && text[i] != '\'' && text[i] != '"'; ++i) {
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
    raw = raw || c == 'r';
    bytes = bytes || c == 'b';
    f = f || c == 'f';
  }
  const char quote = text[i];
  const size_t q = text.substr(i, 3) == std::string(3, quote) ? 3 : 1;
  std::string_view body = text.substr(i + q, text.size() - i - 2 * q);
  if ((bytes && out.any_text) || (!bytes && out.any_bytes)) {
    return make_error("SyntaxError", "cannot mix bytes and nonbytes literals",
                      {token.line, token.column});
  }
  (bytes ? out.any_bytes : out.any_text) = true;
  if (bytes) {
    for (char c : body) {
      if (static_cast<unsigned char>(c) >= 0x80) {
        return make_error("SyntaxError", "bytes can only contain ASCII literal characters",
                          {token.line, token.column});
      }
    }
  }
  if (f) {
    out.any_f = true;
    return FStringReader(token, body, raw, parse_field).read(out.parts);
  }
  std::string decoded;
  std::string why;
  if (raw) {
    decoded = std::string(body);
  } else if (!decode_escapes(body, bytes, decoded, why)) {
    return make_error("SyntaxError", why, {token.line, token.column});
  }
  if (out.parts.empty() || out.parts.back().is_field) {
    out.parts.emplace_back();
  }
  out.parts.back().text += decoded;
  return std::nullopt;
}

Expr* StringParts::to_expr(Module& module, const Token& first) const {
  if (any_f) return joined(module, parts, first);
  Expr* c = module.add(ExprKind::kConstant, first.line, first.column);
  c->constant = any_bytes ? ConstantKind::kBytes : ConstantKind::kStr;
  for (const StringPart& p : parts) c->text += p.text;
  return c;
}

}  // namespace gqleval::python_subset
