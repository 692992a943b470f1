// Hashing for normal-form identities: a fast 64-bit hash of a byte string and
// an order-sensitive combiner. Not cryptographic; used to give every node of a
// normal tree a 64-bit identity (its key and its parent chain) that the scorer
// interns, and to order sibling subtrees while numbering variable symbols.
// Deterministic across runs and platforms (no seeding, no std::hash).
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace gqleval::normalize {

// The splitmix64 finaliser: a bijective avalanche on 64 bits.
inline uint64_t mix64(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

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
    uint64_t w = 0;
    std::memcpy(&w, s.data() + i, s.size() - i);
    h = mix64(h ^ w ^ 0x5bd1e995ULL);
  }
  return mix64(h);
}

// Order-sensitive combination: combine(a, b) != combine(b, a) in general.
inline uint64_t hash_combine(uint64_t a, uint64_t b) {
  return mix64(a * 0x9e3779b97f4a7c15ULL + b + 0x632be59bd9b4e019ULL);
}

}  // namespace gqleval::normalize
