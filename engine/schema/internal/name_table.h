// NameTable: an open-addressing hash table from (scope, name) to a dense id, the
// lookup structure behind Schema's by-name queries. The scope is a type id for
// members (fields, input fields, enum values) and kNoScope for top-level names
// (types, directives), so one table answers "field `name` of type 7" with a
// single hash of the name and no per-type containers.
//
// Guarantees: find() never allocates; the table is filled once, then read-only
// and safe to share between threads. The names are not copied: their storage
// must outlive the table. Cost: at most half the slots are used, so a lookup
// compares one slot most of the time; a slot is 24 bytes.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace gqleval::schema {

namespace name_table_detail {
inline uint64_t load64(const char* p) {
  uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}
inline uint32_t load32(const char* p) {
  uint32_t w;
  std::memcpy(&w, p, 4);
  return w;
}
// The last 1 to 7 bytes as one word, with fixed-size loads only (overlapping
// loads for 4 to 7 bytes, three sampled bytes below that, as wyhash does).
inline uint64_t tail_word(const char* p, size_t n) {
  if (n >= 4) return (uint64_t{load32(p)} << 32) | load32(p + n - 4);
  return (uint64_t{static_cast<unsigned char>(p[0])} << 16) |
         (uint64_t{static_cast<unsigned char>(p[n >> 1])} << 8) |
         static_cast<unsigned char>(p[n - 1]);
}
}  // namespace name_table_detail

// A 64-bit hash of a short name: one multiply per 8-byte word, then a final mix.
inline uint64_t hash_name(std::string_view s) {
  using name_table_detail::load64;
  constexpr uint64_t kMul = 0x9E3779B97F4A7C15ull;
  const char* p = s.data();
  size_t n = s.size();
  uint64_t h = (n + 1) * kMul;
  while (n > 8) {
    h = (h ^ load64(p)) * kMul;
    h ^= h >> 29;
    p += 8;
    n -= 8;
  }
  if (n == 8) {
    h = (h ^ load64(p)) * kMul;
  } else if (n > 0) {
    h = (h ^ name_table_detail::tail_word(p, n)) * kMul;
  }
  h ^= h >> 32;
  h *= 0xD6E8FEB86659FD93ull;
  h ^= h >> 32;
  return h;
}

// Byte equality of two names of length n, with word loads instead of a call.
inline bool same_name_bytes(const char* a, const char* b, size_t n) {
  using name_table_detail::load32;
  using name_table_detail::load64;
  if (n >= 8) {
    for (size_t i = 0; i + 8 <= n; i += 8) {
      if (load64(a + i) != load64(b + i)) return false;
    }
    return load64(a + n - 8) == load64(b + n - 8);
  }
  if (n >= 4) return load32(a) == load32(b) && load32(a + n - 4) == load32(b + n - 4);
  for (size_t i = 0; i < n; ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

class NameTable {
 public:
  static constexpr uint32_t kNoScope = UINT32_MAX;
  static constexpr uint32_t kMissing = UINT32_MAX;

  // Sizes the table for `count` entries; forgets earlier entries.
  void reserve(size_t count);
  // Adds (scope, name) -> value. A pair that is already present keeps its first value.
  void insert(uint32_t scope, std::string_view name, uint32_t value);

  uint32_t find(uint32_t scope, std::string_view name) const {
    if (slots_.empty()) return kMissing;
    uint64_t h = hash_name(name);
    uint32_t tag = static_cast<uint32_t>(h);
    for (uint64_t i = slot_of(h, scope);; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (s.data == nullptr) return kMissing;
      if (s.tag == tag && s.scope == scope && s.size == name.size() &&
          same_name_bytes(s.data, name.data(), name.size())) {
        return s.value;
      }
    }
  }

  size_t size() const { return count_; }

 private:
  struct Slot {
    const char* data = nullptr;  // nullptr marks an empty slot
    uint32_t size = 0;
    uint32_t tag = 0;  // low bits of the name's hash, to skip most mismatches cheaply
    uint32_t scope = 0;
    uint32_t value = 0;
  };
  uint64_t slot_of(uint64_t h, uint32_t scope) const {
    return ((h >> 32) ^ static_cast<uint32_t>(scope * 0x9E3779B9u)) & mask_;  // 32-bit product
  }
  void grow();

  std::vector<Slot> slots_;
  uint64_t mask_ = 0;
  size_t count_ = 0;
};

}  // namespace gqleval::schema
