// BitMatrix: a square n x n bit matrix (an adjacency or reachability relation
// over n nodes), stored row-major as 64-bit words. Bit (i, j) is bit j % 64 of
// word j / 64 of row i.
//
// Layout. A row holds row_words() = ceil(n / 64) words; rows are placed
// stride() words apart. Rows of up to 8 words get a power-of-two stride, so no
// row straddles a 64-byte cache line (for n <= 64 the stride is one word and
// the whole matrix is n consecutive words); longer rows get a stride that is a
// multiple of 8 words, so every row starts on a cache line. The bits of a row
// past column n (the padding) are always zero: every operation here and in
// closure.h keeps them zero, so whole-row popcounts need no masking.
//
// Two types share this layout:
//  - BitMatrixView: a non-owning view over caller-provided words (e.g. from a
//    per-worker arena). It never allocates. Like std::span, copying a view
//    copies the pointer, not the bits.
//  - BitMatrix: owns 64-byte aligned storage. reset(n) reuses the buffer and
//    only grows it, so a worker that reuses one BitMatrix per record does no
//    heap allocation in the steady state.
//
// Costs: test/set/clear of one bit are O(1) with no branches; clear() and
// reset(n) write n * stride() words. Indices are checked with assert only.
#pragma once

#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <span>

namespace gqleval::kernels {

inline constexpr size_t kWordBits = 64;

// Words needed to hold `bits` bits.
constexpr size_t words_for_bits(size_t bits) { return (bits + kWordBits - 1) / kWordBits; }

// Distance in words between consecutive rows of an n-node matrix (see Layout).
constexpr size_t row_stride_words(size_t n) {
  size_t words = words_for_bits(n);
  if (words <= 8) return std::bit_ceil(words);  // bit_ceil(0) == 1: a harmless minimum
  return (words + 7) / 8 * 8;
}

// Words of storage an n-node matrix needs.
constexpr size_t matrix_words(size_t n) { return n * row_stride_words(n); }

class BitMatrixView {
 public:
  BitMatrixView() = default;
  // A view of an n-node matrix over `words`, which must hold matrix_words(n)
  // words and must already be zero in the padding (call clear() if unsure).
  BitMatrixView(uint64_t* words, size_t n)
      : words_(words), n_(n), row_words_(words_for_bits(n)), stride_(row_stride_words(n)) {}

  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  size_t row_words() const { return row_words_; }
  size_t stride() const { return stride_; }
  uint64_t* data() { return words_; }
  const uint64_t* data() const { return words_; }

  bool test(size_t i, size_t j) const {
    assert(i < n_ && j < n_);
    return (words_[i * stride_ + j / kWordBits] >> (j % kWordBits)) & 1u;
  }
  void set(size_t i, size_t j) {
    assert(i < n_ && j < n_);
    words_[i * stride_ + j / kWordBits] |= uint64_t{1} << (j % kWordBits);
  }
  void clear(size_t i, size_t j) {
    assert(i < n_ && j < n_);
    words_[i * stride_ + j / kWordBits] &= ~(uint64_t{1} << (j % kWordBits));
  }

  // The row_words() words of row i (not the stride padding).
  std::span<uint64_t> row(size_t i) {
    assert(i < n_);
    return {words_ + i * stride_, row_words_};
  }
  std::span<const uint64_t> row(size_t i) const {
    assert(i < n_);
    return {words_ + i * stride_, row_words_};
  }

  // Zeroes every bit (rows and padding).
  void clear();

 private:
  uint64_t* words_ = nullptr;
  size_t n_ = 0;
  size_t row_words_ = 0;
  size_t stride_ = 1;
};

class BitMatrix {
 public:
  BitMatrix() = default;
  explicit BitMatrix(size_t n) { reset(n); }
  BitMatrix(const BitMatrix&) = delete;
  BitMatrix& operator=(const BitMatrix&) = delete;
  BitMatrix(BitMatrix&& other) noexcept;
  BitMatrix& operator=(BitMatrix&& other) noexcept;
  ~BitMatrix();

  // Makes this an n x n zero matrix. Allocates only when matrix_words(n)
  // exceeds capacity_words(); the buffer never shrinks.
  void reset(size_t n);
  size_t capacity_words() const { return capacity_; }

  // A view of the current matrix; valid until the next reset() or move.
  BitMatrixView view() { return view_; }
  const BitMatrixView& view() const { return view_; }

  size_t size() const { return view_.size(); }
  bool empty() const { return view_.empty(); }
  size_t row_words() const { return view_.row_words(); }
  size_t stride() const { return view_.stride(); }
  bool test(size_t i, size_t j) const { return view_.test(i, j); }
  void set(size_t i, size_t j) { view_.set(i, j); }
  void clear(size_t i, size_t j) { view_.clear(i, j); }
  std::span<uint64_t> row(size_t i) { return view_.row(i); }
  std::span<const uint64_t> row(size_t i) const { return view_.row(i); }
  void clear() { view_.clear(); }

 private:
  uint64_t* storage_ = nullptr;  // 64-byte aligned, capacity_ words
  size_t capacity_ = 0;
  BitMatrixView view_;
};

}  // namespace gqleval::kernels
