#include "engine/base/utf8.h"

#include <gtest/gtest.h>
#include <simdjson.h>

#include <random>
#include <string>

namespace gqleval::utf8 {
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
  EXPECT_EQ(decode_all("\xF4\x8F\xBF\xBF").code_point, 0x10FFFFu);
  EXPECT_EQ(decode_all("\xED\x9F\xBF").code_point, 0xD7FFu);
  EXPECT_EQ(decode_all("\xEE\x80\x80").code_point, 0xE000u);
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
      {"\xE0\x80\x80", 1},      // 80 cannot follow E0 (overlong)
      {"\xED\xA0\x80", 1},      // a surrogate: ED then A0 is out of range
      {"\xF0\x9F\x98", 3},      // truncated four-byte sequence: one subpart
      {"\xF0\x9Fx", 2},         // truncated by ASCII
      {"\xF4\x90\x80\x80", 1},  // above U+10FFFF
      {"\xFF", 1},
  };
  for (const Case& c : cases) {
    Decoded d = decode_all(c.bytes);
    EXPECT_FALSE(d.valid);
    EXPECT_EQ(d.code_point, 0xFFFDu);
    EXPECT_EQ(utf16_units(d.code_point), 1u);
    EXPECT_EQ(d.length, c.length) << static_cast<int>(static_cast<unsigned char>(c.bytes[0]));
  }
}

TEST(Utf8, ValidTexts) {
  EXPECT_TRUE(is_valid(""));
  EXPECT_TRUE(is_valid("plain ascii, long enough to take the 16-byte path"));
  EXPECT_TRUE(is_valid("h\xC3\xA9llo"));              // é
  EXPECT_TRUE(is_valid("\xE6\x97\xA5\xE6\x9C\xAC"));  // 日本
  EXPECT_TRUE(is_valid("a\u00E9\U0001F600"));
  EXPECT_TRUE(is_valid("\xF4\x8F\xBF\xBF"));      // U+10FFFF
  EXPECT_TRUE(is_valid(std::string("a\0b", 3)));  // NUL is valid UTF-8
  EXPECT_FALSE(is_valid("a\xC3"));
}

TEST(Utf8, FindsTheFirstMalformedByte) {
  EXPECT_EQ(find_invalid("abc"), kValid);
  EXPECT_EQ(find_invalid("abc\x80"), 3u);           // lone continuation
  EXPECT_EQ(find_invalid("\xC0\xAF"), 0u);          // overlong '/'
  EXPECT_EQ(find_invalid("\xC1\xBF"), 0u);          // overlong
  EXPECT_EQ(find_invalid("ab\xE0\x9F\xBF"), 2u);    // overlong 3-byte
  EXPECT_EQ(find_invalid("\xED\xA0\x80"), 0u);      // surrogate U+D800
  EXPECT_EQ(find_invalid("\xF0\x8F\xBF\xBF"), 0u);  // overlong 4-byte
  EXPECT_EQ(find_invalid("\xF4\x90\x80\x80"), 0u);  // above U+10FFFF
  EXPECT_EQ(find_invalid("\xF5\x80\x80\x80"), 0u);  // F5 never starts
  EXPECT_EQ(find_invalid("\xFF"), 0u);
  EXPECT_EQ(find_invalid("x\xC3"), 1u);  // truncated at end
  EXPECT_EQ(find_invalid("x\xE6\x97"), 1u);
  EXPECT_EQ(find_invalid("\xE6\x97x"), 0u);
  std::string long_ascii(100, 'a');
  EXPECT_EQ(find_invalid(long_ascii + "\xC3\xA9" + long_ascii + "\x80"), 202u);
}

