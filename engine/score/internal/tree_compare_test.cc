#include "engine/score/internal/tree_compare.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "engine/score/test_util.h"

namespace gqleval::score {
namespace {

using testing::TreeMaker;

// query { users(id: 1) { id posts { title body } } }
TreeMaker reference_tree() {
  TreeMaker t;
  const uint32_t users = t.add(0, "users(id: 1)");
  t.add(users, "id");
  const uint32_t posts = t.add(users, "posts");
  t.add(posts, "body");
  t.add(posts, "title");
  return t;
}

TEST(TreeCompare, IdenticalTrees) {
  TreeMaker a = reference_tree(), b = reference_tree();
  TreeComparer cmp;
  const Comparison c = cmp.compare(a.tree(), b.tree());
  EXPECT_EQ(c.missing, 0u);
  EXPECT_EQ(c.extra, 0u);
  EXPECT_EQ(c.shared, 5u);
  EXPECT_EQ(c.reference_nodes, 5u);
  EXPECT_EQ(c.candidate_nodes, 5u);
  EXPECT_FALSE(c.operation_differs);
  EXPECT_TRUE(cmp.used_matrices());
  std::vector<TopNode> top;
  cmp.topmost_missing(top);
  EXPECT_TRUE(top.empty());
  cmp.topmost_extra(top);
  EXPECT_TRUE(top.empty());
}

TEST(TreeCompare, MissingSubtreeCountsEveryNodeUnderIt) {
  // Candidate: query { users(id: 1) { id email } }: posts {body title} missing (3),
  // email extra (1).
  TreeMaker a = reference_tree();
  TreeMaker b;
  const uint32_t users = b.add(0, "users(id: 1)");
  b.add(users, "email");
  b.add(users, "id");
  TreeComparer cmp;
  const Comparison c = cmp.compare(a.tree(), b.tree());
  EXPECT_EQ(c.missing, 3u);
  EXPECT_EQ(c.extra, 1u);
  EXPECT_EQ(c.shared, 2u);
  std::vector<TopNode> top;
  cmp.topmost_missing(top);
  EXPECT_EQ(top, (std::vector<TopNode>{{3, 3}}));  // posts, in the reference
  cmp.topmost_extra(top);
  EXPECT_EQ(top, (std::vector<TopNode>{{2, 1}}));  // email, in the candidate
}

TEST(TreeCompare, DifferentArgumentMakesTheWholeSubtreeDiffer) {
  TreeMaker a = reference_tree();
  TreeMaker b;
  const uint32_t users = b.add(0, "users(id: 2)");
  b.add(users, "id");
  TreeComparer cmp;
  const Comparison c = cmp.compare(a.tree(), b.tree());
  EXPECT_EQ(c.missing, 5u);
  EXPECT_EQ(c.extra, 2u);
  EXPECT_EQ(c.shared, 0u);
  std::vector<TopNode> top;
  cmp.topmost_missing(top);
  EXPECT_EQ(top, (std::vector<TopNode>{{1, 5}}));
  cmp.topmost_extra(top);
  EXPECT_EQ(top, (std::vector<TopNode>{{1, 2}}));
}

TEST(TreeCompare, DifferentOperationKindMakesEverythingDiffer) {
  TreeMaker a = reference_tree();
  TreeMaker b("mutation", ast::OperationType::kMutation);
  const uint32_t users = b.add(0, "users(id: 1)");
  b.add(users, "id");
  TreeComparer cmp;
  const Comparison c = cmp.compare(a.tree(), b.tree());
  EXPECT_TRUE(c.operation_differs);
  EXPECT_EQ(c.missing, 5u);
  EXPECT_EQ(c.extra, 2u);
  EXPECT_EQ(c.shared, 0u);
  std::vector<TopNode> top;
  cmp.topmost_missing(top);
  EXPECT_EQ(top, (std::vector<TopNode>{{1, 5}}));
}

TEST(TreeCompare, TopmostInPreorder) {
  // Reference: query { a { x y } b { z } c }; candidate: query { a { y } b }.
  TreeMaker r;
  const uint32_t a = r.add(0, "a");
  const uint32_t b = r.add(0, "b");
  r.add(0, "c");
  r.add(a, "x");
  r.add(a, "y");
  r.add(b, "z");
  TreeMaker cnd;
  const uint32_t ca = cnd.add(0, "a");
  cnd.add(0, "b");
  cnd.add(ca, "y");
  TreeComparer cmp;
  const Comparison c = cmp.compare(r.tree(), cnd.tree());
  EXPECT_EQ(c.missing, 3u);
  std::vector<TopNode> top;
  cmp.topmost_missing(top);
  // a.x, b.z, c: preorder, not breadth-first (c would come first).
  EXPECT_EQ(top, (std::vector<TopNode>{{4, 1}, {6, 1}, {3, 1}}));
}

TEST(TreeCompare, EmptyTrees) {
  TreeMaker a, b;
  TreeComparer cmp;
  const Comparison c = cmp.compare(a.tree(), b.tree());
  EXPECT_EQ(c.missing, 0u);
  EXPECT_EQ(c.extra, 0u);
  EXPECT_EQ(c.shared, 0u);
  EXPECT_EQ(c.reference_nodes, 0u);
}

// A random tree of n field nodes with keys drawn from a small alphabet, so
// that two random trees share part of their nodes.
TreeMaker random_tree(std::mt19937& rng, uint32_t n) {
  TreeMaker t;
  // Choose a parent for each node among the earlier ones, then lay out BFS.
  std::vector<uint32_t> parent_of(n + 1, 0);
  for (uint32_t i = 1; i <= n; ++i)
    parent_of[i] = std::uniform_int_distribution<uint32_t>(0, i - 1)(rng);
  std::vector<std::vector<uint32_t>> kids(n + 1);
  for (uint32_t i = 1; i <= n; ++i) kids[parent_of[i]].push_back(i);
  std::vector<uint32_t> order = {0};
  std::vector<uint32_t> index(n + 1, 0);
  for (size_t k = 0; k < order.size(); ++k) {
    const uint32_t v = order[k];
    uint32_t letter = 0;
    for (uint32_t child : kids[v]) {
      // Siblings need distinct keys; draw from a few letters, skip used ones.
      letter += 1 + std::uniform_int_distribution<uint32_t>(0, 1)(rng);
      std::string key = "f";  // (not "f" + to_string: GCC 12 warns falsely, -Wrestrict)
      key += std::to_string(letter);
      index[child] = t.add(index[v], std::move(key));
      order.push_back(child);
    }
  }
  return t;
}

TEST(TreeCompare, MatricesAndWalkingAgree) {
  std::mt19937 rng(12345);
  for (int round = 0; round < 200; ++round) {
    const uint32_t n = 1 + static_cast<uint32_t>(rng() % 150);
    TreeMaker a = random_tree(rng, n);
    TreeMaker b = random_tree(rng, 1 + static_cast<uint32_t>(rng() % 150));
    TreeComparer by_matrix, by_walk;
    by_walk.set_matrix_limit_for_testing(0);
    const Comparison m = by_matrix.compare(a.tree(), b.tree());
    const Comparison w = by_walk.compare(a.tree(), b.tree());
    ASSERT_TRUE(by_matrix.used_matrices());
    ASSERT_FALSE(by_walk.used_matrices());
    EXPECT_EQ(m.missing, w.missing);
    EXPECT_EQ(m.extra, w.extra);
    EXPECT_EQ(m.shared, w.shared);
    EXPECT_EQ(m.missing + m.shared, m.reference_nodes);
    EXPECT_EQ(m.extra + m.shared, m.candidate_nodes);
    std::vector<TopNode> tm, tw;
    by_matrix.topmost_missing(tm);
    by_walk.topmost_missing(tw);
    EXPECT_EQ(tm, tw);
    uint32_t sum = 0;
    for (const TopNode& t : tm) sum += t.nodes;
    EXPECT_EQ(sum, m.missing);  // the top-most subtrees partition the missing nodes
    by_matrix.topmost_extra(tm);
    by_walk.topmost_extra(tw);
    EXPECT_EQ(tm, tw);
    sum = 0;
    for (const TopNode& t : tm) sum += t.nodes;
    EXPECT_EQ(sum, m.extra);
  }
}

TEST(TreeCompare, LargeUniverseWalksInsteadOfBuildingMatrices) {
  // 2 x 3000 nodes: a universe above kMaxMatrixNodes takes the walking path by
  // default, with the same counts the matrices give.
  std::mt19937 rng(4242);
  TreeMaker a = random_tree(rng, 3000), b = random_tree(rng, 3000);
  TreeComparer by_default, by_matrix;
  by_matrix.set_matrix_limit_for_testing(100000);
  const Comparison d = by_default.compare(a.tree(), b.tree());
  const Comparison m = by_matrix.compare(a.tree(), b.tree());
  ASSERT_GT(by_default.interner().size(), kMaxMatrixNodes);
  EXPECT_FALSE(by_default.used_matrices());
  EXPECT_TRUE(by_matrix.used_matrices());
  EXPECT_EQ(d.missing, m.missing);
  EXPECT_EQ(d.extra, m.extra);
  EXPECT_EQ(d.shared, m.shared);
  EXPECT_GT(d.shared, 0u);
  EXPECT_GT(d.missing, 0u);
  std::vector<TopNode> td, tm;
  by_default.topmost_missing(td);
  by_matrix.topmost_missing(tm);
  EXPECT_EQ(td, tm);
}

TEST(TreeCompare, ForcedCollisionsDoNotChangeCounts) {
  std::mt19937 rng(777);
  for (int round = 0; round < 50; ++round) {
    TreeMaker a = random_tree(rng, 1 + static_cast<uint32_t>(rng() % 60));
    TreeMaker b = random_tree(rng, 1 + static_cast<uint32_t>(rng() % 60));
    TreeComparer honest, colliding;
    colliding.interner().set_hash_mask_for_testing(0);
    const Comparison h = honest.compare(a.tree(), b.tree());
    const Comparison c = colliding.compare(a.tree(), b.tree());
    EXPECT_EQ(h.missing, c.missing);
    EXPECT_EQ(h.extra, c.extra);
    EXPECT_EQ(h.shared, c.shared);
  }
}

TEST(TreeCompare, ReuseShrinkingPairs) {
  // A large pair then a small one: stale bits of the bigger universe must not leak.
  std::mt19937 rng(99);
  TreeComparer cmp;
  TreeMaker big_a = random_tree(rng, 300), big_b = random_tree(rng, 300);
  cmp.compare(big_a.tree(), big_b.tree());
  TreeMaker a = reference_tree(), b = reference_tree();
  const Comparison c = cmp.compare(a.tree(), b.tree());
  EXPECT_EQ(c.missing, 0u);
  EXPECT_EQ(c.extra, 0u);
  EXPECT_EQ(c.shared, 5u);
}

}  // namespace
}  // namespace gqleval::score
