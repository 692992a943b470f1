#include "kernels/diff.h"

#include <algorithm>

namespace gqleval::kernels {

namespace {

inline size_t count(uint64_t w) { return static_cast<size_t>(std::popcount(w)); }

}  // namespace

size_t popcount(Words a) {
  size_t total = 0;
  for (uint64_t w : a) total += count(w);
  return total;
}

size_t count_and(Words a, Words b) {
  assert(a.size() == b.size());
  size_t total = 0;
  for (size_t w = 0; w < a.size(); ++w) total += count(a[w] & b[w]);
  return total;
}

size_t count_and_not(Words a, Words b) {
  assert(a.size() == b.size());
  size_t total = 0;
  for (size_t w = 0; w < a.size(); ++w) total += count(a[w] & ~b[w]);
  return total;
}

size_t count_and_not(Words a, Words b, Words mask) {
  assert(a.size() == b.size() && a.size() == mask.size());
  size_t total = 0;
  for (size_t w = 0; w < a.size(); ++w) total += count(a[w] & ~b[w] & mask[w]);
  return total;
}

DiffCounts diff_counts(Words a, Words b) {
  assert(a.size() == b.size());
  DiffCounts d;
  for (size_t w = 0; w < a.size(); ++w) {
    d.only_a += count(a[w] & ~b[w]);
    d.only_b += count(b[w] & ~a[w]);
    d.both += count(a[w] & b[w]);
  }
  return d;
}

DiffCounts diff_counts(Words a, Words b, Words mask) {
  assert(a.size() == b.size() && a.size() == mask.size());
  DiffCounts d;
  for (size_t w = 0; w < a.size(); ++w) {
    const uint64_t x = a[w] & mask[w];
    const uint64_t y = b[w] & mask[w];
    d.only_a += count(x & ~y);
    d.only_b += count(y & ~x);
    d.both += count(x & y);
  }
  return d;
}

void and_not(Words a, Words b, std::span<uint64_t> out) {
  assert(a.size() == b.size() && a.size() == out.size());
  for (size_t w = 0; w < a.size(); ++w) out[w] = a[w] & ~b[w];
}

void copy_row(const BitMatrixView& m, size_t r, std::span<uint64_t> out) {
  Words row = m.row(r);
  assert(out.size() == row.size());
  std::copy(row.begin(), row.end(), out.begin());
}

}  // namespace gqleval::kernels
