// Normalization speed on a cached schema: a typical NL2GQL-sized query
// (~150 bytes), the same with variables and the cycles rule firing, and a
// query over an interface. The document is parsed and validated once, outside
// the timed loop; each iteration normalizes into an arena reset per
// iteration, as a batch worker does. Reports queries/s and source bytes/s.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/normalize/normalize.h"
#include "engine/normalize/rewrites.h"
#include "engine/schema/schema.h"
#include "engine/validate/validator.h"
#include "testing/allocation_counter.h"

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
  const uint64_t allocations_before = gqleval::testing::allocation_count();
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
  const uint64_t allocations = gqleval::testing::allocation_count() - allocations_before;
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
