// Parser throughput on the shapes a batch run sees: a ~2 KB StepZen-style
// schema (parsed once per distinct schema) and a ~150-byte query (parsed twice
// per pair). Reports bytes/s and documents/s; the arena is reset between
// iterations, as a batch worker does between records.
#include <benchmark/benchmark.h>

#include <string_view>

#include "engine/base/arena.h"
#include "engine/graphql/internal/lexer.h"
#include "engine/graphql/parser.h"
#include "engine/graphql/printer.h"

namespace gqleval::graphql {
namespace {

// Shaped like the NL2GQL "farm" schema (StepZen, with extensions, filters and
// the generated root fields), plus descriptions and directives.
constexpr std::string_view kSchema = R"(interface census_details {
  census_ranking: String
  population: Float
}
"""
A city that hosts farm competitions.
"""
type City implements census_details {
  area_km_2: Float
  city_id: Int!
  official_name: String
  status: String
}
extend type City {
  farm_competition: [Farm_competition]
}
type Competition_record {
  competition_id: Int!
  farm: Farm
  farm_competition: Farm_competition
  farm_id: Int!
  rank: Int
}
type Farm {
  bulls: Float
  cows: Float
  farm_id: Int!
  oxen: Float
  pigs: Float
  sheep_and_goats: Float
  total_cattle: Float
  total_horses: Float
  working_horses: Float
  year: Int
  competition_record: [Competition_record]
}
type Farm_competition {
  city: City
  competition_id: Int!
  competition_record: [Competition_record]
  host_city_id: Int
  "Who hosts the competition"
  hosts: String
  theme: String
  year: Int
}
input FloatFilter {
  eq: Float
  gt: Float
  lt: Float
}
input IntFilter {
  eq: Int
  ne: Int
  gt: Int
  lt: Int
}
input FarmFilter {
  total_cattle: FloatFilter
  total_horses: FloatFilter
  working_horses: FloatFilter
  year: IntFilter
}
type Query {
  city(city_id: Int!): City
  cityList: [City]
  cityPaginatedList(first: Int, after: Int): [City]
  competition_record(competition_id: Int!, farm_id: Int): [Competition_record]
  competition_recordList: [Competition_record]
  competition_recordPaginatedList(first: Int, after: Int): [Competition_record]
  farm(farm_id: Int!): Farm
  farmList: [Farm]
  filtered_farmList(filter: FarmFilter): [Farm]
  farmPaginatedList(first: Int = 10, after: Int): [Farm]
  farm_competition(competition_id: Int!): Farm_competition
  farm_competitionList: [Farm_competition]
  farm_competitionPaginatedList(first: Int, after: Int): [Farm_competition]
  farm_competitionUsingFarm_competition_host_city_id_fkey(
    city_id: Int!
  ): [Farm_competition] @materializer(query: "farm_competition")
}
)";

constexpr std::string_view kQuery = R"(query MyQuery {
  farm_competitionList {
    theme
    hosts
    city { official_name population }
    competition_record { rank farm { total_horses } }
  }
})";

void run_parse(benchmark::State& state, std::string_view source) {
  Arena arena;
  for (auto _ : state) {
    auto result = parse(source, arena);
    if (!result.ok()) {
      state.SkipWithError("parse failed");
      break;
    }
    benchmark::DoNotOptimize(*result);
    arena.reset();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * source.size()));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
  state.counters["doc_bytes"] = static_cast<double>(source.size());
}

void BM_ParseSchema(benchmark::State& state) { run_parse(state, kSchema); }
BENCHMARK(BM_ParseSchema);

void BM_ParseQuery(benchmark::State& state) { run_parse(state, kQuery); }
BENCHMARK(BM_ParseQuery);

// The lexer alone, to show how the parse time splits.
void BM_LexQuery(benchmark::State& state) {
  Arena arena;
  for (auto _ : state) {
    Lexer lexer(kQuery, arena);
    Token t;
    do {
      t = lexer.next();
      benchmark::DoNotOptimize(t);
    } while (t.kind != TokenKind::kEOF);
    arena.reset();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kQuery.size()));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_LexQuery);

void BM_PrintQuery(benchmark::State& state) {
  Arena arena;
  auto doc = parse(kQuery, arena);
  for (auto _ : state) {
    std::string printed = print(**doc);
    benchmark::DoNotOptimize(printed);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_PrintQuery);

}  // namespace
}  // namespace gqleval::graphql
