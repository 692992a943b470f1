#include "engine/base/hash_text.h"

#include <gtest/gtest.h>

#include <initializer_list>

namespace gqleval {
namespace {

TEST(HashText, SixteenLowerCaseDigitsMostSignificantFirst) {
  EXPECT_EQ(hash_text(0), "0000000000000000");
  EXPECT_EQ(hash_text(0x7c64111bbe579bd2ULL), "7c64111bbe579bd2");
  char out[kHashTextSize];
  write_hash_text(0xfedcba9876543210ULL, out);
  EXPECT_EQ(std::string_view(out, sizeof out), "fedcba9876543210");
}

TEST(HashText, ReadsBackWhatItWrites) {
  for (uint64_t h : std::initializer_list<uint64_t>{0, 1, 0x7c64111bbe579bd2ULL, ~uint64_t{0}}) {
    uint64_t read = 0;
    ASSERT_TRUE(parse_hash_text(hash_text(h), &read));
    EXPECT_EQ(read, h);
  }
}

TEST(HashText, RefusesAnythingElse) {
  uint64_t v = 0;
  EXPECT_FALSE(parse_hash_text("", &v));
  EXPECT_FALSE(parse_hash_text("7c64111bbe579bd", &v));    // 15 digits
  EXPECT_FALSE(parse_hash_text("7c64111bbe579bd2a", &v));  // 17
  EXPECT_FALSE(parse_hash_text("7C64111BBE579BD2", &v));   // upper case
  EXPECT_FALSE(parse_hash_text("7c64111bbe579bd:", &v));   // ':' follows '9'
  EXPECT_FALSE(parse_hash_text("7c64111bbe579bdg", &v));
}

}  // namespace
}  // namespace gqleval
