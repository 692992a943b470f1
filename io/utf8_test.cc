#include "io/utf8.h"

#include <gtest/gtest.h>
#include <simdjson.h>

#include <random>
#include <string>

namespace gqleval::io {
namespace {

TEST(Utf8, ValidTexts) {
  EXPECT_TRUE(is_valid_utf8(""));
  EXPECT_TRUE(is_valid_utf8("plain ascii, long enough to take the 16-byte path"));
  EXPECT_TRUE(is_valid_utf8("h\xC3\xA9llo"));              // é
  EXPECT_TRUE(is_valid_utf8("\xE6\x97\xA5\xE6\x9C\xAC"));  // 日本
  EXPECT_TRUE(is_valid_utf8("\xF0\x9F\x98\x80"));          // U+1F600
  EXPECT_TRUE(is_valid_utf8("\xF4\x8F\xBF\xBF"));          // U+10FFFF
  EXPECT_TRUE(is_valid_utf8("\xED\x9F\xBF"));              // U+D7FF
  EXPECT_TRUE(is_valid_utf8("\xEE\x80\x80"));              // U+E000
  EXPECT_TRUE(is_valid_utf8(std::string("a\0b", 3)));      // NUL is valid UTF-8
}

TEST(Utf8, FindsTheFirstMalformedByte) {
  EXPECT_EQ(find_invalid_utf8("abc\x80"), 3u);           // lone continuation
  EXPECT_EQ(find_invalid_utf8("\xC0\xAF"), 0u);          // overlong '/'
  EXPECT_EQ(find_invalid_utf8("\xC1\xBF"), 0u);          // overlong
  EXPECT_EQ(find_invalid_utf8("ab\xE0\x9F\xBF"), 2u);    // overlong 3-byte
  EXPECT_EQ(find_invalid_utf8("\xED\xA0\x80"), 0u);      // surrogate U+D800
  EXPECT_EQ(find_invalid_utf8("\xF0\x8F\xBF\xBF"), 0u);  // overlong 4-byte
  EXPECT_EQ(find_invalid_utf8("\xF4\x90\x80\x80"), 0u);  // above U+10FFFF
  EXPECT_EQ(find_invalid_utf8("\xF5\x80\x80\x80"), 0u);  // F5 never starts
  EXPECT_EQ(find_invalid_utf8("\xFF"), 0u);
  EXPECT_EQ(find_invalid_utf8("x\xC3"), 1u);  // truncated at end
  EXPECT_EQ(find_invalid_utf8("x\xE6\x97"), 1u);
  EXPECT_EQ(find_invalid_utf8("\xE6\x97x"), 0u);
  std::string long_ascii(100, 'a');
  EXPECT_EQ(find_invalid_utf8(long_ascii + "\xC3\xA9" + long_ascii + "\x80"), 202u);
}

TEST(Utf8, StepFollowsMaximalSubparts) {
  auto step = [](std::string_view s) {
    Utf8Step st = utf8_step(s.data(), s.data() + s.size());
    return std::to_string(st.bytes) + "/" + std::to_string(st.utf16_units) + "/" +
           (st.valid ? "ok" : "bad");
  };
  EXPECT_EQ(step("a"), "1/1/ok");
  EXPECT_EQ(step("\xC3\xA9"), "2/1/ok");
  EXPECT_EQ(step("\xE6\x97\xA5"), "3/1/ok");
  EXPECT_EQ(step("\xF0\x9F\x98\x80"), "4/2/ok");
  EXPECT_EQ(step("\xF0\x9F\x98"), "3/1/bad");  // truncated: the whole prefix is one subpart
  EXPECT_EQ(step("\xF0\x9Fx"), "2/1/bad");
  EXPECT_EQ(step("\xE0\x80\x80"), "1/1/bad");  // 80 cannot follow E0
  EXPECT_EQ(step("\xED\xA0\x80"), "1/1/bad");  // surrogate: ED then A0 is out of range
  EXPECT_EQ(step("\x80"), "1/1/bad");
}

TEST(Utf8, Utf16Length) {
  EXPECT_EQ(utf16_length(""), 0u);
  EXPECT_EQ(utf16_length("abc"), 3u);
  EXPECT_EQ(utf16_length("h\xC3\xA9llo"), 5u);
  EXPECT_EQ(utf16_length("\xF0\x9F\x98\x80!"), 3u);
  EXPECT_EQ(utf16_length("a\xFF\xFE"
                         "b"),
            4u);  // each malformed byte is one U+FFFD
}

// The validator agrees with simdjson's on random byte strings biased towards
// the interesting lead and continuation bytes.
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
    bool expected = simdjson::validate_utf8(s.data(), s.size());
    ASSERT_EQ(is_valid_utf8(s), expected) << testing::PrintToString(s);
    valid_seen += expected;
  }
  EXPECT_GT(valid_seen, 1000);  // the generator does produce valid strings too
}

}  // namespace
}  // namespace gqleval::io
