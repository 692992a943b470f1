#include "kernels/hash.h"

#include <cstring>

namespace gqleval::kernels {

namespace {

__extension__ typedef unsigned __int128 uint128_t;

// The 128-bit product of a and b, folded to 64 bits. Each output bit depends
// on many bits of both inputs; the multiply is the only costly operation.
inline uint64_t fold_multiply(uint64_t a, uint64_t b) {
  const uint128_t product = static_cast<uint128_t>(a) * b;
  return static_cast<uint64_t>(product) ^ static_cast<uint64_t>(product >> 64);
}

// Unaligned little-endian loads (memcpy compiles to a single mov).
inline uint64_t load64(const unsigned char* p) {
  uint64_t v;
  std::memcpy(&v, p, sizeof(v));
  return v;
}
inline uint64_t load32(const unsigned char* p) {
  uint32_t v;
  std::memcpy(&v, p, sizeof(v));
  return v;
}

}  // namespace

uint64_t hash_bytes(const void* data, size_t len, uint64_t seed) {
  const auto* p = static_cast<const unsigned char*>(data);
  uint64_t state = seed ^ fold_multiply(seed ^ kHashK0, kHashK1);
  // The last (up to) 16 bytes, as two words a and b. Short inputs read them
  // with overlapping loads, which cover every byte exactly as a function of
  // len; len itself enters at the end, so "a" and "a\0" differ.
  uint64_t a = 0;
  uint64_t b = 0;
  if (len <= 16) {
    if (len >= 8) {
      a = load64(p);
      b = load64(p + len - 8);
    } else if (len >= 4) {
      a = load32(p);
      b = load32(p + len - 4);
    } else if (len > 0) {
      a = (uint64_t{p[0]} << 16) | (uint64_t{p[len / 2]} << 8) | p[len - 1];
    }
  } else {
    size_t left = len;
    if (left > 32) {
      // Two independent lanes, so the multiplies of one overlap the other's.
      uint64_t other = state ^ kHashK3;
      do {
        state = fold_multiply(load64(p) ^ kHashK1, load64(p + 8) ^ state);
        other = fold_multiply(load64(p + 16) ^ kHashK2, load64(p + 24) ^ other);
        p += 32;
        left -= 32;
      } while (left > 32);
      state ^= other;
    }
    if (left > 16) {
      state = fold_multiply(load64(p) ^ kHashK1, load64(p + 8) ^ state);
      p += 16;
      left -= 16;
    }
    // 1..16 bytes remain; read the 16 bytes ending at the end of the input
    // (len > 16, so they exist), overlapping bytes already consumed.
    a = load64(p + left - 16);
    b = load64(p + left - 8);
  }
  state = fold_multiply(a ^ kHashK2, b ^ state ^ kHashK3);
  return hash_u64(state ^ (static_cast<uint64_t>(len) * kHashK1));
}

}  // namespace gqleval::kernels
