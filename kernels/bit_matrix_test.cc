#include "kernels/bit_matrix.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

namespace gqleval::kernels {
namespace {

TEST(BitMatrixLayout, StrideKeepsSmallRowsInsideOneCacheLine) {
  EXPECT_EQ(words_for_bits(0), 0u);
  EXPECT_EQ(words_for_bits(1), 1u);
  EXPECT_EQ(words_for_bits(64), 1u);
  EXPECT_EQ(words_for_bits(65), 2u);
  EXPECT_EQ(row_stride_words(0), 1u);
  EXPECT_EQ(row_stride_words(5), 1u);
  EXPECT_EQ(row_stride_words(64), 1u);
  EXPECT_EQ(row_stride_words(65), 2u);
  EXPECT_EQ(row_stride_words(129), 4u);   // 3 words -> 4
  EXPECT_EQ(row_stride_words(300), 8u);   // 5 words -> 8
  EXPECT_EQ(row_stride_words(512), 8u);
  EXPECT_EQ(row_stride_words(513), 16u);  // 9 words -> 16
  EXPECT_EQ(row_stride_words(4096), 64u);
  EXPECT_EQ(row_stride_words(4097), 72u);
  EXPECT_EQ(matrix_words(0), 0u);
  EXPECT_EQ(matrix_words(60), 60u);
  EXPECT_EQ(matrix_words(300), 2400u);
}

TEST(BitMatrix, SetTestClearAddressTheRightWordAndBit) {
  BitMatrix m(130);
  ASSERT_EQ(m.size(), 130u);
  ASSERT_EQ(m.row_words(), 3u);
  ASSERT_EQ(m.stride(), 4u);
  m.set(0, 0);
  m.set(2, 64);
  m.set(129, 129);
  m.set(129, 63);
  EXPECT_TRUE(m.test(0, 0));
  EXPECT_TRUE(m.test(2, 64));
  EXPECT_TRUE(m.test(129, 129));
  EXPECT_FALSE(m.test(0, 1));
  EXPECT_FALSE(m.test(1, 0));
  EXPECT_FALSE(m.test(64, 2));
  EXPECT_EQ(m.row(0)[0], 1u);
  EXPECT_EQ(m.row(2)[1], 1u);
  EXPECT_EQ(m.row(129)[2], uint64_t{1} << 1);
  EXPECT_EQ(m.row(129)[0], uint64_t{1} << 63);
  // Row i starts at word i * stride of the storage.
  EXPECT_EQ(m.row(2).data(), m.view().data() + 8);
  m.clear(129, 63);
  EXPECT_FALSE(m.test(129, 63));
  EXPECT_TRUE(m.test(129, 129));
  m.clear();
  for (size_t i = 0; i < m.size(); ++i) {
    for (uint64_t w : m.row(i)) EXPECT_EQ(w, 0u);
  }
}

TEST(BitMatrix, OneWordRowsArePackedBackToBack) {
  BitMatrix m(40);
  EXPECT_EQ(m.stride(), 1u);
  EXPECT_EQ(m.row_words(), 1u);
  m.set(3, 39);
  EXPECT_EQ(m.view().data()[3], uint64_t{1} << 39);
  EXPECT_EQ(m.row(3).size(), 1u);
}

TEST(BitMatrix, StorageIsCacheLineAligned) {
  for (size_t n : {1u, 63u, 65u, 300u, 4096u}) {
    BitMatrix m(n);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(m.view().data()) % 64, 0u) << "n=" << n;
  }
}

TEST(BitMatrix, ResetReusesTheBufferAndZeroesIt) {
  BitMatrix m;
  EXPECT_EQ(m.capacity_words(), 0u);
  EXPECT_TRUE(m.empty());
  m.reset(300);
  const uint64_t* first = m.view().data();
  const size_t capacity = m.capacity_words();
  EXPECT_EQ(capacity, matrix_words(300));
  m.set(299, 299);
  m.set(5, 7);
  // Smaller and equal sizes reuse the buffer, and every bit is zero again.
  for (size_t n : {10u, 64u, 65u, 300u, 0u, 129u}) {
    m.reset(n);
    EXPECT_EQ(m.view().data(), first) << "n=" << n;
    EXPECT_EQ(m.capacity_words(), capacity);
    EXPECT_EQ(m.size(), n);
    for (size_t i = 0; i < n; ++i) {
      for (uint64_t w : m.row(i)) ASSERT_EQ(w, 0u) << "n=" << n << " row " << i;
    }
    if (n > 7) m.set(n - 1, 7);
  }
  // Growth is geometric: a slightly larger matrix gets room to spare.
  m.reset(310);
  EXPECT_GE(m.capacity_words(), capacity + capacity / 2);
}

TEST(BitMatrix, MoveTransfersTheBuffer) {
  BitMatrix a(70);
  a.set(69, 1);
  const uint64_t* storage = a.view().data();
  BitMatrix b(std::move(a));
  EXPECT_EQ(b.view().data(), storage);
  EXPECT_TRUE(b.test(69, 1));
  EXPECT_EQ(a.size(), 0u);  // NOLINT(bugprone-use-after-move): moved-from is empty
  EXPECT_EQ(a.capacity_words(), 0u);
  BitMatrix c(3);
  c = std::move(b);
  EXPECT_EQ(c.view().data(), storage);
  EXPECT_EQ(c.size(), 70u);
  a.reset(4);  // a moved-from matrix is usable again
  a.set(3, 3);
  EXPECT_TRUE(a.test(3, 3));
}

TEST(BitMatrixView, WorksOverCallerWords) {
  std::vector<uint64_t> words(matrix_words(100), ~uint64_t{0});
  BitMatrixView v(words.data(), 100);
  v.clear();
  for (uint64_t w : words) EXPECT_EQ(w, 0u);
  v.set(99, 98);
  EXPECT_TRUE(v.test(99, 98));
  EXPECT_EQ(words[99 * 2 + 1], uint64_t{1} << (98 - 64));
  // Copying a view copies the pointer: both see the same bits.
  BitMatrixView copy = v;
  copy.set(0, 0);
  EXPECT_TRUE(v.test(0, 0));
  EXPECT_EQ(words[0], 1u);
}

TEST(BitMatrixView, ZeroNodesIsAnEmptyMatrix) {
  BitMatrixView v(nullptr, 0);
  EXPECT_TRUE(v.empty());
  EXPECT_EQ(v.row_words(), 0u);
  v.clear();  // touches nothing
  BitMatrix m(0);
  EXPECT_TRUE(m.empty());
  EXPECT_EQ(m.capacity_words(), 0u);
}

}  // namespace
}  // namespace gqleval::kernels
