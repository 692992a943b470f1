// Set arithmetic on bit sets stored as spans of 64-bit words: counts of
// A & ~B (missing / extra nodes), A & B (shared nodes), all three in one pass,
// and the row of a matrix as a bit set (the nodes a root reaches).
//
// The two spans of a binary operation must have the same length (asserted).
// Each function makes one pass over the words, allocates nothing, and counts
// with std::popcount: a build with -mpopcnt (or a -march that has it) uses the
// POPCNT instruction; a plain x86-64 build calls the compiler's portable
// bit-twiddling routine instead (correct, a few times slower).
#pragma once

#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <span>

#include "kernels/bit_matrix.h"

namespace gqleval::kernels {

using Words = std::span<const uint64_t>;

// |A|
size_t popcount(Words a);
// |A & B|
size_t count_and(Words a, Words b);
// |A & ~B|: the members of A missing from B.
size_t count_and_not(Words a, Words b);
// |A & ~B & M|: as above, counting only members of the mask M (e.g. field nodes).
size_t count_and_not(Words a, Words b, Words mask);

// The three parts of two sets, from one pass over both.
struct DiffCounts {
  size_t only_a = 0;  // |A & ~B|
  size_t only_b = 0;  // |B & ~A|
  size_t both = 0;    // |A & B|
  friend bool operator==(const DiffCounts&, const DiffCounts&) = default;
};
DiffCounts diff_counts(Words a, Words b);
// As above, counting only members of the mask M.
DiffCounts diff_counts(Words a, Words b, Words mask);

// out = A & ~B (e.g. the missing nodes, for an explanation).
void and_not(Words a, Words b, std::span<uint64_t> out);

// Copies row r of m (the set of nodes r reaches) into out, which must hold
// m.row_words() words. m.row(r) gives the same set without a copy.
void copy_row(const BitMatrixView& m, size_t r, std::span<uint64_t> out);

// Calls f(index) for every set bit, in increasing order.
template <class F>
void for_each_set_bit(Words a, F&& f) {
  for (size_t w = 0; w < a.size(); ++w) {
    for (uint64_t bits = a[w]; bits != 0; bits &= bits - 1) {
      f(w * kWordBits + static_cast<size_t>(std::countr_zero(bits)));
    }
  }
}

}  // namespace gqleval::kernels
