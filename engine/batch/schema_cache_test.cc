#include "engine/batch/schema_cache.h"

#include <malloc.h>

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "engine/base/concat.h"
#include "engine/batch/batch_input.h"
#include "engine/batch/batch_test_util.h"
#include "engine/batch/columns.h"

namespace gqleval::batch {
namespace {

using testing::kTestSchema;

std::string variant(int k) {
  return std::string(kTestSchema) + "# variant " + std::to_string(k) + "\n";
}

TEST(SchemaCache, SameTextSameEntry) {
  SchemaCache cache;
  auto a = cache.get(kTestSchema);
  ASSERT_TRUE(a->ok());
  EXPECT_NE(a->rewrites, nullptr);
  // A copy of the text in another buffer finds the same entry.
  std::string copy(kTestSchema);
  EXPECT_EQ(cache.get(copy), a);
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_EQ(cache.builds(), 1u);
}

TEST(SchemaCache, CommentsWhitespaceAndOrderShareOneBuild) {
  SchemaCache cache;
  auto a = cache.get(kTestSchema);
  auto b = cache.get(variant(1));
  auto c = cache.get("\n\n" + std::string(kTestSchema) + "   # trailing\n");
  // Each text has its own entry (its own text and hash, for row keys and
  // artifacts), and all share the one build.
  EXPECT_NE(b, a);
  EXPECT_EQ(b->text, variant(1));
  EXPECT_NE(b->content_hash, a->content_hash);
  EXPECT_EQ(b->schema, a->schema);
  EXPECT_EQ(c->schema, a->schema);
  EXPECT_EQ(b->rewrites, a->rewrites);
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_EQ(cache.builds(), 1u);
  // Another schema is another build.
  auto d = cache.get(std::string(kTestSchema) + "type Extra { x: Int }\n");
  EXPECT_NE(d->schema, a->schema);
  EXPECT_EQ(cache.size(), 2u);
}

TEST(SchemaCache, NoRewritesWhenNoRuleIsOn) {
  SchemaCacheOptions options;
  options.build_rewrites = false;
  SchemaCache cache(options);
  auto e = cache.get(kTestSchema);
  ASSERT_TRUE(e->ok());
  EXPECT_EQ(e->rewrites, nullptr);
}

TEST(SchemaCache, FailureIsCachedWithItsErrors) {
  SchemaCache cache;
  const std::string broken = "type Query { user: Nope }\n";
  auto e = cache.get(broken);
  EXPECT_FALSE(e->ok());
  ASSERT_FALSE(e->errors.empty());
  EXPECT_EQ(e->errors[0].message, "Unknown type \"Nope\".");
  EXPECT_EQ(cache.get(broken), e);
  EXPECT_EQ(cache.failures(), 1u);
}

// A variant of a failing schema reports the positions of its own text.
TEST(SchemaCache, FailuresKeepTheirOwnPositions) {
  SchemaCache cache;
  auto a = cache.get("type Query { user: Nope }\n");
  auto b = cache.get("# a comment\n\ntype Query {\n  user: Nope\n}\n");
  ASSERT_FALSE(a->ok());
  ASSERT_FALSE(b->ok());
  ASSERT_FALSE(a->errors.empty());
  ASSERT_FALSE(b->errors.empty());
  EXPECT_EQ(a->errors[0].pos().line, 1u);
  EXPECT_EQ(b->errors[0].pos().line, 4u);
  EXPECT_EQ(b->errors[0].pos().column, 9u);
  EXPECT_EQ(cache.size(), 1u);
  EXPECT_EQ(cache.failures(), 1u);
}

TEST(SchemaCache, EmptySchemaSaysSo) {
  SchemaCache cache;
  auto e = cache.get(" \n\t");
  EXPECT_FALSE(e->ok());
  ASSERT_EQ(e->errors.size(), 1u);
  EXPECT_EQ(e->errors[0].rule, "Schema");
  EXPECT_EQ(e->errors[0].message, "The schema is empty.");
}

// A bound that holds about one schema: older entries are dropped and rebuilt
// when seen again, with the same contents; counts cover the whole run.
TEST(SchemaCache, BoundDropsLeastRecentlyUsedAndRebuilds) {
  SchemaCacheOptions options;
  const std::string other = std::string(kTestSchema) + "type Extra { x: Int }\n";
  options.max_bytes = estimated_build_bytes(other.size()) + 2048;
  SchemaCache cache(options);
  auto a = cache.get(kTestSchema);
  std::weak_ptr<const schema::Schema> first_build = a->schema;
  a.reset();
  auto b = cache.get(other);
  EXPECT_GE(cache.evictions(), 1u);
  EXPECT_LE(cache.bytes(), options.max_bytes);
  EXPECT_TRUE(first_build.expired()) << "a dropped build is freed";
  auto again = cache.get(kTestSchema);
  ASSERT_TRUE(again->ok());
  EXPECT_EQ(again->text, kTestSchema);
  EXPECT_EQ(cache.builds(), 3u);
  EXPECT_EQ(cache.size(), 2u);
  // An entry still held by a caller stays valid after it was dropped.
  EXPECT_TRUE(b->ok());
  EXPECT_EQ(b->text, other);
}

TEST(SchemaCache, EvictionKeepsBuildsSharedByLiveAliases) {
  SchemaCacheOptions options;
  // Room for one build and a few aliases.
  options.max_bytes = estimated_build_bytes(kTestSchema.size()) + 8 * 1024;
  SchemaCache cache(options);
  for (int k = 0; k < 200; ++k) {
    auto e = cache.get(variant(k));
    ASSERT_TRUE(e->ok());
  }
  EXPECT_GT(cache.evictions(), 0u);
  EXPECT_LE(cache.bytes(), options.max_bytes);
  // Aliases came and went, but the one canonical build served them all.
  EXPECT_EQ(cache.builds(), 1u);
  EXPECT_EQ(cache.size(), 1u);
}

// The bound counts builds by estimated_build_bytes(): it must not be below
// what a build really takes, or a bound of 256 MB would hold more. Measured
// with glibc's allocator statistics (a sanitizer's allocator keeps none: then
// the test has nothing to measure and says so).
TEST(SchemaCache, BuildEstimateCoversTheHeapItTakes) {
  std::set<std::string> texts;
  for (const testing::Nl2gqlRow& row : testing::nl2gql_rows()) texts.insert(row.schema);
  ASSERT_EQ(texts.size(), 13u);
  SchemaCache cache;
  size_t measured_any = 0;
  for (const std::string& text : texts) {
    const size_t before = ::mallinfo2().uordblks;
    auto entry = cache.get(text);
    const size_t after = ::mallinfo2().uordblks;
    ASSERT_TRUE(entry->ok());
    if (after <= before) continue;
    ++measured_any;
    EXPECT_LE(after - before, estimated_build_bytes(text.size()) + text.size())
        << text.substr(0, 80);
  }
  if (measured_any == 0) GTEST_SKIP() << "the allocator keeps no statistics (sanitizer build)";
}

TEST(SchemaCache, ConcurrentFirstUseGivesEveryoneOneEntry) {
  SchemaCache cache;
  constexpr int kThreads = 8;
  std::vector<std::string> texts;
  for (int k = 0; k < 4; ++k) texts.push_back(variant(k));
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
  EXPECT_EQ(cache.size(), 1u);  // four variants of one schema
  EXPECT_GE(cache.builds(), 1u);
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
  for (int k = 0; k < 20; ++k) texts.push_back(variant(k));
  for (int pass = 0; pass < 2; ++pass) {
    for (const auto& t : texts) EXPECT_EQ(memo.get(t).text, t);
  }
  EXPECT_EQ(cache.builds(), 1u);
}

TEST(SchemaFiles, RelativePathsFromTheBaseFolder) {
  testing::ScratchDir dir;
  testing::write_file(dir.file("s.graphql"), kTestSchema);
  SchemaFiles files(dir.path().string());
  const SchemaFile& file = files.read("s.graphql");
  ASSERT_FALSE(file.error);
  EXPECT_EQ(file.text, kTestSchema);
  EXPECT_EQ(file.hash, SchemaCache::hash(kTestSchema));
  EXPECT_EQ(&files.read("s.graphql"), &file);

  const SchemaFile& missing = files.read("missing.graphql");
  ASSERT_TRUE(missing.error);
  EXPECT_EQ(missing.error->rule, "IO");
  EXPECT_NE(missing.error->message.find("missing.graphql"), std::string::npos);
  EXPECT_TRUE(files.read("").error);
}

TEST(SchemaMemo, AFileGivesTheEntryOfItsText) {
  testing::ScratchDir dir;
  SchemaFiles files(dir.path().string());
  std::vector<const SchemaFile*> read;
  // More files than memo slots, each a variant of one schema, read twice.
  for (int k = 0; k < 12; ++k) {
    const std::string name = concat({"s", std::to_string(k), ".graphql"});
    testing::write_file(dir.file(name), variant(k));
    read.push_back(&files.read(name));
  }
  SchemaCache cache;
  SchemaMemo memo(cache);
  for (int pass = 0; pass < 2; ++pass) {
    for (const SchemaFile* f : read) {
      const SchemaEntry& by_file = memo.get(*f);
      EXPECT_EQ(by_file.text, f->text);
      EXPECT_EQ(&memo.get(f->text), &by_file);
    }
  }
  EXPECT_EQ(cache.size(), 1u);
}

}  // namespace
}  // namespace gqleval::batch
