// Benchmarks of the value and argument rules (variables, arguments, values), each run
// alone (options.rules) on one typical query: arguments of every scalar kind,
// an enum, input objects with nested filters, lists, variables with defaults,
// a fragment and directives. The document is parsed once; only validate() is
// timed, so a figure is that rule's cost per query plus the validator's fixed
// cost (context set-up), which BM_ValuesRule/None shows by running only
// ExecutableDefinitions, a rule that does next to nothing.
//
// Run: build-*/engine/gqleval_validate_benchmark --benchmark_filter=ValuesRule
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <string_view>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/schema/schema.h"
#include "engine/validate/validator.h"

namespace gqleval::validate {
namespace {

constexpr std::string_view kSchema = R"gql(
enum Order { ASC DESC }
input IntFilter { eq: Int, gt: Int, lt: Int, in: [Int!] }
input StringFilter { eq: String, like: String }
input CityFilter { population: IntFilter, name: StringFilter, and: [CityFilter!], or: [CityFilter!] }
type City { id: ID!, name: String, population: Int, country: Country, neighbours(first: Int = 10): [City] }
type Country { code: ID!, name: String, cities(filter: CityFilter, order: Order = ASC, first: Int!): [City] }
type Query {
  city(id: ID!): City
  cities(filter: CityFilter, order: Order, first: Int = 20, after: String): [City]
  country(code: ID!): Country
}
)gql";

constexpr std::string_view kQuery = R"gql(
query Cities($min: Int = 1000, $name: String!, $first: Int!, $skip: Boolean = false) {
  cities(filter: {population: {gt: $min, in: [1, 2, 3]}, name: {like: $name},
                  or: [{name: {eq: "Oslo"}}, {population: {lt: 50}}]},
         order: DESC, first: 5, after: "abc") {
    ...CityParts
    country @skip(if: $skip) {
      cities(filter: {name: {eq: "Bergen"}}, first: $first) {
        name
      }
    }
  }
  city(id: 7) {
    neighbours(first: 3) @include(if: true) {
      name
    }
  }
}
fragment CityParts on City {
  id
  name
  population
}
)gql";

void BM_ValuesRule(benchmark::State& state, const char* rule) {
  auto schema = schema::Schema::build(kSchema);
  if (!schema.ok()) {
    state.SkipWithError("schema does not build");
    return;
  }
  Arena arena;
  auto doc = graphql::parse(kQuery, arena);
  if (!doc.ok()) {
    state.SkipWithError("query does not parse");
    return;
  }
  ValidateOptions options;
  options.rules = {rule};
  for (auto _ : state) {
    Diagnostics d = validate(**schema, **doc, options);
    if (!d.empty()) {
      state.SkipWithError("the query must be valid");
      return;
    }
    benchmark::DoNotOptimize(d);
  }
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK_CAPTURE(BM_ValuesRule, None, "ExecutableDefinitions");
BENCHMARK_CAPTURE(BM_ValuesRule, NoUndefinedVariables, "NoUndefinedVariables");
BENCHMARK_CAPTURE(BM_ValuesRule, NoUnusedVariables, "NoUnusedVariables");
BENCHMARK_CAPTURE(BM_ValuesRule, UniqueVariableNames, "UniqueVariableNames");
BENCHMARK_CAPTURE(BM_ValuesRule, VariablesAreInputTypes, "VariablesAreInputTypes");
BENCHMARK_CAPTURE(BM_ValuesRule, UniqueArgumentNames, "UniqueArgumentNames");
BENCHMARK_CAPTURE(BM_ValuesRule, UniqueInputFieldNames, "UniqueInputFieldNames");
BENCHMARK_CAPTURE(BM_ValuesRule, KnownArgumentNames, "KnownArgumentNames");
BENCHMARK_CAPTURE(BM_ValuesRule, ProvidedRequiredArguments, "ProvidedRequiredArguments");
BENCHMARK_CAPTURE(BM_ValuesRule, ValuesOfCorrectType, "ValuesOfCorrectType");
BENCHMARK_CAPTURE(BM_ValuesRule, VariablesInAllowedPosition, "VariablesInAllowedPosition");

}  // namespace
}  // namespace gqleval::validate
