// SeededRandom: a tiny deterministic pseudo-random generator (splitmix64) for
// the query rewriter and the dataset generator. The same seed gives the same
// sequence on every platform and standard library, which std::shuffle and the
// std distributions do not promise. Not for cryptography; constant time per
// draw, no allocation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>

namespace gqleval::rewrite {

class SeededRandom {
 public:
  explicit SeededRandom(uint64_t seed) : state_(seed) {}

  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

  // A number in [0, n); n must be positive. Multiply-shift: the bias is below
  // 2^-32 for the small n used here, and the result is platform-independent.
  uint32_t below(uint32_t n) {
    return static_cast<uint32_t>(((next() >> 32) * static_cast<uint64_t>(n)) >> 32);
  }

  // An index into a container of n elements: a number in [0, n), 0 when n
  // is 0.
  size_t index(size_t n) { return n == 0 ? 0 : below(static_cast<uint32_t>(n)); }

  // True with the given probability in percent.
  bool chance(uint32_t percent) { return below(100) < percent; }

  // Fisher-Yates.
  template <class T>
  void shuffle(std::span<T> items) {
    for (size_t i = items.size(); i > 1; --i) {
      const size_t j = below(static_cast<uint32_t>(i));
      std::swap(items[i - 1], items[j]);
    }
  }

 private:
  uint64_t state_;
};

}  // namespace gqleval::rewrite
