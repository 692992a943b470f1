#include "engine/normalize/symbol_renaming.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/base/hash.h"
#include "engine/normalize/normalize_test_util.h"

namespace gqleval::normalize {
namespace {

using testing::Harness;

TEST(SymbolRenaming, RenamesSymbolsNotStringsAndResortsConditions) {
  Harness h("type Book { title: String }\ntype Query { book(id: ID!, note: String): Book }\n");
  auto tree = h.tree(
      "query($i: ID!, $a: Boolean!, $b: Boolean!) { book(id: $i, note: \"$1 $2\") { "
      "... @include(if: $a) { title @include(if: $b) } } }");
  ASSERT_TRUE(tree.ok());
  ASSERT_EQ(tree->nodes.size(), 3u);
  EXPECT_EQ(tree->nodes[1].key, "book(id: $1, note: \"$1 $2\")");
  EXPECT_EQ(tree->nodes[2].key, "title @include(if: $2) @include(if: $3)");

  Arena arena;
  const std::vector<uint32_t> map = {3, 2, 1};  // $1 -> $3, $3 -> $1
  const NormalTree renamed = rename_symbols(*tree, map, arena);
  ASSERT_EQ(renamed.nodes.size(), 3u);
  EXPECT_EQ(renamed.nodes[1].key, "book(id: $3, note: \"$1 $2\")");
  EXPECT_EQ(renamed.nodes[1].arguments, "(id: $3, note: \"$1 $2\")");
  // The atoms are sorted again, as normalization sorts them.
  EXPECT_EQ(renamed.nodes[2].key, "title @include(if: $1) @include(if: $2)");
  EXPECT_EQ(renamed.nodes[2].condition, "@include(if: $1) @include(if: $2)");
  // Hashes follow the keys and the parent chain.
  EXPECT_EQ(renamed.nodes[0].hash, tree->nodes[0].hash);
  EXPECT_EQ(renamed.nodes[1].hash,
            hash_combine(renamed.nodes[0].hash, hash_bytes(renamed.nodes[1].key)));
  EXPECT_EQ(renamed.nodes[2].hash,
            hash_combine(renamed.nodes[1].hash, hash_bytes(renamed.nodes[2].key)));
  EXPECT_NE(renamed.nodes[1].hash, tree->nodes[1].hash);
  // The identity renaming changes nothing.
  const std::vector<uint32_t> same = {1, 2, 3};
  const NormalTree copy = rename_symbols(*tree, same, arena);
  for (size_t i = 0; i < copy.nodes.size(); ++i) {
    EXPECT_EQ(copy.nodes[i].key, tree->nodes[i].key);
    EXPECT_EQ(copy.nodes[i].hash, tree->nodes[i].hash);
  }
}

}  // namespace
}  // namespace gqleval::normalize
