#include "kernels/hash.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace gqleval::kernels {
namespace {

TEST(Hash, IsDeterministicAndSeeded) {
  EXPECT_EQ(hash_string("query { users { id } }"), hash_string("query { users { id } }"));
  EXPECT_NE(hash_string("query { users { id } }"), hash_string("query { users { id} }"));
  EXPECT_NE(hash_string("users", 0), hash_string("users", 1));
  EXPECT_EQ(hash_string("users", 9), hash_bytes("users", 5, 9));
}

// Pinned values: the hash is part of cache keys and test expectations, so a
// change to it (or a compiler or flag that changed it) must be deliberate.
TEST(Hash, PinnedValues) {
  EXPECT_EQ(hash_string(""), 0x1633a8d28ee840b8ull);
  EXPECT_EQ(hash_string("a"), 0xa987a8f4249b6af6ull);
  EXPECT_EQ(hash_string("users"), 0x47c7b7b7bb95cb7dull);
  EXPECT_EQ(hash_string("type Query { users: [User!]! }"), 0x015d850507d9c424ull);
  EXPECT_EQ(hash_u64(1), 0x57ba2ff897997867ull);
  EXPECT_EQ(hash_combine(1, 2), 0xbaf733dba7ab163bull);
}

TEST(Hash, LengthAndTrailingZerosMatter) {
  const std::string zeros(64, '\0');
  std::unordered_set<uint64_t> seen;
  for (size_t len = 0; len <= zeros.size(); ++len) {
    EXPECT_TRUE(seen.insert(hash_bytes(zeros.data(), len)).second) << "len " << len;
  }
  EXPECT_NE(hash_string("a"), hash_string(std::string("a\0", 2)));
}

TEST(Hash, EveryPrefixOfALongTextIsDistinct) {
  std::string text;
  for (int i = 0; i < 40; ++i) text += "type T" + std::to_string(i) + " { id: ID! name: String }\n";
  std::unordered_set<uint64_t> seen;
  for (size_t len = 0; len <= text.size(); ++len) {
    ASSERT_TRUE(seen.insert(hash_bytes(text.data(), len)).second) << "len " << len;
  }
}

TEST(Hash, DoesNotDependOnAlignment) {
  std::vector<char> buf(200);
  for (size_t i = 0; i < buf.size(); ++i) buf[i] = static_cast<char>(i * 37 + 11);
  for (size_t len : {1u, 3u, 7u, 8u, 15u, 16u, 17u, 33u, 64u, 100u}) {
    std::string copy(buf.data(), len);
    for (size_t offset = 1; offset < 16; ++offset) {
      std::copy(copy.begin(), copy.end(), buf.begin() + static_cast<ptrdiff_t>(offset));
      EXPECT_EQ(hash_bytes(buf.data() + offset, len), hash_string(copy)) << len << "@" << offset;
    }
  }
}

TEST(Hash, NoCollisionsAmongManyNames) {
  // 1.2 million names of the kinds the engine interns; with a good 64-bit
  // hash a collision has probability about 4e-8.
  std::unordered_set<uint64_t> seen;
  size_t count = 0;
  for (int i = 0; i < 400000; ++i) {
    const std::string n = std::to_string(i);
    for (const std::string& s : {n, "field" + n, "Type_" + n + "_connection_edges_node"}) {
      ++count;
      ASSERT_TRUE(seen.insert(hash_string(s)).second) << s;
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
  EXPECT_LT(worst_avalanche_bias([](uint64_t x) { return hash_u64(x); }, 64, rng), 0.05);
  EXPECT_LT(worst_avalanche_bias([](uint64_t x) { return hash_combine(x, 17); }, 64, rng), 0.05);
  EXPECT_LT(worst_avalanche_bias([](uint64_t x) { return hash_combine(99, x); }, 64, rng), 0.05);
}

TEST(Hash, AvalancheOfBytes) {
  std::mt19937_64 rng(4);
  for (size_t len : {3u, 5u, 8u, 13u, 16u, 24u, 40u, 100u}) {
    auto hash_of = [len](uint64_t x) {
      unsigned char buf[128];
      for (size_t i = 0; i < len; ++i) {
        buf[i] = static_cast<unsigned char>((x >> (8 * (i % 8))) ^ (i * 31));
      }
      return hash_bytes(buf, len);
    };
    const int bits = static_cast<int>(std::min<size_t>(64, len * 8));
    EXPECT_LT(worst_avalanche_bias(hash_of, bits, rng), 0.05) << "len " << len;
  }
}

TEST(HashCombine, OrderMattersAndValuesNeverCollideUnderOneSeed) {
  EXPECT_NE(hash_combine(hash_combine(0, 1), 2), hash_combine(hash_combine(0, 2), 1));
  EXPECT_NE(hash_combine(0, 0), 0u);
  // (parent id, field id) pairs as the interner forms them.
  std::unordered_set<uint64_t> seen;
  for (uint64_t parent = 0; parent < 300; ++parent) {
    const uint64_t p = hash_combine(0, parent);
    for (uint64_t field = 0; field < 300; ++field) {
      ASSERT_TRUE(seen.insert(hash_combine(p, field)).second) << parent << "," << field;
    }
  }
}

TEST(StringHash, SupportsStringViewLookupWithoutAString) {
  std::unordered_map<std::string, int, StringHash, std::equal_to<>> ids;
  ids.emplace("users", 1);
  ids.emplace("posts", 2);
  std::string_view key = "posts";
  auto it = ids.find(key);
  ASSERT_NE(it, ids.end());
  EXPECT_EQ(it->second, 2);
  EXPECT_EQ(ids.find(std::string_view("comments")), ids.end());
  EXPECT_EQ(StringHash{}("users"), static_cast<size_t>(hash_string("users")));
}

}  // namespace
}  // namespace gqleval::kernels
