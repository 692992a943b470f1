#include "kernels/diff.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <ostream>
#include <random>
#include <vector>

namespace gqleval::kernels {

// Readable failure messages (found by argument-dependent lookup).
void PrintTo(const DiffCounts& d, std::ostream* os) {
  *os << "{only_a=" << d.only_a << ", only_b=" << d.only_b << ", both=" << d.both << "}";
}

namespace {

bool bit(const std::vector<uint64_t>& v, size_t i) { return (v[i / 64] >> (i % 64)) & 1u; }

// Random words with a mix of densities, including all-zero and all-one words.
std::vector<uint64_t> random_words(size_t n, std::mt19937_64& rng) {
  std::vector<uint64_t> v(n);
  for (size_t i = 0; i < n; ++i) {
    switch (rng() % 5) {
      case 0: v[i] = 0; break;
      case 1: v[i] = ~uint64_t{0}; break;
      case 2: v[i] = rng() & rng() & rng(); break;  // sparse
      default: v[i] = rng(); break;
    }
  }
  return v;
}

TEST(Diff, CountsMatchABitByBitCount) {
  std::mt19937_64 rng(7);
  for (size_t words : {0u, 1u, 2u, 3u, 5u, 8u, 17u, 64u, 65u}) {
    for (int round = 0; round < 50; ++round) {
      auto a = random_words(words, rng);
      auto b = random_words(words, rng);
      auto mask = random_words(words, rng);
      size_t pa = 0, ab = 0, a_not_b = 0, b_not_a = 0, a_not_b_masked = 0;
      DiffCounts masked;
      for (size_t i = 0; i < words * 64; ++i) {
        const bool x = bit(a, i), y = bit(b, i), m = bit(mask, i);
        pa += x;
        ab += x && y;
        a_not_b += x && !y;
        b_not_a += y && !x;
        a_not_b_masked += x && !y && m;
        masked.only_a += x && !y && m;
        masked.only_b += y && !x && m;
        masked.both += x && y && m;
      }
      EXPECT_EQ(popcount(a), pa);
      EXPECT_EQ(count_and(a, b), ab);
      EXPECT_EQ(count_and_not(a, b), a_not_b);
      EXPECT_EQ(count_and_not(b, a), b_not_a);
      EXPECT_EQ(count_and_not(a, b, mask), a_not_b_masked);
      EXPECT_EQ(diff_counts(a, b), (DiffCounts{a_not_b, b_not_a, ab}));
      EXPECT_EQ(diff_counts(a, b, mask), masked);
    }
  }
}

TEST(Diff, KnownSmallSets) {
  const std::vector<uint64_t> r = {0b1011, uint64_t{1} << 63};  // {0, 1, 3, 127}
  const std::vector<uint64_t> c = {0b0110, 0};                   // {1, 2}
  EXPECT_EQ(popcount(r), 4u);
  EXPECT_EQ(count_and_not(r, c), 3u);  // missing {0, 3, 127}
  EXPECT_EQ(count_and_not(c, r), 1u);  // extra {2}
  EXPECT_EQ(count_and(r, c), 1u);      // shared {1}
  EXPECT_EQ(diff_counts(r, c), (DiffCounts{3, 1, 1}));
  const std::vector<uint64_t> fields = {0b1110, 0};  // only nodes 1, 2, 3 count
  EXPECT_EQ(diff_counts(r, c, fields), (DiffCounts{1, 1, 1}));

  std::vector<uint64_t> missing(2);
  and_not(r, c, missing);
  EXPECT_EQ(missing[0], 0b1001u);
  EXPECT_EQ(missing[1], uint64_t{1} << 63);
  std::vector<size_t> members;
  for_each_set_bit(missing, [&](size_t i) { members.push_back(i); });
  EXPECT_EQ(members, (std::vector<size_t>{0, 3, 127}));
}

TEST(Diff, EmptySpansCountZero) {
  Words none;
  EXPECT_EQ(popcount(none), 0u);
  EXPECT_EQ(count_and(none, none), 0u);
  EXPECT_EQ(count_and_not(none, none), 0u);
  EXPECT_EQ(count_and_not(none, none, none), 0u);
  EXPECT_EQ(diff_counts(none, none), DiffCounts{});
  and_not(none, none, {});
  int calls = 0;
  for_each_set_bit(none, [&](size_t) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(Diff, CopyRowExtractsTheRootRow) {
  BitMatrix m(130);
  m.set(0, 1);
  m.set(0, 64);
  m.set(0, 129);
  m.set(1, 2);
  std::vector<uint64_t> root(m.row_words());
  copy_row(m.view(), 0, root);
  EXPECT_EQ(root, (std::vector<uint64_t>{2, 1, 2}));
  EXPECT_EQ(popcount(root), 3u);
  EXPECT_EQ(count_and(root, m.row(0)), 3u);
  EXPECT_EQ(count_and_not(root, m.row(1)), 3u);

  BitMatrix small(5);
  small.set(4, 0);
  std::vector<uint64_t> row(1);
  copy_row(small.view(), 4, row);
  EXPECT_EQ(row[0], 1u);
}

}  // namespace
}  // namespace gqleval::kernels
