// The engine's hash of what it builds: hash_bytes for a byte string, mix64 for
// a word and an order-sensitive hash_combine. Its values give every node of a
// normal tree its identity (its key and its parent chain), which the scorer
// interns, and order sibling subtrees while variable symbols are numbered; the
// schema cache finds its texts by it too. The input's bytes are hashed by
// io/content_hash.h's hash64 (XXH3) instead: row ids, reference_hash and a
// schema's content key are written into results, so its values are pinned
// there, as these are pinned in normal forms; neither can take the other's
// place without changing one of the two.
//
// Guarantees: deterministic across runs, processes and little-endian machines
// (no seeding, no std::hash); the values are pinned by hash_test.cc, because
// they decide node identities and symbol numbering. Not cryptographic and not
// for adversarial keys: a table keyed by a hash must confirm a hit by
// comparing the keys themselves.
//
// Cost: one serial splitmix round per 8 bytes (about 1.5 GB/s), tuned for the
// short keys of normal trees; everything is inline and allocates nothing.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace gqleval {

// The splitmix64 finaliser: a bijective avalanche on 64 bits.
inline uint64_t mix64(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

namespace hash_detail {
// The last n (1 to 7) bytes as a little-endian word, upper bytes zero: the
// value a memcpy into a zeroed word gives on x86-64, read with two overlapping
// fixed-size loads instead of a call (the overlapping bytes agree, so OR is
// exact).
inline uint64_t tail_bytes(const char* p, size_t n) {
  if (n >= 4) {
    uint32_t lo, hi;
    std::memcpy(&lo, p, 4);
    std::memcpy(&hi, p + n - 4, 4);
    return uint64_t{lo} | (uint64_t{hi} << (8 * (n - 4)));
  }
  const auto b = [p](size_t k) { return uint64_t{static_cast<unsigned char>(p[k])}; };
  if (n == 1) return b(0);
  if (n == 2) return b(0) | (b(1) << 8);
  return b(0) | (b(1) << 8) | (b(2) << 16);
}
}  // namespace hash_detail

// Hash of a byte string, 8 bytes per step.
inline uint64_t hash_bytes(std::string_view s, uint64_t seed = 0x9e3779b97f4a7c15ULL) {
  uint64_t h = seed ^ (s.size() * 0xff51afd7ed558ccdULL);
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    h = mix64(h ^ w) + 0x9e3779b97f4a7c15ULL;
  }
  if (i < s.size()) {
    h = mix64(h ^ hash_detail::tail_bytes(s.data() + i, s.size() - i) ^ 0x5bd1e995ULL);
  }
  return mix64(h);
}

// Order-sensitive combination: combine(a, b) != combine(b, a) in general.
inline uint64_t hash_combine(uint64_t a, uint64_t b) {
  return mix64(a * 0x9e3779b97f4a7c15ULL + b + 0x632be59bd9b4e019ULL);
}

}  // namespace gqleval
