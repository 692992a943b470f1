#include "engine/score/internal/node_interner.h"

#include <gtest/gtest.h>

#include <vector>

#include "engine/score/test_util.h"

namespace gqleval::score {
namespace {

using testing::TreeMaker;

// query { users(id: 1) { id posts { title } } }
TreeMaker users_tree() {
  TreeMaker t;
  const uint32_t users = t.add(0, "users(id: 1)");
  t.add(users, "id");
  const uint32_t posts = t.add(users, "posts");
  t.add(posts, "title");
  return t;
}

// query { users(id: 1) { id email posts { body } } }
TreeMaker other_tree() {
  TreeMaker t;
  const uint32_t users = t.add(0, "users(id: 1)");
  t.add(users, "email");
  t.add(users, "id");
  const uint32_t posts = t.add(users, "posts");
  t.add(posts, "body");
  return t;
}

struct Interned {
  std::vector<uint32_t> a, b;
  uint32_t size;
  uint64_t collisions;
};

Interned intern_both(const normalize::NormalTree& a, const normalize::NormalTree& b,
                     uint64_t mask = ~uint64_t{0}) {
  NodeInterner in;
  in.set_hash_mask_for_testing(mask);
  in.reset(a.nodes.size() + b.nodes.size());
  Interned out;
  out.a.resize(a.nodes.size());
  out.b.resize(b.nodes.size());
  in.add_tree(a, out.a);
  in.add_tree(b, out.b);
  out.size = in.size();
  out.collisions = in.collisions();
  // Every node's index is above its parent's (the forward order).
  for (uint32_t id = 0; id < in.size(); ++id) {
    if (in.parent(id) != kNoParent) {
      EXPECT_LT(in.parent(id), id);
    }
  }
  return out;
}

TEST(NodeInterner, SharedNodesGetOneIndex) {
  TreeMaker ta = users_tree(), tb = other_tree();
  const Interned r = intern_both(ta.tree(), tb.tree());
  // Reference: query, users, id, posts, title (0..4).
  EXPECT_EQ(r.a, (std::vector<uint32_t>{0, 1, 2, 3, 4}));
  // Candidate: query, users, email (new), id, posts, body (new).
  EXPECT_EQ(r.b, (std::vector<uint32_t>{0, 1, 5, 2, 3, 6}));
  EXPECT_EQ(r.size, 7u);
  EXPECT_EQ(r.collisions, 0u);
}

TEST(NodeInterner, SameKeyUnderDifferentParentsIsTwoNodes) {
  TreeMaker ta;
  const uint32_t a = ta.add(0, "a");
  ta.add(0, "b");
  ta.add(a, "id");
  TreeMaker tb;
  tb.add(0, "a");
  const uint32_t b = tb.add(0, "b");
  tb.add(b, "id");
  const Interned r = intern_both(ta.tree(), tb.tree());
  EXPECT_EQ(r.a, (std::vector<uint32_t>{0, 1, 2, 3}));
  EXPECT_EQ(r.b, (std::vector<uint32_t>{0, 1, 2, 4}));  // b.id is not a.id
}

TEST(NodeInterner, DifferentRootKindsShareNothing) {
  TreeMaker ta = users_tree();
  TreeMaker tb("mutation", ast::OperationType::kMutation);
  tb.add(0, "users(id: 1)");
  const Interned r = intern_both(ta.tree(), tb.tree());
  EXPECT_EQ(r.b, (std::vector<uint32_t>{5, 6}));
}

TEST(NodeInterner, AllHashesCollidingGivesTheSameUniverse) {
  TreeMaker ta = users_tree(), tb = other_tree();
  const Interned honest = intern_both(ta.tree(), tb.tree());
  const Interned colliding = intern_both(ta.tree(), tb.tree(), /*mask=*/0);
  EXPECT_EQ(colliding.a, honest.a);
  EXPECT_EQ(colliding.b, honest.b);
  EXPECT_EQ(colliding.size, honest.size);
  EXPECT_GT(colliding.collisions, 0u);  // the hook really forced collisions
}

TEST(NodeInterner, EqualHashesOfDifferentKeysAreNotMerged) {
  // Two siblings whose 64-bit hashes are made equal: the key check keeps them apart.
  TreeMaker ta;
  ta.add(0, "email");
  ta.add(0, "username");
  ta.force_hash(1, 42);
  ta.force_hash(2, 42);
  TreeMaker tb;
  tb.add(0, "username");
  tb.force_hash(1, 42);
  const Interned r = intern_both(ta.tree(), tb.tree());
  EXPECT_EQ(r.a, (std::vector<uint32_t>{0, 1, 2}));
  EXPECT_EQ(r.b, (std::vector<uint32_t>{0, 2}));
  EXPECT_EQ(r.collisions, 2u);  // username met email's slot twice (once per tree)
}

TEST(NodeInterner, EqualHashesOfSameKeyUnderDifferentParentsAreNotMerged) {
  // `id` under `a` and `id` under `b` get the same forced hash: the parent check
  // keeps them apart.
  TreeMaker ta;
  const uint32_t a = ta.add(0, "a");
  const uint32_t b = ta.add(0, "b");
  const uint32_t aid = ta.add(a, "id");
  const uint32_t bid = ta.add(b, "id");
  ta.force_hash(aid, 7);
  ta.force_hash(bid, 7);
  TreeMaker tb;
  tb.add(0, "b");
  const uint32_t bid2 = tb.add(1, "id");
  tb.force_hash(bid2, 7);
  const Interned r = intern_both(ta.tree(), tb.tree());
  EXPECT_EQ(r.a, (std::vector<uint32_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(r.b, (std::vector<uint32_t>{0, 2, 4}));
}

TEST(NodeInterner, ReuseAcrossPairs) {
  NodeInterner in;
  TreeMaker ta = users_tree(), tb = other_tree();
  std::vector<uint32_t> ids(ta.tree().nodes.size());
  for (int round = 0; round < 3; ++round) {
    in.reset(ta.tree().nodes.size());
    in.add_tree(ta.tree(), ids);
    EXPECT_EQ(in.size(), 5u);
    EXPECT_EQ(in.key(4), "title");
    EXPECT_EQ(in.parent(4), 3u);
  }
}

}  // namespace
}  // namespace gqleval::score
