// A warm parser does no heap allocation besides arena growth. This binary
// replaces the global operator new to count allocations; the count is read
// only around parse() calls.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

void* operator new(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace gqleval::graphql {
namespace {

constexpr std::string_view kQuery =
    "query Q($id: Int!, $n: String = \"x\\ty\") { farm(farm_id: $id) @include(if: true) "
    "{ year total_horses cows: total_cattle ... on Farm { competitions(first: 10, "
    "where: {theme: {eq: \"animals\"}, ids: [1, 2, 3]}) { theme hosts } } ...F } }\n"
    "fragment F on Farm { oxen }";

constexpr std::string_view kSchema =
    "\"\"\"\n  A farm.\n  \"\"\"\ntype Farm implements Node & Entity @key(fields: \"id\") {\n"
    "  \"the id\" farm_id: Int!\n  year(format: String = \"\"\"Y\"\"\"): Int @deprecated\n"
    "  competitions(first: Int, where: Where): [Competition!]!\n}\n"
    "enum E { A B } union U = | A | B input Where { theme: Eq ids: [Int!] }\n"
    "directive @key(fields: String!) repeatable on OBJECT | INTERFACE";

TEST(ParserAllocations, WarmParsesAllocateNothingOutsideTheArena) {
  Arena arena;
  for (std::string_view source : {kQuery, kSchema}) {
    // Warm up: the arena and the thread's scratch buffers grow once.
    ASSERT_TRUE(parse(source, arena).ok());
    arena.reset();
    ASSERT_TRUE(parse(source, arena).ok());
    arena.reset();
    long before = g_allocations.load();
    auto result = parse(source, arena);
    long after = g_allocations.load();
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(after - before, 0) << source;
    arena.reset();
  }
}

TEST(ParserAllocations, CounterSeesAllocations) {
  long before = g_allocations.load();
  auto* s = new std::string(100, 'x');
  long after = g_allocations.load();
  delete s;
  EXPECT_GT(after - before, 0);
}

}  // namespace
}  // namespace gqleval::graphql
