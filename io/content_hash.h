// Content hashes: XXH3 (Debian's libxxhash), for the provenance of a run (the
// input and the rules file, so that a summary names the exact bytes it was
// made from) and for the stable key of a row that has no id.
//
// The 128-bit form is printed as `xxh128:` and 32 hex digits in XXH3's
// canonical (big-endian) order, the digits `xxhsum -H2 FILE` prints, so a user
// can check a summary against a file without gqleval. XXH3 runs at memory
// speed (tens of GB/s), so hashing a whole input costs far less than reading
// it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace gqleval::io {

// A 128-bit hash fed in pieces (a file as its shards are done).
class ContentHasher {
 public:
  ContentHasher();
  ContentHasher(ContentHasher&&) noexcept;
  ContentHasher& operator=(ContentHasher&&) noexcept;
  ~ContentHasher();

  void update(std::string_view bytes);
  // "xxh128:<32 hex digits>" of everything fed so far.
  std::string digest() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// "xxh128:<32 hex digits>" of bytes.
std::string xxh128_digest(std::string_view bytes);

// XXH3's 64-bit hash, chained through `seed` (hash64(b, hash64(a)) hashes a
// then b, each piece's length mixed in by XXH3): the hash of input bytes
// (row ids, reference_hash, a schema's content key), whose values results
// carry. Normal trees hash with engine/base/hash.h, whose values their
// identities carry.
uint64_t hash64(std::string_view bytes, uint64_t seed = 0);

}  // namespace gqleval::io
