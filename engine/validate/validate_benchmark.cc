// Validation benchmarks.
//
// BM_ValidateNl2gql/<query>: the whole validator (every rule) on typical NL2GQL
//   queries against a cached schema of the NL2GQL "farm" kind (StepZen style, 2 KB).
//   The document is parsed once; only validate() is timed. Target: < 5 us/query.
//   Documents of fields and literal arguments are certified in one walk
//   (simple_document.h); the fragment query goes through the rules.
// BM_ValidateNl2gqlRules/<query>: the same queries through the rules alone.
// BM_OverlapNl2gql/<query>: OverlappingFieldsCanBeMerged alone on those queries.
// BM_Overlap<Shape>/<n>: OverlappingFieldsCanBeMerged alone on one selection set of
//   n fields, n = 500, 1000, 1500, 2000, so the growth shows; Google Benchmark fits
//   the complexity (BigO) over the sizes. Shapes:
//     DistinctKeys    n fields with n response keys;
//     DuplicateKeys   n copies of 4 fields (n/4 per key: pairwise this is n^2/8 pairs);
//     FragmentKeys    n distinct keys, half in a spread fragment (the "between" path);
//     DeepDuplicates  n/4 copies of `farm_competition { hosts }` (composite fields
//                     must be compared pair by pair: quadratic, as in graphql-js).
// BM_OverlapFinder<Shape>/<n>: the same search without the validator around it
//   (no document traversal, no context): OverlappingFieldsFinder::find_within on
//   the n-field selection set, reusing one finder as the rule does.
//
// Run: build-*/engine/gqleval_validate_benchmark [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/schema/schema.h"
#include "engine/validate/internal/context.h"
#include "engine/validate/internal/overlapping_fields.h"
#include "engine/validate/validator.h"

namespace gqleval::validate {
namespace {

constexpr std::string_view kFarmSchema = R"gql(
interface census_details {
  census_ranking: String
  population: Float
}
type City implements census_details {
  area_km_2: Float
  city_id: Int!
  official_name: String
  status: String
  census_ranking: String
  population: Float
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
  hosts: String
  theme: String
  year: Int
}
input StringFilter {
  eq: String
  like: String
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
  farm(farm_id: Int!): Farm
  farmList: [Farm]
  filtered_farmList(filter: FarmFilter): [Farm]
  farmPaginatedList(first: Int, after: Int): [Farm]
  farm_competition(competition_id: Int!): Farm_competition
  farm_competitionList: [Farm_competition]
}
)gql";

// Typical NL2GQL ground truths: plain nesting, a filter, aliases, a fragment.
constexpr std::string_view kNestedQuery = R"gql(query MyQuery {
  city(city_id: 1) {
    area_km_2
    farm_competition {
      hosts
    }
  }
})gql";

constexpr std::string_view kFilterQuery = R"gql(query MyQuery {
  filtered_farmList(filter: {total_horses: {gt: 5000}, year: {eq: 2010}}) {
    farm_id
    total_horses
  }
})gql";

constexpr std::string_view kAliasQuery = R"gql(query MyQuery {
  first: farm(farm_id: 1) { cows pigs }
  second: farm(farm_id: 2) { cows pigs }
})gql";

constexpr std::string_view kFragmentQuery = R"gql(query MyQuery {
  farm_competitionList {
    ...CompetitionFields
    city { official_name status }
  }
}
fragment CompetitionFields on Farm_competition {
  theme
  year
  hosts
})gql";

std::shared_ptr<const schema::Schema> farm_schema() {
  static const std::shared_ptr<const schema::Schema> schema = [] {
    auto built = schema::Schema::build(kFarmSchema);
    return built.ok() ? std::move(built).value() : nullptr;
  }();
  return schema;
}

// Parses `query` once and times validate() with `options` on it.
void run_validate(benchmark::State& state, std::string_view query,
                  const ValidateOptions& options = {}) {
  auto schema = farm_schema();
  if (!schema) {
    state.SkipWithError("the benchmark schema does not build");
    return;
  }
  Arena arena;
  auto doc = graphql::parse(query, arena);
  if (!doc.ok()) {
    state.SkipWithError(("the benchmark query does not parse: " + doc.error().message).c_str());
    return;
  }
  if (has_errors(validate(*schema, **doc, options))) {
    state.SkipWithError("the benchmark query is not valid");
    return;
  }
  for (auto _ : state) {
    Diagnostics diagnostics = validate(*schema, **doc, options);
    benchmark::DoNotOptimize(diagnostics);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(query.size()));
}

void BM_ValidateNl2gql(benchmark::State& state, std::string_view query) {
  run_validate(state, query);
}
BENCHMARK_CAPTURE(BM_ValidateNl2gql, nested, kNestedQuery);
BENCHMARK_CAPTURE(BM_ValidateNl2gql, filter, kFilterQuery);
BENCHMARK_CAPTURE(BM_ValidateNl2gql, aliases, kAliasQuery);
BENCHMARK_CAPTURE(BM_ValidateNl2gql, fragment, kFragmentQuery);

// The same with the rules alone (no certify_simple_document() first): what a
// document the certificate does not cover costs.
void BM_ValidateNl2gqlRules(benchmark::State& state, std::string_view query) {
  static const ValidateOptions options = [] {
    ValidateOptions o;
    o.certify_simple = false;
    return o;
  }();
  run_validate(state, query, options);
}
BENCHMARK_CAPTURE(BM_ValidateNl2gqlRules, nested, kNestedQuery);
BENCHMARK_CAPTURE(BM_ValidateNl2gqlRules, filter, kFilterQuery);
BENCHMARK_CAPTURE(BM_ValidateNl2gqlRules, aliases, kAliasQuery);

