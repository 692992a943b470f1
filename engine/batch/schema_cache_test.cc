#include "engine/batch/schema_cache.h"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "engine/batch/batch_test_util.h"

namespace gqleval::batch {
namespace {

using testing::kTestSchema;

TEST(SchemaCache, SameTextSameEntry) {
  SchemaCache cache;
  const SchemaEntry& a = cache.get(kTestSchema);
  ASSERT_TRUE(a.ok());
  EXPECT_NE(a.rewrites, nullptr);
  // A copy of the text in another buffer finds the same entry.
  std::string copy(kTestSchema);
  EXPECT_EQ(&cache.get(copy), &a);
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_EQ(cache.builds(), 1u);

  const SchemaEntry& b = cache.get(std::string(kTestSchema) + "\n");
  EXPECT_NE(&b, &a);
  EXPECT_EQ(cache.size(), 2u);
}

TEST(SchemaCache, NoRewritesWhenNoRuleIsOn) {
  SchemaCacheOptions options;
  options.build_rewrites = false;
  SchemaCache cache(options);
  const SchemaEntry& e = cache.get(kTestSchema);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e.rewrites, nullptr);
}

TEST(SchemaCache, FailureIsCachedWithItsErrors) {
  SchemaCache cache;
  const std::string broken = "type Query { user: Nope }\n";
  const SchemaEntry& e = cache.get(broken);
  EXPECT_FALSE(e.ok());
  ASSERT_FALSE(e.errors.empty());
  EXPECT_EQ(e.errors[0].message, "Unknown type \"Nope\".");
  EXPECT_EQ(&cache.get(broken), &e);
  EXPECT_EQ(cache.builds(), 1u);
  EXPECT_EQ(cache.failures(), 1u);
}

TEST(SchemaCache, EmptySchemaSaysSo) {
  SchemaCache cache;
  const SchemaEntry& e = cache.get(" \n\t");
  EXPECT_FALSE(e.ok());
  ASSERT_EQ(e.errors.size(), 1u);
  EXPECT_EQ(e.errors[0].rule, "Schema");
  EXPECT_EQ(e.errors[0].message, "The schema is empty.");
}

TEST(SchemaCache, ConcurrentFirstUseGivesEveryoneOneEntry) {
  SchemaCache cache;
  constexpr int kThreads = 8;
  std::vector<std::string> texts;
  for (int k = 0; k < 4; ++k)
    texts.push_back(std::string(kTestSchema) + "# variant " + std::to_string(k) + "\n");
  std::vector<std::vector<const SchemaEntry*>> seen(kThreads);
  std::atomic<int> ready{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      ready.fetch_add(1);
      while (ready.load() < kThreads) {
      }
      SchemaMemo memo(cache);
      for (int round = 0; round < 50; ++round) {
        for (const std::string& text : texts) seen[t].push_back(&memo.get(text));
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(cache.size(), texts.size());
  EXPECT_GE(cache.builds(), texts.size());
  EXPECT_LE(cache.builds(), texts.size() * kThreads);
  // Every thread got the same entry for the same text.
  for (int t = 1; t < kThreads; ++t) EXPECT_EQ(seen[t], seen[0]);
  std::set<const SchemaEntry*> distinct(seen[0].begin(), seen[0].end());
  EXPECT_EQ(distinct.size(), texts.size());
}

TEST(SchemaMemo, CollidingSlotsStillCompareText) {
  SchemaCache cache;
  SchemaMemo memo(cache);
  // More distinct texts than memo slots: lookups still return the right entry.
  std::vector<std::string> texts;
  for (int k = 0; k < 20; ++k)
    texts.push_back(std::string(kTestSchema) + "# " + std::to_string(k) + "\n");
  std::vector<const SchemaEntry*> first;
  for (const auto& t : texts) first.push_back(&memo.get(t));
  for (size_t k = 0; k < texts.size(); ++k) {
    EXPECT_EQ(&memo.get(texts[k]), first[k]);
    EXPECT_EQ(first[k]->text, texts[k]);
  }
  EXPECT_EQ(cache.builds(), texts.size());
}

TEST(SchemaFiles, RelativePathsFromTheBaseFolder) {
  testing::ScratchDir dir;
  testing::write_file(dir.file("s.graphql"), kTestSchema);
  SchemaFiles files(dir.path().string());
  const Diagnostic* error = nullptr;
  const std::string* text = files.read("s.graphql", &error);
  ASSERT_NE(text, nullptr);
  EXPECT_EQ(*text, kTestSchema);
  EXPECT_EQ(files.read("s.graphql", &error), text);

  EXPECT_EQ(files.read("missing.graphql", &error), nullptr);
  ASSERT_NE(error, nullptr);
  EXPECT_EQ(error->rule, "IO");
  EXPECT_NE(error->message.find("missing.graphql"), std::string::npos);
}

}  // namespace
}  // namespace gqleval::batch
