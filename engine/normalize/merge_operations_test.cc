#include "engine/normalize/merge_operations.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/base/hash.h"
#include "engine/normalize/normalize_test_util.h"
#include "engine/normalize/printer.h"

namespace gqleval::normalize {
namespace {

using testing::Harness;

constexpr std::string_view kSdl =
    "type User { id: ID! name: String email: String friends(first: Int): [User] }\n"
    "type Query { user(id: ID!): User viewer: User }\n";

// Merges the queries (one harness each, so that every tree stays alive) and
// prints the merged tree.
class Merged {
 public:
  Merged(std::vector<std::string> queries, NormalizeOptions options = {}) {
    std::vector<NormalTree> trees;
    std::vector<uint16_t> operations;
    for (size_t k = 0; k < queries.size(); ++k) {
      harnesses_.push_back(std::make_unique<Harness>(kSdl));
      auto t = harnesses_.back()->tree(queries[k], options);
      EXPECT_TRUE(t.ok()) << queries[k];
      trees.push_back(*t);
      operations.push_back(static_cast<uint16_t>(k + 3));
    }
    tree_ = merger_.merge(trees, operations, arena_);
  }
  const NormalTree& tree() const { return tree_; }
  std::string text() const { return print_tree(tree_); }

 private:
  std::vector<std::unique_ptr<Harness>> harnesses_;
  Arena arena_;
  OperationMerger merger_;
  NormalTree tree_;
};

TEST(MergeOperations, UnitesChildrenUnderOneIdentityAndKeepsTheFirstOperationsPlace) {
  const Merged m({"{ viewer { id name } }", "{ viewer { email\nid } user(id: 1) { id } }"});
  EXPECT_EQ(m.text(),
            "query {\n  user(id: \"1\") {\n    id\n  }\n  viewer {\n    email\n    id\n    name\n"
            "  }\n}\n");
  const NormalTree& t = m.tree();
  ASSERT_EQ(t.nodes.size(), 7u);
  // Breadth-first, children contiguous, parents and hashes consistent.
  for (uint32_t i = 0; i < t.nodes.size(); ++i) {
    for (const Node& c : t.children(t.nodes[i])) {
      EXPECT_EQ(c.parent, i);
      EXPECT_EQ(c.hash, hash_combine(t.nodes[i].hash, hash_bytes(c.key)));
      EXPECT_EQ(c.depth, t.nodes[i].depth + 1);
    }
  }
  // viewer and id are the first operation's (3); email and user the second's.
  auto find = [&](std::string_view path) -> const Node& {
    for (uint32_t i = 0; i < t.nodes.size(); ++i) {
      if (node_path(t, i) == path) return t.nodes[i];
    }
    ADD_FAILURE() << path;
    return t.nodes[0];
  };
  EXPECT_EQ(find("query -> viewer").operation, 3);
  EXPECT_EQ(find("query -> viewer -> id").operation, 3);
  EXPECT_EQ(find("query -> viewer -> id").pos, (SourcePos{1, 12}));
  EXPECT_EQ(find("query -> viewer -> email").operation, 4);
  EXPECT_EQ(find("query -> user(id: \"1\")").operation, 4);
  EXPECT_EQ(find("query -> user(id: \"1\")").pos, (SourcePos{2, 6}));
}

// Each operation's unbound variables are values of their own: the second
// operation's $1 is the merged tree's $2, so the two users stay two.
TEST(MergeOperations, NumbersEachOperationsVariablesAfterTheOnesBefore) {
  const Merged m(
      {"query($a: ID!) { user(id: $a) { name } }", "query($b: ID!) { user(id: $b) { email } }"});
  EXPECT_EQ(m.text(),
            "query {\n  user(id: $1) {\n    name\n  }\n  user(id: $2) {\n    email\n  }\n}\n");
  EXPECT_EQ(m.tree().symbol_count, 2u);
}

// Bound by name, a variable is one value in every operation: one user.
TEST(MergeOperations, KeepsVariablesBoundByName) {
  NormalizeOptions by_name;
  by_name.variables_by_name = true;
  const Merged m(
      {"query($a: ID!) { user(id: $a) { name } }", "query($a: ID!) { user(id: $a) { email } }"},
      by_name);
  EXPECT_EQ(m.text(), "query {\n  user(id: $a) {\n    email\n    name\n  }\n}\n");
  EXPECT_EQ(m.tree().symbol_count, 0u);
}

TEST(MergeOperations, OneOperationIsItsOwnTree) {
  const Merged m({"{ viewer { friends(first: 2) { id } id } }"});
  EXPECT_EQ(m.text(),
            "query {\n  viewer {\n    friends(first: 2) {\n      id\n    }\n    id\n"
            "  }\n}\n");
  EXPECT_EQ(m.tree().nodes[1].operation, 3);
}

}  // namespace
}  // namespace gqleval::normalize
