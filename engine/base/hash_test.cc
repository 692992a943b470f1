#include "engine/base/hash.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <unordered_set>
#include <vector>

namespace gqleval {
namespace {

// Pinned values: node identities and the numbering of variable symbols are
// built from these, so a change to the algorithm (or a compiler or flag that
// changed it) must be deliberate. Every tail length 0..9 is covered.
TEST(Hash, PinnedValues) {
  const struct {
    std::string_view text;
    uint64_t hash;
  } pinned[] = {
      {"", 0xe220a8397b1dcdafull},
      {"a", 0x2d87b59cecdbb313ull},
      {"ab", 0xa79afb49e8cfaa33ull},
      {"abc", 0xa38411309a0a460aull},
      {"abcd", 0x4a80a0876022be93ull},
      {"users", 0x18a1c50c9fadaf9bull},
      {"abcdefg", 0x55c09513c2a85c99ull},
      {"abcdefgh", 0xfced13825aff11b4ull},
      {"abcdefghi", 0xa714db6be1806e1dull},
      {"type Query { users: [User!]! }", 0xd62875ecb4246580ull},
  };
  for (const auto& [text, hash] : pinned) EXPECT_EQ(hash_bytes(text), hash) << '"' << text << '"';
  EXPECT_EQ(hash_bytes("users", 1), 0x1529c5551eb54c6dull);
  EXPECT_EQ(mix64(0), 0u);
  EXPECT_EQ(mix64(1), 0x5692161d100b05e5ull);
  EXPECT_EQ(hash_combine(1, 2), 0x30883360cc68d7b1ull);
}

TEST(Hash, IsDeterministicAndSeeded) {
  const std::string query = "query { users { id } }";
  EXPECT_EQ(hash_bytes(query), hash_bytes(std::string(query)));
  EXPECT_NE(hash_bytes(query), hash_bytes("query { users { id} }"));
  EXPECT_NE(hash_bytes("users", 0), hash_bytes("users", 1));
}

// The plain definition of the tail: its bytes memcpy'd into a zeroed word.
uint64_t tail_by_memcpy(const char* p, size_t n) {
  uint64_t w = 0;
  std::memcpy(&w, p, n);
  return w;
}

// The two overlapping loads must give exactly the memcpy value for every tail
// length, including bytes with the high bit set (no sign extension).
TEST(Hash, TailBytesAreTheLittleEndianWord) {
  std::mt19937_64 rng(5);
  for (int iter = 0; iter < 2000; ++iter) {
    char buf[8];
    for (char& c : buf) c = static_cast<char>(rng());
    for (size_t n = 1; n <= 7; ++n) {
      ASSERT_EQ(hash_detail::tail_bytes(buf, n), tail_by_memcpy(buf, n)) << n;
    }
  }
  const char high[] = "\xFF\x80\xFE\x81\xFD\x82\xFC";
  EXPECT_EQ(hash_detail::tail_bytes(high, 7), 0x00FC82FD81FE80FFull);
  EXPECT_EQ(hash_detail::tail_bytes(high, 3), 0x0000000000FE80FFull);
}

TEST(Hash, LengthAndTrailingZerosMatter) {
  const std::string zeros(64, '\0');
  std::unordered_set<uint64_t> seen;
  for (size_t len = 0; len <= zeros.size(); ++len) {
    EXPECT_TRUE(seen.insert(hash_bytes(std::string_view(zeros.data(), len))).second) << len;
  }
  EXPECT_NE(hash_bytes("a"), hash_bytes(std::string("a\0", 2)));
}

TEST(Hash, EveryPrefixOfALongTextIsDistinct) {
  std::string text;
  for (int i = 0; i < 40; ++i) text += "type T" + std::to_string(i) + " { id: ID! name: String }\n";
  std::unordered_set<uint64_t> seen;
  for (size_t len = 0; len <= text.size(); ++len) {
    ASSERT_TRUE(seen.insert(hash_bytes(std::string_view(text.data(), len))).second) << len;
  }
}

TEST(Hash, DoesNotDependOnAlignment) {
  std::vector<char> buf(200);
  for (size_t i = 0; i < buf.size(); ++i) buf[i] = static_cast<char>(i * 37 + 11);
  for (size_t len : {1u, 3u, 7u, 8u, 15u, 16u, 17u, 33u, 64u, 100u}) {
    const std::string copy(buf.data(), len);
    for (size_t offset = 1; offset < 16; ++offset) {
      std::copy(copy.begin(), copy.end(), buf.begin() + static_cast<ptrdiff_t>(offset));
      EXPECT_EQ(hash_bytes(std::string_view(buf.data() + offset, len)), hash_bytes(copy))
          << len << "@" << offset;
    }
  }
}

TEST(Hash, NoCollisionsAmongManyNames) {
  // 1.2 million keys of the kinds normal trees hold; with a good 64-bit hash
  // a collision has probability about 4e-8.
  std::unordered_set<uint64_t> seen;
  size_t count = 0;
  for (int i = 0; i < 400000; ++i) {
    const std::string n = std::to_string(i);
    for (const std::string& s : {n, "field" + n, "Type_" + n + "_connection_edges_node"}) {
      ++count;
      ASSERT_TRUE(seen.insert(hash_bytes(s)).second) << s;
    }
  }
  EXPECT_EQ(seen.size(), count);
}

// Flipping any one input bit flips each output bit with probability near 1/2.
// With 4000 samples per cell the standard error is 0.008; 0.05 is six of it.
template <class F>
double worst_avalanche_bias(F hash_of, int input_bits, std::mt19937_64& rng) {
  constexpr int kSamples = 4000;
  std::vector<int> flips(static_cast<size_t>(input_bits) * 64, 0);
  for (int s = 0; s < kSamples; ++s) {
    const uint64_t x = rng();
    const uint64_t h = hash_of(x);
    for (int b = 0; b < input_bits; ++b) {
      const uint64_t d = h ^ hash_of(x ^ (uint64_t{1} << b));
      for (int o = 0; o < 64; ++o)
        flips[static_cast<size_t>(b) * 64 + static_cast<size_t>(o)] += (d >> o) & 1;
    }
  }
  double worst = 0;
  for (int f : flips) worst = std::max(worst, std::fabs(f / double{kSamples} - 0.5));
  return worst;
}

TEST(Hash, AvalancheOfWordsAndCombine) {
  std::mt19937_64 rng(3);
  EXPECT_LT(worst_avalanche_bias([](uint64_t x) { return mix64(x); }, 64, rng), 0.05);
  EXPECT_LT(worst_avalanche_bias([](uint64_t x) { return hash_combine(x, 17); }, 64, rng), 0.05);
  EXPECT_LT(worst_avalanche_bias([](uint64_t x) { return hash_combine(99, x); }, 64, rng), 0.05);
}

TEST(Hash, AvalancheOfBytes) {
  std::mt19937_64 rng(4);
  for (size_t len : {3u, 5u, 8u, 13u, 16u, 24u, 40u, 100u}) {
    auto hash_of = [len](uint64_t x) {
      char buf[128];
      for (size_t i = 0; i < len; ++i) buf[i] = static_cast<char>((x >> (8 * (i % 8))) ^ (i * 31));
      return hash_bytes(std::string_view(buf, len));
    };
    const int bits = static_cast<int>(std::min<size_t>(64, len * 8));
    EXPECT_LT(worst_avalanche_bias(hash_of, bits, rng), 0.05) << "len " << len;
  }
}

TEST(HashCombine, OrderMattersAndValuesNeverCollideUnderOneParent) {
  EXPECT_NE(hash_combine(hash_combine(0, 1), 2), hash_combine(hash_combine(0, 2), 1));
  EXPECT_NE(hash_combine(1, 2), hash_combine(2, 1));
  // (parent, child key) pairs as normal trees form them: for one parent,
  // a*K + b + C is one-to-one in b and mix64 is a bijection.
  std::unordered_set<uint64_t> seen;
  for (uint64_t parent = 0; parent < 300; ++parent) {
    const uint64_t p = hash_bytes(std::to_string(parent));
    for (uint64_t field = 0; field < 300; ++field) {
      ASSERT_TRUE(seen.insert(hash_combine(p, field)).second) << parent << "," << field;
    }
  }
}

}  // namespace
}  // namespace gqleval
