// Schema benchmarks: building a typical ~2 KB benchmark schema (the size of an
// NL2GQL schema), and the hot lookups that validation and normalization make
// per selection: field by (type, name), type by name.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>

#include "engine/schema/schema.h"

namespace gqleval::schema {
namespace {

// Shaped like the NL2GQL schemas (StepZen-generated): entity types, filter
// inputs and a Query type with one-row, list, filter-list and paginated fields.
constexpr std::string_view kSchema = R"(interface Named { name: String }
type Airport implements Named {
  airport_id: Int!
  name: String
  city: String
  country: String
  iata: String
  flights: [Flight]
}
type Aircraft {
  aircraft_id: Int!
  model: String
  max_gross_weight: Float
  total_disk_area: Float
  flights: [Flight]
}
type Flight {
  flight_id: Int!
  origin: Airport
  destination: Airport
  aircraft: Aircraft
  departure: String
  price: Float
  pilot: Pilot
}
type Pilot implements Named {
  pilot_id: Int!
  name: String
  age: Int
  rank: String
  flights: [Flight]
}
type Crew {
  crew_id: Int!
  pilot: Pilot
  flight: Flight
  role: String
  hours: Float
}
type Maintenance {
  maintenance_id: Int!
  aircraft: Aircraft
  date: String
  notes: String
  cost: Float
}
input StringFilter { eq: String like: String }
input IntFilter { eq: Int ne: Int gt: Int lt: Int }
input FloatFilter { eq: Float gt: Float lt: Float }
input FlightFilter { price: FloatFilter departure: StringFilter flight_id: IntFilter }
input PilotFilter { age: IntFilter name: StringFilter rank: StringFilter }
type Query {
  airport(airport_id: Int!): Airport
  airportList: [Airport]
  airportPaginatedList(first: Int, after: Int): [Airport]
  aircraft(aircraft_id: Int!): Aircraft
  aircraftList: [Aircraft]
  flight(flight_id: Int!): Flight
  flightList: [Flight]
  flightFilterList(filter: FlightFilter): [Flight]
  flightPaginatedList(first: Int, after: Int): [Flight]
  pilot(pilot_id: Int!): Pilot
  pilotList: [Pilot]
  pilotFilterList(filter: PilotFilter): [Pilot]
  pilotPaginatedList(first: Int, after: Int): [Pilot]
  crew(crew_id: Int!): Crew
  crewList: [Crew]
  maintenance(maintenance_id: Int!): Maintenance
  maintenanceList: [Maintenance]
  maintenancePaginatedList(first: Int, after: Int): [Maintenance]
  named: [Named]
}
)";

std::shared_ptr<const Schema> build_or_die() {
  auto built = Schema::build(kSchema);
  if (!built.ok()) std::abort();
  return *built;
}

void BM_BuildSchema(benchmark::State& state) {
  for (auto _ : state) {
    auto built = Schema::build(kSchema);
    benchmark::DoNotOptimize(built);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kSchema.size()));
  state.SetLabel(std::to_string(kSchema.size()) + " bytes");
}
BENCHMARK(BM_BuildSchema);

// The fixed cost of every build: the built-in prelude's 13 types and 5 directives.
void BM_BuildMinimalSchema(benchmark::State& state) {
  for (auto _ : state) {
    auto built = Schema::build("type Query { a: Int }");
    benchmark::DoNotOptimize(built);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_BuildMinimalSchema);

// Every (type, field) pair of the schema's own types, as a query would ask them.
std::vector<std::pair<TypeId, std::string>> all_fields(const Schema& s) {
  std::vector<std::pair<TypeId, std::string>> out;
  for (TypeId t = 0; t < s.type_count(); ++t) {
    if (s.type(t).built_in) continue;
    for (FieldId f : s.type(t).fields) out.emplace_back(t, std::string(s.field(f).name));
  }
  return out;
}

void BM_FindField(benchmark::State& state) {
  auto s = build_or_die();
  auto pairs = all_fields(*s);
  size_t i = 0;
  for (auto _ : state) {
    const auto& [type, name] = pairs[i];
    benchmark::DoNotOptimize(s->find_field(type, name));
    if (++i == pairs.size()) i = 0;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_FindField);

void BM_FindFieldMiss(benchmark::State& state) {
  auto s = build_or_die();
  auto pairs = all_fields(*s);
  for (auto& p : pairs) p.second += "_x";
  size_t i = 0;
  for (auto _ : state) {
    const auto& [type, name] = pairs[i];
    benchmark::DoNotOptimize(s->find_field(type, name));
    if (++i == pairs.size()) i = 0;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_FindFieldMiss);

void BM_FindTypename(benchmark::State& state) {
  auto s = build_or_die();
  TypeId flight = s->find_type("Flight");
  for (auto _ : state) benchmark::DoNotOptimize(s->find_field(flight, "__typename"));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_FindTypename);

void BM_FindType(benchmark::State& state) {
  auto s = build_or_die();
  std::vector<std::string> names;
  for (TypeId t = 0; t < s->type_count(); ++t) names.emplace_back(s->type(t).name);
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(s->find_type(names[i]));
    if (++i == names.size()) i = 0;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_FindType);

}  // namespace
}  // namespace gqleval::schema
