#include "io/content_hash.h"

#include <gtest/gtest.h>

namespace gqleval::io {
namespace {

// The digests `xxhsum -H2` prints for these bytes (xxhash 0.8.1), so that a
// summary's hash can be checked with that tool.
TEST(ContentHash, MatchesXxhsum) {
  EXPECT_EQ(xxh128_digest(""), "xxh128:99aa06d3014798d86001c324468d497f");
  EXPECT_EQ(xxh128_digest("abc\n"), "xxh128:158bbebef0c159c99914d27c01087efa");
}

TEST(ContentHash, PiecesHashLikeTheWhole) {
  const std::string text = "schema,reference,candidate\n" + std::string(10000, 'x') + "\n";
  ContentHasher h;
  h.update(std::string_view(text).substr(0, 7));
  h.update(std::string_view(text).substr(7, 4000));
  h.update(std::string_view(text).substr(4007));
  EXPECT_EQ(h.digest(), xxh128_digest(text));
  ContentHasher empty;
  EXPECT_EQ(empty.digest(), xxh128_digest(""));
}

// ContentHasher may take another code path than xxh128_digest (AVX2 where the
// CPU has it): every length around XXH3's internal sizes (16, 128, 240 bytes,
// 64-byte stripes, 1,024-byte blocks, the 256-byte buffer), fed in uneven
// pieces, must give the library's digest.
TEST(ContentHash, StreamingMatchesTheLibraryAtEveryBoundary) {
  std::string text(70000, '\0');
  uint64_t x = 88172645463325252ULL;
  for (char& c : text) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    c = static_cast<char>(x);
  }
  const size_t sizes[] = {0,   1,   15,   16,   17,   127,  128,  129,  239,  240,   241,  255,
                          256, 257, 1023, 1024, 1025, 2048, 4095, 4096, 4097, 65537, 70000};
  for (size_t size : sizes) {
    const std::string_view whole = std::string_view(text).substr(0, size);
    ContentHasher h;
    for (size_t at = 0, piece = 1; at < size; at += piece, piece = piece * 3 + 1) {
      h.update(whole.substr(at, piece));
    }
    EXPECT_EQ(h.digest(), xxh128_digest(whole)) << size << " bytes";
  }
}

TEST(ContentHash, Hash64ChainsPieces) {
  EXPECT_NE(hash64("ab", hash64("c")), hash64("a", hash64("bc")));
  EXPECT_EQ(hash64("a", 7), hash64("a", 7));
  EXPECT_NE(hash64("a", 7), hash64("a", 8));
}

}  // namespace
}  // namespace gqleval::io
