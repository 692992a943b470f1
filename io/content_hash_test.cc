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

TEST(ContentHash, Hash64ChainsPieces) {
  EXPECT_NE(hash64("ab", hash64("c")), hash64("a", hash64("bc")));
  EXPECT_EQ(hash64("a", 7), hash64("a", 7));
  EXPECT_NE(hash64("a", 7), hash64("a", 8));
}

}  // namespace
}  // namespace gqleval::io
