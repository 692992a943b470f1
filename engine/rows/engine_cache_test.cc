// Engines per option set: the same options share one engine (and its built
// schemas), other options get their own, and a bad option is an error.
#include "engine/rows/engine_cache.h"

#include <gtest/gtest.h>

namespace gqleval::rows {
namespace {

TEST(EngineCache, TheSameOptionsShareAnEngine) {
  EngineCache cache;
  RowOptions a;
  RowOptions b;
  b.delta = 1;
  auto first = cache.get(a);
  auto again = cache.get(a);
  auto other = cache.get(b);
  ASSERT_TRUE(first && again && other);
  EXPECT_EQ(first->get(), again->get());
  EXPECT_NE(first->get(), other->get());
  // Names are part of the options: their messages differ.
  RowOptions named = a;
  named.names = OptionNames::camel_case();
  EXPECT_NE(cache.get(named)->get(), first->get());
}

TEST(EngineCache, OnlyTheLastUsedAreKept) {
  EngineCache cache;
  RowOptions o;
  auto kept = cache.get(o);
  for (uint32_t d = 1; d <= EngineCache::kEngines; ++d) {
    RowOptions other;
    other.delta = d;
    ASSERT_TRUE(cache.get(other));
  }
  // The first was used least recently: a new one is made for it.
  EXPECT_NE(cache.get(o)->get(), kept->get());
}

TEST(EngineCache, ABadOptionIsTheChecksError) {
  EngineCache cache;
  RowOptions o;
  o.mode = "superset";
  auto engine = cache.get(o);
  ASSERT_FALSE(engine);
  EXPECT_EQ(engine.error().message,
            "--mode must be equivalence, subset or coverage, not 'superset'");
}

}  // namespace
}  // namespace gqleval::rows
