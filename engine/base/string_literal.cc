#include "engine/base/string_literal.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "engine/base/utf8.h"

namespace gqleval {
namespace {

// The columns of the table in the header.
struct Escapes {
  bool uppercase_hex;      // \u001F rather than \u001f
  bool escape_delete;      // U+007F as \u007f rather than as is
  bool escape_c1;          // U+0080..U+009F as \u0080..\u009f rather than as is
  bool replace_malformed;  // each malformed UTF-8 sequence as U+FFFD rather than as is
};

constexpr Escapes escapes_of(StringLiteralStyle style) {
  switch (style) {
    case StringLiteralStyle::kGraphQL: return {true, true, true, false};
    case StringLiteralStyle::kCanonical: return {false, true, false, false};
    case StringLiteralStyle::kJson: break;
  }
  return {false, false, false, true};
}

// The first byte in [p, end) that needs attention: '"', '\', a C0 control,
// U+007F when it is escaped, or a non-ASCII byte (which must be decoded).
template <bool kEscapeDelete>
const char* find_special(const char* p, const char* end) {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i space = _mm_set1_epi8(0x20);
  while (end - p >= 16) {
    __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // Signed compare: bytes >= 0x80 are negative, so "< 0x20" also catches them.
    __m128i hit =
        _mm_or_si128(_mm_cmplt_epi8(x, space),
                     _mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)));
    if constexpr (kEscapeDelete) hit = _mm_or_si128(hit, _mm_cmpeq_epi8(x, _mm_set1_epi8(0x7F)));
    int mask = _mm_movemask_epi8(hit);
    if (mask != 0) return p + __builtin_ctz(static_cast<unsigned>(mask));
    p += 16;
  }
#endif
  for (; p < end; ++p) {
    auto c = static_cast<unsigned char>(*p);
    if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\' || (kEscapeDelete && c == 0x7F)) return p;
  }
  return end;
}

template <bool kUppercase>
void append_hex_escape(std::string& out, uint32_t code) {
  static constexpr char kHex[] = "0123456789abcdef0123456789ABCDEF";
  constexpr unsigned kCase = kUppercase ? 16 : 0;
  const char escape[] = {
      '\\', 'u', '0', '0', kHex[kCase + ((code >> 4) & 0xF)], kHex[kCase + (code & 0xF)]};
  out.append(escape, sizeof escape);
}

}  // namespace

template <StringLiteralStyle kStyle>
void append_string_literal(std::string& out, std::string_view text) {
  constexpr Escapes kEscapes = escapes_of(kStyle);
  out.push_back('"');
  const char* p = text.data();
  const char* const end = p + text.size();
  while (p < end) {
    const char* special = find_special<kEscapes.escape_delete>(p, end);
    out.append(p, static_cast<size_t>(special - p));
    p = special;
    if (p == end) break;
    const auto c = static_cast<unsigned char>(*p);
    if (c >= 0x80) {
      const utf8::Decoded d = utf8::decode(p, end);
      if (kEscapes.escape_c1 && d.valid && d.code_point <= 0x9F) {
        append_hex_escape<kEscapes.uppercase_hex>(out, d.code_point);
      } else if (!kEscapes.replace_malformed || d.valid) {
        out.append(p, d.length);
      } else {
        out.append("\xEF\xBF\xBD");  // U+FFFD
      }
      p += d.length;
      continue;
    }
    switch (c) {  // appends with their lengths: no strlen, no out-of-line call
      case '"': out.append("\\\"", 2); break;
      case '\\': out.append("\\\\", 2); break;
      case '\b': out.append("\\b", 2); break;
      case '\f': out.append("\\f", 2); break;
      case '\n': out.append("\\n", 2); break;
      case '\r': out.append("\\r", 2); break;
      case '\t': out.append("\\t", 2); break;
      default: append_hex_escape<kEscapes.uppercase_hex>(out, c);  // another C0 control, or U+007F
    }
    ++p;
  }
  out.push_back('"');
}

template void append_string_literal<StringLiteralStyle::kGraphQL>(std::string&, std::string_view);
template void append_string_literal<StringLiteralStyle::kCanonical>(std::string&, std::string_view);
template void append_string_literal<StringLiteralStyle::kJson>(std::string&, std::string_view);

}  // namespace gqleval
