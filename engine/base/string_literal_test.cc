#include "engine/base/string_literal.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "engine/base/utf8.h"

namespace gqleval {
namespace {

constexpr StringLiteralStyle kStyles[] = {
    StringLiteralStyle::kGraphQL, StringLiteralStyle::kCanonical, StringLiteralStyle::kJson};

std::string literal(std::string_view text, StringLiteralStyle style) {
  std::string out;
  switch (style) {
    case StringLiteralStyle::kGraphQL:
      append_string_literal<StringLiteralStyle::kGraphQL>(out, text);
      break;
    case StringLiteralStyle::kCanonical:
      append_string_literal<StringLiteralStyle::kCanonical>(out, text);
      break;
    case StringLiteralStyle::kJson: append_string_literal<StringLiteralStyle::kJson>(out, text);
  }
  return out;
}

TEST(StringLiteral, CommonEscapesInEveryStyle) {
  for (StringLiteralStyle style : kStyles) {
    EXPECT_EQ(literal("", style), R"("")");
    EXPECT_EQ(literal("a\"b\\c/", style), R"("a\"b\\c/")");
    EXPECT_EQ(literal("\b\f\n\r\t", style), R"("\b\f\n\r\t")");
    EXPECT_EQ(literal("plain text that is longer than sixteen bytes", style),
              R"("plain text that is longer than sixteen bytes")");
    EXPECT_EQ(literal("caf\xC3\xA9 \xE6\x97\xA5 \xF0\x9F\x98\x80 \xE2\x80\xA8", style),
              "\"caf\xC3\xA9 \xE6\x97\xA5 \xF0\x9F\x98\x80 \xE2\x80\xA8\"");
  }
}

// The table in the header, column by column.
TEST(StringLiteral, StylesDifferOnlyWhereTheHeaderSays) {
  const std::string controls("\x00\x01\x1f\x7f", 4);
  EXPECT_EQ(literal(controls, StringLiteralStyle::kGraphQL), R"("\u0000\u0001\u001F\u007F")");
  EXPECT_EQ(literal(controls, StringLiteralStyle::kCanonical), R"("\u0000\u0001\u001f\u007f")");
  EXPECT_EQ(literal(controls, StringLiteralStyle::kJson), "\"\\u0000\\u0001\\u001f\x7f\"");

  const std::string c1 = "\xC2\x80\xC2\x85\xC2\x9F\xC2\xA0";  // U+0080 U+0085 U+009F U+00A0
  EXPECT_EQ(literal(c1, StringLiteralStyle::kGraphQL), "\"\\u0080\\u0085\\u009F\xC2\xA0\"");
  EXPECT_EQ(literal(c1, StringLiteralStyle::kCanonical), "\"" + c1 + "\"");
  EXPECT_EQ(literal(c1, StringLiteralStyle::kJson), "\"" + c1 + "\"");

  const std::string malformed =
      "a\xFF"
      "b\xF0\x9F\x98 \xED\xA0\x80 \x85";
  EXPECT_EQ(literal(malformed, StringLiteralStyle::kGraphQL), "\"" + malformed + "\"");
  EXPECT_EQ(literal(malformed, StringLiteralStyle::kCanonical), "\"" + malformed + "\"");
  EXPECT_EQ(literal(malformed, StringLiteralStyle::kJson),
            "\"a\uFFFD"
            "b\uFFFD \uFFFD\uFFFD\uFFFD \uFFFD\"");
}

TEST(StringLiteral, AppendsToWhatIsThere) {
  std::string out = "x: ";
  append_string_literal<StringLiteralStyle::kJson>(out, "y");
  EXPECT_EQ(out, "x: \"y\"");
}

// The header's table, row by row.
struct Table {
  bool uppercase_hex, escape_delete, escape_c1, replace_malformed;
};
Table table_of(StringLiteralStyle style) {
  switch (style) {
    case StringLiteralStyle::kGraphQL: return {true, true, true, false};
    case StringLiteralStyle::kCanonical: return {false, true, false, false};
    case StringLiteralStyle::kJson: break;
  }
  return {false, false, false, true};
}

// The table applied one character at a time, as the reference.
std::string reference(std::string_view text, StringLiteralStyle style_name) {
  const Table style = table_of(style_name);
  const char* hex = style.uppercase_hex ? "0123456789ABCDEF" : "0123456789abcdef";
  auto escape = [&](std::string& out, uint32_t c) {
    out += "\\u00";
    out += hex[c >> 4];
    out += hex[c & 15];
  };
  std::string out = "\"";
  const char* end = text.data() + text.size();
  for (const char* p = text.data(); p < end;) {
    const utf8::Decoded d = utf8::decode(p, end);
    const uint32_t c = d.code_point;
    if (!d.valid) {
      out += style.replace_malformed ? std::string("\xEF\xBF\xBD") : std::string(p, d.length);
    } else if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t') {
      out += c == '\b' ? "\\b" : c == '\f' ? "\\f" : c == '\n' ? "\\n" : c == '\r' ? "\\r" : "\\t";
    } else if (c < 0x20 || (c == 0x7F && style.escape_delete) ||
               (c >= 0x80 && c <= 0x9F && style.escape_c1)) {
      escape(out, c);
    } else {
      out.append(p, d.length);
    }
    p += d.length;
  }
  return out + "\"";
}

TEST(StringLiteral, MatchesTheReferenceOnRandomInput) {
  std::mt19937 rng(7);
  const unsigned char interesting[] = {0x00, 0x01, 0x08, 0x0A, 0x1F, 0x22, 0x5C,
                                       0x7F, 0x80, 0x85, 0x9F, 0xA0, 0xBF, 0xC2,
                                       0xC3, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xFF};
  for (int iter = 0; iter < 50000; ++iter) {
    std::string s;
    const size_t len = rng() % 40;
    for (size_t i = 0; i < len; ++i) {
      s.push_back(
          static_cast<char>(rng() % 2 == 0 ? 'a' : interesting[rng() % sizeof interesting]));
    }
    for (StringLiteralStyle style : kStyles) {
      ASSERT_EQ(literal(s, style), reference(s, style)) << testing::PrintToString(s);
    }
    ASSERT_TRUE(utf8::is_valid(literal(s, StringLiteralStyle::kJson)));
  }
}

}  // namespace
}  // namespace gqleval