// ---------------------------------------------------------------- overlap at scale

const ValidateOptions& overlap_only() {
  static const ValidateOptions options = [] {
    ValidateOptions o;
    o.rules = {"OverlappingFieldsCanBeMerged"};
    return o;
  }();
  return options;
}

// The rule's share of a typical query's validation.
void BM_OverlapNl2gql(benchmark::State& state, std::string_view query) {
  run_validate(state, query, overlap_only());
}
BENCHMARK_CAPTURE(BM_OverlapNl2gql, aliases, kAliasQuery);
BENCHMARK_CAPTURE(BM_OverlapNl2gql, fragment, kFragmentQuery);

constexpr std::string_view kFarmLeaves[] = {"bulls", "cows", "oxen", "pigs"};

// Appends `f<i>: <leaf> `. (Appends, not `"f" + std::to_string(i)`: GCC 12 warns
// falsely, -Wrestrict, on that.)
void aliased_leaf(int i, std::string& out) {
  out.append("f").append(std::to_string(i)).append(": ").append(kFarmLeaves[i % 4]).append(" ");
}

std::string distinct_keys(int n) {
  std::string q = "{ farmList { ";
  for (int i = 0; i < n; ++i) aliased_leaf(i, q);
  return q + "} }";
}

std::string duplicate_keys(int n) {
  std::string q = "{ farmList { ";
  for (int i = 0; i < n; ++i) q.append(kFarmLeaves[i % 4]).append(" ");
  return q + "} }";
}

std::string fragment_keys(int n) {
  std::string q = "{ farmList { ...F ";
  std::string fragment = "fragment F on Farm { ";
  for (int i = 0; i < n; ++i) aliased_leaf(i, i % 2 == 0 ? q : fragment);
  return q + "} }\n" + fragment + "}";
}

std::string deep_duplicates(int n) {
  std::string q = "{ cityList { ";
  for (int i = 0; i < n / 4; ++i) q += "farm_competition { hosts } ";
  return q + "} }";
}

template <std::string (*Make)(int)>
void BM_Overlap(benchmark::State& state) {
  std::string query = Make(static_cast<int>(state.range(0)));
  run_validate(state, query, overlap_only());
  state.SetComplexityN(state.range(0));
}

BENCHMARK(BM_Overlap<distinct_keys>)
    ->Name("BM_OverlapDistinctKeys")
    ->DenseRange(500, 2000, 500)
    ->Complexity();
BENCHMARK(BM_Overlap<duplicate_keys>)
    ->Name("BM_OverlapDuplicateKeys")
    ->DenseRange(500, 2000, 500)
    ->Complexity();
BENCHMARK(BM_Overlap<fragment_keys>)
    ->Name("BM_OverlapFragmentKeys")
    ->DenseRange(500, 2000, 500)
    ->Complexity();
BENCHMARK(BM_Overlap<deep_duplicates>)
    ->Name("BM_OverlapDeepDuplicates")
    ->DenseRange(500, 2000, 500)
    ->Complexity();

// The search alone (OverlappingFieldsFinder::find_within on the big selection set,
// with a warm finder), without the validator's traversal of the document.
template <std::string (*Make)(int)>
void BM_OverlapFinder(benchmark::State& state) {
  auto schema = farm_schema();
  std::string query = Make(static_cast<int>(state.range(0)));
  Arena arena;
  auto doc = graphql::parse(query, arena);
  if (!schema || !doc.ok()) {
    state.SkipWithError("the benchmark schema or query does not build");
    return;
  }
  ValidationContext ctx(*schema, **doc, overlap_only());
  const auto& operation = ast::as<ast::OperationDefinition>(*(*doc)->definitions[0]);
  const auto& root_field = ast::as<ast::Field>(*operation.selection_set->selections[0]);
  schema::TypeId parent =
      schema->field_named(schema->query_type(), root_field.name.value)->type.named;
  OverlappingFieldsFinder finder;
  std::vector<FieldConflict> conflicts;
  for (auto _ : state) {
    finder.reset(ctx);
    conflicts.clear();
    finder.find_within(parent, *root_field.selection_set, conflicts);
    benchmark::DoNotOptimize(conflicts);
  }
  if (!conflicts.empty()) state.SkipWithError("the benchmark selection has conflicts");
  state.SetItemsProcessed(state.iterations() * state.range(0));  // fields per second
  state.SetComplexityN(state.range(0));
}

BENCHMARK(BM_OverlapFinder<distinct_keys>)
    ->Name("BM_OverlapFinderDistinctKeys")
    ->DenseRange(500, 2000, 500)
    ->Complexity();
BENCHMARK(BM_OverlapFinder<duplicate_keys>)
    ->Name("BM_OverlapFinderDuplicateKeys")
    ->DenseRange(500, 2000, 500)
    ->Complexity();
BENCHMARK(BM_OverlapFinder<fragment_keys>)
    ->Name("BM_OverlapFinderFragmentKeys")
    ->DenseRange(500, 2000, 500)
    ->Complexity();

// The whole validator on the 2,000-field selections.
void BM_ValidateAllRules2000(benchmark::State& state, std::string (*make)(int)) {
  run_validate(state, make(2000));
}
BENCHMARK_CAPTURE(BM_ValidateAllRules2000, distinct_keys, &distinct_keys);
BENCHMARK_CAPTURE(BM_ValidateAllRules2000, duplicate_keys, &duplicate_keys);

}  // namespace
}  // namespace gqleval::validate
