#include "kernels/bit_matrix.h"

#include <cstring>
#include <new>
#include <utility>

namespace gqleval::kernels {

namespace {

constexpr std::align_val_t kCacheLine{64};

void free_words(uint64_t* words) {
  if (words != nullptr) ::operator delete[](words, kCacheLine);
}

}  // namespace

void BitMatrixView::clear() {
  if (n_ != 0) std::memset(words_, 0, matrix_words(n_) * sizeof(uint64_t));
}

BitMatrix::BitMatrix(BitMatrix&& other) noexcept
    : storage_(std::exchange(other.storage_, nullptr)),
      capacity_(std::exchange(other.capacity_, 0)),
      view_(std::exchange(other.view_, BitMatrixView())) {}

BitMatrix& BitMatrix::operator=(BitMatrix&& other) noexcept {
  if (this != &other) {
    free_words(storage_);
    storage_ = std::exchange(other.storage_, nullptr);
    capacity_ = std::exchange(other.capacity_, 0);
    view_ = std::exchange(other.view_, BitMatrixView());
  }
  return *this;
}

BitMatrix::~BitMatrix() { free_words(storage_); }

void BitMatrix::reset(size_t n) {
  size_t needed = matrix_words(n);
  if (needed > capacity_) {
    // Grow geometrically so that a slowly rising record size reallocates
    // O(log) times, then never again.
    size_t grown = capacity_ + capacity_ / 2;
    size_t capacity = needed > grown ? needed : grown;
    free_words(storage_);
    storage_ = static_cast<uint64_t*>(::operator new[](capacity * sizeof(uint64_t), kCacheLine));
    capacity_ = capacity;
  }
  view_ = BitMatrixView(storage_, n);
  view_.clear();
}

}  // namespace gqleval::kernels
