// Introspection benchmarks on a large generated schema (~1 MB of SDL, shaped
// like a big public API: entity types with descriptions, arguments with
// defaults, interfaces, enums, filter inputs, unions): introspection_to_sdl
// alone, introspection_to_sdl + Schema::build (what loading an introspection
// file costs; the budget is 100 ms), and schema_to_introspection_json. Rates
// are bytes of JSON per second.
#include <string>
#include <string_view>

#include <benchmark/benchmark.h>

#include "engine/introspection/introspection.h"
#include "engine/schema/schema.h"

namespace gqleval::introspection {
namespace {

// About `kTypes` entity types of ~12 fields each, with their filter inputs,
// order enums and a union of every ten; about 1 MB of SDL.
std::string large_sdl() {
  constexpr int kTypes = 1100;
  std::string sdl =
      "\"\"\"A generated schema.\"\"\"\ninterface Node {\n  \"\"\"The id.\"\"\"\n  id: ID!\n}\n\n"
      "enum Direction {\n  ASC\n  DESC @deprecated(reason: \"use ASC\")\n}\n\n"
      "scalar DateTime @specifiedBy(url: \"https://example.com/datetime\")\n\n";
  std::string query = "type Query {\n";
  for (int i = 0; i < kTypes; ++i) {
    const std::string t = "Entity" + std::to_string(i);
    const std::string next = "Entity" + std::to_string((i + 1) % kTypes);
    sdl += "\"\"\"\nThe entity number " + std::to_string(i) +
           ", with a description that runs\nover two lines.\n\"\"\"\n";
    sdl += "type " + t + " implements Node {\n  id: ID!\n";
    sdl += "  \"\"\"The display name.\"\"\"\n  name(upper: Boolean = false): String\n";
    sdl += "  created: DateTime\n  updated: DateTime @deprecated(reason: \"use created\")\n";
    sdl += "  score: Float\n  rank: Int!\n  tags: [String!]!\n";
    sdl += "  next: " + next + "\n";
    sdl += "  related(first: Int = 10, after: String, order: " + t + "Order = {field: ID}): [" +
           next + "!]!\n";
    sdl += "  count(filter: " + t + "Filter): Int\n  active: Boolean\n  notes: [[String]]\n}\n\n";
    sdl += "input " + t + "Filter {\n  id: ID\n  name: String\n  rank_gt: Int\n  rank_lt: Int\n";
    sdl += "  and: [" + t + "Filter!]\n  or: [" + t + "Filter!]\n}\n\n";
    sdl +=
        "input " + t + "Order {\n  field: " + t + "Field = ID\n  direction: Direction = ASC\n}\n\n";
    sdl += "enum " + t + "Field {\n  ID\n  NAME\n  RANK\n  CREATED\n}\n\n";
    if (i % 10 == 9) {
      sdl += "union Group" + std::to_string(i / 10) + " =";
      for (int k = i - 9; k <= i; ++k)
        sdl += (k == i - 9 ? " " : " | ") + ("Entity" + std::to_string(k));
      sdl += "\n\n";
    }
    query += "  entity" + std::to_string(i) + "(id: ID!): " + t + "\n";
    query += "  entities" + std::to_string(i) + "(filter: " + t + "Filter, first: Int = 20): [" +
             t + "!]!\n";
  }
  return sdl + query + "}\n";
}

struct Fixture {
  std::string sdl = large_sdl();
  std::shared_ptr<const schema::Schema> schema;
  std::string json;
  Fixture() {
    auto built = schema::Schema::build(sdl);
    if (built.ok()) schema = std::move(built).value();
    if (schema) json = schema_to_introspection_json(*schema);
  }
};

const Fixture& fixture() {
  static const Fixture f;
  return f;
}

void BM_IntrospectionToSdl(benchmark::State& state) {
  const Fixture& f = fixture();
  if (!f.schema) return state.SkipWithError("the generated schema does not build");
  size_t sdl_bytes = 0;
  for (auto _ : state) {
    auto sdl = introspection_to_sdl(f.json, "large.json");
    if (!sdl.ok()) return state.SkipWithError("introspection_to_sdl failed");
    sdl_bytes = sdl->size();
    benchmark::DoNotOptimize(sdl);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * f.json.size()));
  state.counters["json_MB"] = static_cast<double>(f.json.size()) / 1e6;
  state.counters["sdl_MB"] = static_cast<double>(sdl_bytes) / 1e6;
}
BENCHMARK(BM_IntrospectionToSdl)->Unit(benchmark::kMillisecond);

// Loading an introspection file: JSON -> SDL -> Schema. Budget: 100 ms.
void BM_IntrospectionToSdlAndBuild(benchmark::State& state) {
  const Fixture& f = fixture();
  if (!f.schema) return state.SkipWithError("the generated schema does not build");
  for (auto _ : state) {
    auto sdl = introspection_to_sdl(f.json, "large.json");
    if (!sdl.ok()) return state.SkipWithError("introspection_to_sdl failed");
    auto built = schema::Schema::build(*sdl);
    if (!built.ok()) return state.SkipWithError("the SDL does not build");
    benchmark::DoNotOptimize(built);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * f.json.size()));
  state.counters["types"] = static_cast<double>(f.schema->type_count());
}
BENCHMARK(BM_IntrospectionToSdlAndBuild)->Unit(benchmark::kMillisecond);

// For comparison: building the same schema from its SDL.
void BM_BuildFromSdl(benchmark::State& state) {
  const Fixture& f = fixture();
  for (auto _ : state) {
    auto built = schema::Schema::build(f.sdl);
    benchmark::DoNotOptimize(built);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * f.sdl.size()));
  state.counters["sdl_MB"] = static_cast<double>(f.sdl.size()) / 1e6;
}
BENCHMARK(BM_BuildFromSdl)->Unit(benchmark::kMillisecond);

void BM_SchemaToIntrospectionJson(benchmark::State& state) {
  const Fixture& f = fixture();
  if (!f.schema) return state.SkipWithError("the generated schema does not build");
  for (auto _ : state) {
    std::string json = schema_to_introspection_json(*f.schema);
    benchmark::DoNotOptimize(json);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * f.json.size()));
}
BENCHMARK(BM_SchemaToIntrospectionJson)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gqleval::introspection
