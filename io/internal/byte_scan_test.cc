#include "io/internal/byte_scan.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace gqleval::io {
namespace {

// The plain reading of a JSON string's end: a backslash escapes the next byte.
const char* reference_string_end(const char* p, const char* end, bool* has_escape) {
  while (p < end) {
    if (*p == '"') return p;
    if (*p == '\\') {
      *has_escape = true;
      p += 2;
      continue;
    }
    ++p;
  }
  return end;
}

void expect_same_end(const std::string& text, size_t from) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  bool got_escape = false;
  bool want_escape = false;
  const char* got = find_string_end(begin + from, end, &got_escape);
  const char* want = reference_string_end(begin + from, end, &want_escape);
  ASSERT_EQ(got - begin, want - begin) << "text: " << text << " from " << from;
  ASSERT_EQ(got_escape, want_escape) << "text: " << text << " from " << from;
}

TEST(FindStringEnd, KnownCases) {
  auto end_of = [](const std::string& s) {
    bool escaped = false;
    const char* at = find_string_end(s.data(), s.data() + s.size(), &escaped);
    return std::to_string(at - s.data()) + (escaped ? "e" : "");
  };
  EXPECT_EQ(end_of(""), "0");
  EXPECT_EQ(end_of("abc"), "3");
  EXPECT_EQ(end_of("ab\"c"), "2");
  EXPECT_EQ(end_of(R"(a\"b")"), "4e");
  EXPECT_EQ(end_of(R"(a\\"b")"), "3e");
  EXPECT_EQ(end_of(R"(a\\\"b")"), "6e");
  EXPECT_EQ(end_of("a\\"), "2e");  // a backslash at the very end: no close
  // Runs of backslashes across the 64-byte blocks: the byte after an odd run
  // that ends at position 63 is escaped.
  for (size_t run = 1; run <= 6; ++run) {
    for (size_t at = 56; at <= 70; ++at) {
      std::string s(at, 'x');
      s += std::string(run, '\\') + "\"tail\"" + std::string(80, 'y');
      bool escaped = false;
      const char* got = find_string_end(s.data(), s.data() + s.size(), &escaped);
      const size_t want = run % 2 == 1 ? at + run + 5 : at + run;
      EXPECT_EQ(static_cast<size_t>(got - s.data()), want) << "run " << run << " at " << at;
      EXPECT_TRUE(escaped);
    }
  }
  // An escape after the closing quote does not count.
  std::string late(100, 'x');
  late[70] = '"';
  late[80] = '\\';
  bool escaped = false;
  EXPECT_EQ(find_string_end(late.data(), late.data() + late.size(), &escaped), late.data() + 70);
  EXPECT_FALSE(escaped);
}

// Random texts of quotes, backslashes and letters, read from every offset,
// agree with the plain reading: the block masks and the carry between blocks
// are exercised at every alignment.
TEST(FindStringEnd, AgreesWithThePlainReading) {
  std::mt19937 rng(20261125);
  const char alphabet[] = {'"', '\\', '\\', '\\', 'a', 'b', 'u', '{'};
  for (int round = 0; round < 3000; ++round) {
    const size_t length = rng() % 300;
    std::string text(length, ' ');
    // Sparse quotes in some texts, dense escapes in others.
    const unsigned quote_rarity = 1 + rng() % 64;
    for (char& c : text) {
      c = alphabet[rng() % sizeof alphabet];
      if (c == '"' && rng() % quote_rarity != 0) c = 'q';
    }
    for (size_t from = 0; from <= length; from += 1 + rng() % 5) expect_same_end(text, from);
  }
}

}  // namespace
}  // namespace gqleval::io
