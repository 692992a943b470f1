#include "engine/graphql/utf8.h"

#include <gtest/gtest.h>

#include <string>

namespace gqleval::graphql::utf8 {
namespace {

Decoded decode_all(std::string_view s) { return decode(s.data(), s.data() + s.size()); }

TEST(Utf8, DecodesWellFormedSequences) {
  EXPECT_EQ(decode_all("A").code_point, 0x41u);
  Decoded e = decode_all("\u00E9");
  EXPECT_EQ(e.code_point, 0xE9u);
  EXPECT_EQ(e.length, 2u);
  EXPECT_TRUE(e.valid);
  EXPECT_EQ(decode_all("\uFEFF").code_point, 0xFEFFu);
  Decoded astral = decode_all("\U0001F600");
  EXPECT_EQ(astral.code_point, 0x1F600u);
  EXPECT_EQ(astral.length, 4u);
}

// One U+FFFD per maximal subpart, as the WHATWG decoder (Node) does.
TEST(Utf8, MalformedSequencesAreMaximalSubparts) {
  struct Case {
    std::string_view bytes;
    uint32_t length;
  } cases[] = {
      {"\x80", 1},      // lone continuation byte
      {"\xC0\x80", 1},  // overlong lead byte
      {"\xC3", 1},      // truncated at the end
      {"\xC3"
       "A",
       1},                      // truncated by ASCII
      {"\xE2\x82", 2},          // truncated three-byte sequence
      {"\xED\xA0\x80", 1},      // a surrogate: ED then A0 is out of range
      {"\xF0\x9F\x98", 3},      // truncated four-byte sequence
      {"\xF4\x90\x80\x80", 1},  // above U+10FFFF
      {"\xFF", 1},
  };
  for (const Case& c : cases) {
    Decoded d = decode_all(c.bytes);
    EXPECT_FALSE(d.valid);
    EXPECT_EQ(d.code_point, 0xFFFDu);
    EXPECT_EQ(d.length, c.length) << static_cast<int>(static_cast<unsigned char>(c.bytes[0]));
  }
}

TEST(Utf8, Utf16Length) {
  EXPECT_EQ(utf16_length(""), 0u);
  EXPECT_EQ(utf16_length("abc"), 3u);
  EXPECT_EQ(utf16_length("\u00E9\u4E2D\U0001F600"), 4u);
  EXPECT_EQ(utf16_length("\xED\xA0\x80"), 3u);  // three replacement characters
}

TEST(Utf8, AppendAndSanitize) {
  std::string out;
  append(out, 0x41);
  append(out, 0xE9);
  append(out, 0x4E2D);
  append(out, 0x1F600);
  EXPECT_EQ(out, "A\u00E9\u4E2D\U0001F600");
  std::string clean;
  append_sanitized(clean,
                   "a\xFF"
                   "b\xE2\x82"
                   "c");
  EXPECT_EQ(clean,
            "a\uFFFD"
            "b\uFFFD"
            "c");
  EXPECT_TRUE(is_valid("a\u00E9\U0001F600"));
  EXPECT_FALSE(is_valid("a\xC3"));
}

TEST(Utf8, Utf16PrefixCutsLikeJavaScriptSlice) {
  EXPECT_EQ(utf16_prefix("\\u{12x}", 6), "\\u{12x");
  EXPECT_EQ(utf16_prefix("ab", 5), "ab");
  EXPECT_EQ(utf16_prefix("\\\u00E9x", 2), "\\\u00E9");
  // Half a surrogate pair prints as U+FFFD.
  EXPECT_EQ(utf16_prefix("\\\U0001F600", 2), "\\\uFFFD");
}

}  // namespace
}  // namespace gqleval::graphql::utf8