// ASCII is skipped 64 and 16 bytes a step: a malformed byte at any offset of
// a long text (every block position, and the tail shorter than a block) is
// found where it is, and a well-formed one before it is stepped over.
TEST(Utf8, FindsAMalformedByteAtEveryOffsetOfALongText) {
  for (size_t size : {63u, 64u, 65u, 200u}) {
    for (size_t at = 0; at < size; ++at) {
      std::string text(size, 'q');
      text[at] = '\x80';
      EXPECT_EQ(find_invalid(text), at) << "size " << size << ", offset " << at;
      text[at] = 'q';
      text.insert(at, "\xC3\xA9");  // U+00E9, well formed
      EXPECT_EQ(find_invalid(text), kValid) << "size " << size << ", offset " << at;
      text += '\xFF';
      EXPECT_EQ(find_invalid(text), size + 2) << "size " << size << ", offset " << at;
    }
  }
}

TEST(Utf8, Utf16Length) {
  EXPECT_EQ(utf16_length(""), 0u);
  EXPECT_EQ(utf16_length("abc"), 3u);
  EXPECT_EQ(utf16_length("h\xC3\xA9llo"), 5u);
  EXPECT_EQ(utf16_length("\u00E9\u4E2D\U0001F600"), 4u);
  EXPECT_EQ(utf16_length("\xF0\x9F\x98\x80!"), 3u);
  EXPECT_EQ(utf16_length("\xED\xA0\x80"), 3u);  // three replacement characters
  EXPECT_EQ(utf16_length("a\xFF\xFE"
                         "b"),
            4u);  // each malformed byte is one U+FFFD
  // Past the 16-byte ASCII steps, before and after a character.
  const std::string ascii(40, 'a');
  EXPECT_EQ(utf16_length(ascii + "\U0001F600" + ascii), 82u);
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
  const std::string ascii(20, 'x');
  clean.clear();
  append_sanitized(clean, ascii + "\xF0\x9F\x98" + ascii + "\u00E9");
  EXPECT_EQ(clean, ascii + "\uFFFD" + ascii + "\u00E9");
}

TEST(Utf8, Utf16PrefixCutsLikeJavaScriptSlice) {
  EXPECT_EQ(utf16_prefix("\\u{12x}", 6), "\\u{12x");
  EXPECT_EQ(utf16_prefix("ab", 5), "ab");
  EXPECT_EQ(utf16_prefix("\\\u00E9x", 2), "\\\u00E9");
  // Half a surrogate pair prints as U+FFFD.
  EXPECT_EQ(utf16_prefix("\\\U0001F600", 2), "\\\uFFFD");
}

// Random byte strings biased towards the interesting lead and continuation
// bytes: the validator agrees with simdjson's, sanitizing gives valid UTF-8
// that is the input when it was valid, and the UTF-16 length counts one unit
// per decoded step (two for a supplementary character).
TEST(Utf8, AgreesWithSimdjsonOnRandomInput) {
  std::mt19937 rng(42);
  const unsigned char interesting[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF,
                                       0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
                                       0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF};
  int valid_seen = 0;
  for (int iter = 0; iter < 200000; ++iter) {
    std::string s;
    size_t len = rng() % 24;
    for (size_t i = 0; i < len; ++i) {
      s.push_back(
          static_cast<char>(rng() % 3 == 0 ? 'a' : interesting[rng() % sizeof interesting]));
    }
    const bool expected = simdjson::validate_utf8(s.data(), s.size());
    ASSERT_EQ(is_valid(s), expected) << testing::PrintToString(s);
    std::string clean;
    append_sanitized(clean, s);
    ASSERT_TRUE(simdjson::validate_utf8(clean.data(), clean.size()));
    if (expected) {
      ASSERT_EQ(clean, s);
    }
    size_t units = 0;
    for (const char* p = s.data(); p < s.data() + s.size();) {
      const Decoded d = decode(p, s.data() + s.size());
      units += utf16_units(d.code_point);
      p += d.length;
    }
    ASSERT_EQ(utf16_length(s), units);
    valid_seen += expected;
  }
  EXPECT_GT(valid_seen, 1000);  // the generator does produce valid strings too
}

}  // namespace
}  // namespace gqleval::utf8
