// Normalization speed on a cached schema: a typical NL2GQL-sized query
// (~150 bytes), the same with variables and the cycles rule firing, and a
// query over an interface. The document is parsed and validated once, outside
// the timed loop; each iteration normalizes into an arena reset per
// iteration, as a batch worker does. Reports queries/s and source bytes/s.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <new>
#include <sstream>
#include <string>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/normalize/normalize.h"
#include "engine/normalize/rewrites.h"
#include "engine/schema/schema.h"
#include "engine/validate/validator.h"

// Every heap allocation of the process is counted, so that the benchmark can
// report allocations per normalization (0 in the steady state is the goal).
static std::atomic<uint64_t> g_allocations{0};

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace gqleval::normalize {
namespace {

std::string read_schema(const std::string& name) {
  std::ifstream in(std::string(GQLEVAL_SOURCE_DIR) + "/tests/golden/schemas/" + name + ".graphql");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void run(benchmark::State& state, const std::string& schema_name, const std::string& query,
         const std::string& variables = "") {
  auto built = schema::Schema::build(read_schema(schema_name));
  if (!built.ok()) {
    state.SkipWithError("schema does not build");
    return;
  }
  std::shared_ptr<const schema::Schema> s = *built;
  auto rewrites = Rewrites::build(s);
  Arena doc_arena;
  auto doc = graphql::parse(query, doc_arena);
  if (!doc.ok() || validate::has_errors(validate::validate(*s, **doc))) {
    state.SkipWithError("query does not parse or validate");
    return;
  }
  auto op = validate::select_operation(**doc, "");
  NormalizeOptions options;
  options.variables_json = variables;
  Normalizer normalizer;
  Arena arena;
  size_t nodes = 0;
  // One warm-up run sizes the scratch buffers and the arena.
  (void)normalizer.run(*s, **doc, **op, options, rewrites.get(), arena);
  const uint64_t allocations_before = g_allocations.load();
  for (auto _ : state) {
    arena.reset();
    auto t = normalizer.run(*s, **doc, **op, options, rewrites.get(), arena);
    if (!t.ok()) {
      state.SkipWithError(t.error().message.c_str());
      return;
    }
    nodes = t->nodes.size();
    benchmark::DoNotOptimize(t->nodes.data());
  }
  const uint64_t allocations = g_allocations.load() - allocations_before;
  state.counters["allocs_per_op"] =
      static_cast<double>(allocations) / static_cast<double>(state.iterations());
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * query.size()));
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["query_bytes"] = static_cast<double>(query.size());
}

// About 150 bytes, two levels, arguments: the shape of most NL2GQL references.
const char* kTypical =
    "query MyQuery {\n"
    "  users(id: 1) {\n"
    "    username\n"
    "    email\n"
    "    posts {\n"
    "      title\n"
    "      body\n"
    "      comments { content }\n"
    "    }\n"
    "  }\n"
    "}\n";

void BM_NormalizeTypical(benchmark::State& state) { run(state, "blog", kTypical); }
BENCHMARK(BM_NormalizeTypical);

void BM_NormalizeVariablesAndCycle(benchmark::State& state) {
  run(state, "blog",
      "query Q($id: Int, $c: Boolean!) {\n"
      "  usersById(id: $id) {\n"
      "    username\n"
      "    posts { title users { email } }\n"
      "    comments @include(if: $c) { content }\n"
      "  }\n"
      "}\n");
}
BENCHMARK(BM_NormalizeVariablesAndCycle);

void BM_NormalizeBoundVariables(benchmark::State& state) {
  run(state, "blog",
      "query Q($id: Int, $c: Boolean!) {\n"
      "  users(id: $id) {\n"
      "    username\n"
      "    posts { title }\n"
      "    comments @include(if: $c) { content }\n"
      "  }\n"
      "}\n",
      R"({"id": 4, "c": true})");
}
BENCHMARK(BM_NormalizeBoundVariables);

void BM_NormalizeInterfaceFragments(benchmark::State& state) {
  run(state, "media",
      "{\n"
      "  search(text: \"dune\", first: 5, filter: {sort: DESC}) {\n"
      "    __typename\n"
      "    ... on Media { title }\n"
      "    ... on Book { pages author { name } }\n"
      "  }\n"
      "}\n");
}
BENCHMARK(BM_NormalizeInterfaceFragments);

}  // namespace
}  // namespace gqleval::normalize
