#include "kernels/closure.h"

#include <bit>
#include <cassert>
#include <cstddef>

namespace gqleval::kernels {

namespace {

// Bits 0..b-1 of a word (b < 64).
constexpr uint64_t low_bits(size_t b) { return (uint64_t{1} << b) - 1; }

// row_i |= row_j over words [from, words). The rows never overlap (callers
// skip i == j), and saying so lets the compiler vectorise without alias
// checks. With kWidth > 0 (the stride, a compile-time constant for rows of
// 2..8 words) the whole stride is ORed instead, in a fully unrolled loop: the
// padding words are zero in both rows and the words below `from` are zero in
// row_j, so the result is the same.
template <size_t kWidth>
inline void or_row(uint64_t* __restrict row_i, const uint64_t* __restrict row_j, size_t from,
                   size_t words) {
  if constexpr (kWidth != 0) {
    for (size_t w = 0; w < kWidth; ++w) row_i[w] |= row_j[w];
  } else {
    for (size_t w = from; w < words; ++w) row_i[w] |= row_j[w];
  }
}

void set_diagonal(BitMatrixView& m) {
  for (size_t i = 0; i < m.size(); ++i) m.set(i, i);
}

// Warshall for n <= 64, where row i is the single word r[i]. The inner loop
// has no branch (the row of k is masked in or not), so it vectorises.
void warshall_one_word(uint64_t* r, size_t n) {
  for (size_t k = 0; k < n; ++k) {
    const uint64_t row_k = r[k];
    if (row_k == 0) continue;  // nothing to pass on (a leaf)
    for (size_t i = 0; i < n; ++i) {
      const uint64_t reaches_k = (r[i] >> k) & 1u;
      r[i] |= row_k & (0 - reaches_k);
    }
  }
}

// Warshall for rows of several words. (A compile-time row width, as the
// forward kernel uses, measured 40% slower here for 4-word rows.)
void warshall_words(BitMatrixView& m) {
  const size_t n = m.size();
  const size_t words = m.row_words();
  const size_t stride = m.stride();
  uint64_t* base = m.data();
  for (size_t k = 0; k < n; ++k) {
    const uint64_t* row_k = base + k * stride;
    uint64_t any = 0;
    for (size_t w = 0; w < words; ++w) any |= row_k[w];
    if (any == 0) continue;  // nothing to pass on (a leaf)
    const size_t k_word = k / kWordBits;
    const uint64_t k_bit = uint64_t{1} << (k % kWordBits);
    for (size_t i = 0; i < n; ++i) {
      uint64_t* row_i = base + i * stride;
      if ((row_i[k_word] & k_bit) != 0 && i != k) or_row<0>(row_i, row_k, 0, words);
    }
  }
}

// Forward closure for n <= 64. Rows after i are closed already; row i ORs in
// the rows of its successors. (Skipping successors that an ORed row already
// covers would save ORs on transitive edges, but it chains every step on a
// load; trees have almost no transitive edges, so the plain loop is faster.)
void forward_one_word(uint64_t* r, size_t n) {
  for (size_t i = n; i-- > 0;) {
    uint64_t row = r[i];
    uint64_t pending = i + 1 < kWordBits ? row & ~low_bits(i + 1) : 0;
    for (; pending != 0; pending &= pending - 1) row |= r[std::countr_zero(pending)];
    r[i] = row;
  }
}

// Forward closure for any n. Successors of row i are visited from the highest
// index down: ORing the row of j only adds bits above j, which were visited
// already, so each word is read once, before anything below it changes, and
// every original edge is followed exactly once. Row j has no bit below j, so
// the OR starts at word j / 64.
template <size_t kWidth>
void forward_words(BitMatrixView& m) {
  const size_t n = m.size();
  const size_t words = m.row_words();
  const size_t stride = m.stride();
  uint64_t* base = m.data();
  for (size_t i = n; i-- > 0;) {
    uint64_t* row_i = base + i * stride;
    const size_t first_word = i / kWordBits;
    for (size_t w = words; w-- > first_word;) {
      uint64_t pending = row_i[w];
      if (w == first_word) {
        const size_t b = i % kWordBits;
        pending = b + 1 < kWordBits ? pending & ~low_bits(b + 1) : 0;
      }
      while (pending != 0) {
        const size_t top = kWordBits - 1 - static_cast<size_t>(std::countl_zero(pending));
        pending &= ~(uint64_t{1} << top);
        const size_t j = w * kWordBits + top;
        or_row<kWidth>(row_i, base + j * stride, w, words);
      }
    }
  }
}

// Runs forward_words with kWidth = the stride for rows of 2, 4 or 8 words
// (10-30% faster there), and with the run-time width for longer rows.
void forward_by_width(BitMatrixView& m) {
  switch (m.stride()) {
    case 2: forward_words<2>(m); break;
    case 4: forward_words<4>(m); break;
    case 8: forward_words<8>(m); break;
    default: forward_words<0>(m); break;
  }
}

}  // namespace

bool is_forward_ordered(const BitMatrixView& m) {
  const size_t n = m.size();
  const size_t stride = m.stride();
  const uint64_t* base = m.data();
  if (stride == 1) {  // n <= 64: one branch-free pass
    uint64_t below = 0;
    for (size_t i = 0; i < n; ++i) below |= base[i] & low_bits(i);
    return below == 0;
  }
  for (size_t i = 0; i < n; ++i) {
    const uint64_t* row_i = base + i * stride;
    const size_t diag_word = i / kWordBits;
    uint64_t below = row_i[diag_word] & low_bits(i % kWordBits);
    for (size_t w = 0; w < diag_word; ++w) below |= row_i[w];
    if (below != 0) return false;
  }
  return true;
}

void transitive_closure(BitMatrixView m, ClosureMode mode) {
  if (is_forward_ordered(m)) {
    forward_closure(m, mode);
  } else {
    warshall_closure(m, mode);
  }
}

void warshall_closure(BitMatrixView m, ClosureMode mode) {
  if (m.row_words() == 1) {
    warshall_one_word(m.data(), m.size());
  } else {
    warshall_words(m);
  }
  if (mode == ClosureMode::kReflexive) set_diagonal(m);
}

void forward_closure(BitMatrixView m, ClosureMode mode) {
  assert(is_forward_ordered(m));
  if (m.row_words() == 1) {
    forward_one_word(m.data(), m.size());
  } else {
    forward_by_width(m);
  }
  if (mode == ClosureMode::kReflexive) set_diagonal(m);
}

}  // namespace gqleval::kernels
