// The labelled mutations beyond drop_leaf / add_leaf (query_rewriter.h) on the
// tiny blog schema (testdata/tiny_source.csv: User.posts <-> Post.user is a
// derived inverse pair, user/userById and post/postByAuthor endpoint groups):
// the exact counts they state, the engine's agreement with them, and the
// places they must refuse (a subtree the cycles rule folds, an endpoint
// partner as a "different" root field).
#include <gtest/gtest.h>

#include <set>
#include <span>
#include <string>
#include <string_view>

#include "datasets/generator/generator.h"
#include "datasets/generator/query_rewriter.h"
#include "engine/score/score_pair.h"

namespace gqleval::rewrite {
namespace {

const std::string kTiny =
    std::string(GQLEVAL_SOURCE_DIR) + "/datasets/generator/testdata/tiny_source.csv";

class StructureMutations : public ::testing::Test {
 protected:
  void SetUp() override {
    auto source = generator::load_source(kTiny);
    ASSERT_TRUE(source.ok()) << source.error().message;
    blog_ = source->schemas[0];
  }

  Result<Mutated> run(std::string_view query, MutationKind kind, uint64_t seed) {
    MutateOptions o;
    o.seed = seed;
    o.rewrites = blog_.rewrites.get();
    return mutate(*blog_.schema, query, kind, o);
  }

  // The engine's verdict and counts equal the mutation's label.
  void expect_engine_agrees(std::string_view reference, const Mutated& m) {
    score::ScoreOptions o;
    const std::string_view ref = reference;
    const score::PairResult r =
        score::score_pair(*blog_.schema, blog_.rewrites.get(), std::span(&ref, 1), m.query, o);
    EXPECT_EQ(r.verdict, m.expected) << m.description << "\n" << m.query;
    EXPECT_EQ(r.missing, m.missing) << m.description << "\n" << m.query;
    EXPECT_EQ(r.extra, m.extra) << m.description << "\n" << m.query;
  }

  generator::SourceSchema blog_;
};

constexpr std::string_view kUser = "{ user(id: 1) { name posts(first: 2) { title } } }";

TEST_F(StructureMutations, ChangeArgumentCountsTheWholeSubtree) {
  std::set<std::string> seen;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    auto m = run(kUser, MutationKind::kChangeArgument, seed);
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->expected, score::Verdict::kMismatch);
    // user(id) carries user, name, posts, title; posts(first) carries posts, title.
    const uint32_t want = m->description.starts_with("changed User.posts") ? 2 : 4;
    EXPECT_EQ(m->missing, want) << m->description;
    EXPECT_EQ(m->extra, want) << m->description;
    expect_engine_agrees(kUser, *m);
    seen.insert(m->description.substr(0, m->description.find('(')));
  }
  EXPECT_EQ(seen, (std::set<std::string>{"changed Query.user", "changed User.posts"}));
}

TEST_F(StructureMutations, ArgumentDropAndAdd) {
  auto dropped = run(kUser, MutationKind::kDropArgument, 1);
  ASSERT_TRUE(dropped.ok()) << dropped.error().message;
  EXPECT_EQ(dropped->description, "dropped argument User.posts(first)");
  EXPECT_EQ(dropped->query,
            "{\n  user(id: 1) {\n    name\n    posts {\n      title\n    }\n  }\n}");
  EXPECT_EQ(dropped->missing, 2u);
  expect_engine_agrees(kUser, *dropped);
  const std::string_view no_first = "{ user(id: 1) { name posts { title } } }";
  auto added = run(no_first, MutationKind::kAddArgument, 1);
  ASSERT_TRUE(added.ok()) << added.error().message;
  EXPECT_TRUE(added->description.starts_with("added argument User.posts(first: "))
      << added->description;
  expect_engine_agrees(no_first, *added);
  // `id: Int!` is required: nothing to drop on the root field alone.
  EXPECT_FALSE(run("{ user(id: 1) { name } }", MutationKind::kDropArgument, 1).ok());
}

TEST_F(StructureMutations, ReplaceRootNeverPicksAnEndpointPartner) {
  // userById is user's endpoint partner (the same data by the rules), and no
  // other root field returns User: no replacement qualifies.
  auto m = run("{ user(id: 1) { name } }", MutationKind::kReplaceRoot, 1);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().message, "no root field can be replaced safely");
}

TEST_F(StructureMutations, SubtreesAndLeaves) {
  const std::string_view q = "{ user(id: 1) { name posts(first: 2) { title body } } }";
  auto dropped = run(q, MutationKind::kDropSubtree, 1);
  ASSERT_TRUE(dropped.ok()) << dropped.error().message;
  EXPECT_EQ(dropped->description, "dropped subtree User.posts");
  EXPECT_EQ(dropped->expected, score::Verdict::kUnderfetch);
  EXPECT_EQ(dropped->missing, 3u);
  expect_engine_agrees(q, *dropped);
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    auto m = run(q, MutationKind::kReplaceLeaf, seed);
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->expected, score::Verdict::kMismatch);
    EXPECT_EQ(m->missing, 1u);
    EXPECT_EQ(m->extra, 1u);
    expect_engine_agrees(q, *m);
  }
  // No leaf of q has a namesake on the other type; `id` has.
  EXPECT_FALSE(run(q, MutationKind::kMoveLeaf, 1).ok());
  const std::string_view ids = "{ user(id: 1) { name posts { id title } } }";
  auto moved = run(ids, MutationKind::kMoveLeaf, 1);
  ASSERT_TRUE(moved.ok()) << moved.error().message;
  EXPECT_EQ(moved->description, "moved Post.id to User");
  expect_engine_agrees(ids, *moved);
  // Post's only object field `user` is a back-reference (the cycles rule
  // would fold it into the parent), and User's `posts` is already selected:
  // no subtree to add in q; under a bare user(id: 1), posts with 1-3 leaves.
  EXPECT_FALSE(run(q, MutationKind::kAddSubtree, 1).ok());
  const std::string_view bare = "{ user(id: 1) { name } }";
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    auto m = run(bare, MutationKind::kAddSubtree, seed);
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_TRUE(m->description.starts_with("added subtree User.posts { ")) << m->description;
    EXPECT_EQ(m->expected, score::Verdict::kOverfetch);
    EXPECT_GE(m->extra, 2u);
    EXPECT_LE(m->extra, 4u);
    expect_engine_agrees(bare, *m);
  }
}

TEST_F(StructureMutations, NothingCountedThroughAFoldedCycle) {
  // posts { user { email } } walks back to the root's User: the cycles rule
  // folds email into user(id: 1), so no count through posts is certain.
  const std::string_view q = "{ user(id: 1) { name posts { title user { email } } } }";
  EXPECT_FALSE(run(q, MutationKind::kDropSubtree, 1).ok());
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    auto m = run(q, MutationKind::kChangeArgument, seed);
    EXPECT_FALSE(m.ok()) << m->description;
  }
}

}  // namespace
}  // namespace gqleval::rewrite
