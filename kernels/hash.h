// Fast 64-bit non-cryptographic hashing for schema caching and node interning.
//
//  - hash_bytes / hash_string: any byte string. The core step multiplies two
//    64-bit words into a 128-bit product and folds it (high XOR low), which
//    mixes every input bit into every output bit; inputs of more than 32 bytes
//    run two such lanes side by side. About 16 bytes per few cycles, no table.
//  - hash_u64: a bijective avalanche of one word (xor-shift and multiply
//    rounds): distinct inputs never collide.
//  - hash_combine: folds a value into a running hash; for a fixed seed distinct
//    values never collide, and the order of the values matters.
//
// Guarantees: deterministic across runs and processes; the same values on
// every little-endian machine. Not for adversarial keys (inputs can be built
// that collide), so a cache keyed by a hash must confirm a hit by comparing
// the keys themselves. Never use these values for security.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace gqleval::kernels {

// Odd "nothing up my sleeve" constants: the fractional parts of the square
// roots of the primes 3, 5, 7 and 11 (as in the SHA-512 initial values).
inline constexpr uint64_t kHashK0 = 0xBB67AE8584CAA73Bull;
inline constexpr uint64_t kHashK1 = 0x3C6EF372FE94F82Bull;
inline constexpr uint64_t kHashK2 = 0xA54FF53A5F1D36F1ull;
inline constexpr uint64_t kHashK3 = 0x510E527FADE682D1ull;

// Hashes len bytes at data; seed selects an independent hash function.
uint64_t hash_bytes(const void* data, size_t len, uint64_t seed = 0);

inline uint64_t hash_string(std::string_view s, uint64_t seed = 0) {
  return hash_bytes(s.data(), s.size(), seed);
}

// Bijective: every output bit depends on every input bit. The added constant
// keeps 0 from being a fixed point (else hash_combine(0, 0) would be 0).
constexpr uint64_t hash_u64(uint64_t x) {
  x += kHashK3;
  x ^= x >> 32;
  x *= kHashK0;
  x ^= x >> 29;
  x *= kHashK2;
  x ^= x >> 32;
  return x;
}

// The running hash after appending value to what seed summarises.
// seed * K1 + value is one-to-one in value (and in seed, as K1 is odd);
// hash_u64 keeps it so and spreads it.
constexpr uint64_t hash_combine(uint64_t seed, uint64_t value) {
  return hash_u64(seed * kHashK1 + value);
}

// A transparent hasher for std::unordered_map<std::string, T, StringHash,
// std::equal_to<>>, so lookups by std::string_view need no std::string.
struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return static_cast<size_t>(hash_string(s)); }
};

}  // namespace gqleval::kernels
