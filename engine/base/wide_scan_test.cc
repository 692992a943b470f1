#include "engine/base/wide_scan.h"

#include <gtest/gtest.h>

#include <string>

namespace gqleval::wide {
namespace {

#if GQLEVAL_AVX2_KERNELS

// The AVX2 kernels against a plain loop, at every length and offset around
// their steps (32, 64, 128 bytes) and over the 255-step lane limit.
std::string pattern(size_t size) {
  std::string s(size, 'a');
  for (size_t i = 0; i < size; ++i) {
    if (i % 7 == 3 || i % 61 == 0) s[i] = '\n';
  }
  return s;
}

TEST(WideScan, CountsLikeALoop) {
  if (!has_avx2()) GTEST_SKIP() << "this CPU (or build) has no AVX2 kernels";
  const std::string text = pattern(40000);
  for (size_t offset : {0, 1, 31}) {
    for (size_t size : {0, 1, 31, 32, 63, 64, 65, 127, 128, 129, 1000, 16320, 16384, 39000}) {
      const char* p = text.data() + offset;
      size_t expected = 0;
      for (size_t i = 0; i < size; ++i) expected += p[i] == '\n';
      EXPECT_EQ(count_byte_avx2(p, p + size, '\n'), expected) << offset << "+" << size;
    }
  }
}

TEST(WideScan, FindsTheFirstHighByte) {
  if (!has_avx2()) GTEST_SKIP() << "this CPU (or build) has no AVX2 kernels";
  std::string text(600, 'x');
  EXPECT_EQ(skip_ascii_avx2(text.data(), text.data() + text.size()), text.data() + text.size());
  for (size_t at : {0, 1, 31, 32, 127, 128, 129, 300, 599}) {
    std::string t = text;
    t[at] = '\xC3';
    if (at + 1 < t.size()) t[at + 1] = '\xA9';
    EXPECT_EQ(skip_ascii_avx2(t.data(), t.data() + t.size()) - t.data(),
              static_cast<ptrdiff_t>(at));
    EXPECT_EQ(skip_ascii_avx2(t.data(), t.data() + at), t.data() + at) << "stops at end " << at;
  }
}

// The stop byte at every offset around the 64-byte steps, or none: the
// position and the count before it as find and count loops give them.
TEST(WideScan, FindsAStopAndCountsBeforeIt) {
  if (!has_avx2()) GTEST_SKIP() << "this CPU (or build) has no AVX2 kernels";
  const std::string text = pattern(700);
  for (size_t stop_at : {0, 1, 31, 32, 63, 64, 65, 127, 128, 200, 699, 700}) {
    std::string t = text;
    if (stop_at < t.size()) t[stop_at] = '"';
    size_t counted = 5;
    const char* hit = find_counting_avx2(t.data(), t.data() + t.size(), '"', '\n', &counted);
    EXPECT_EQ(hit - t.data(), static_cast<ptrdiff_t>(stop_at));
    size_t expected = 5;
    if (stop_at < t.size()) {
      for (size_t i = 0; i < stop_at; ++i) expected += t[i] == '\n';
    }
    EXPECT_EQ(counted, expected) << "stop at " << stop_at << " (none when 700)";
  }
}

#else
TEST(WideScan, NotInThisBuild) {
  GTEST_SKIP() << "this build has no AVX2 kernels (GQLEVAL_AVX2_KERNELS is 0)";
}
#endif  // GQLEVAL_AVX2_KERNELS

}  // namespace
}  // namespace gqleval::wide
