// Cost of extract_query on typical LLM answers: a query in a graphql fence
// between paragraphs of prose, and a bare query after a repeated schema.
// Reports answers/s and bytes/s.
#include <benchmark/benchmark.h>

#include <string>

#include "engine/base/arena.h"
#include "io/query_extract.h"

namespace gqleval::io {
namespace {

const std::string kQuery =
    "query GetCity($id: Int!) {\n  city(city_id: $id) {\n    official_name\n"
    "    farm_competition { hosts theme }\n  }\n}";

void run(benchmark::State& state, const std::string& answer) {
  Arena arena;
  for (auto _ : state) {
    arena.reset();
    Extraction e = extract_query(answer, arena);
    benchmark::DoNotOptimize(e);
    if (!e.found) state.SkipWithError("no query found");
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * answer.size()));
}

void BM_ExtractFromFencedAnswer(benchmark::State& state) {
  const std::string answer =
      "To get the city's name and the hosts of its farm competitions, query the `city` "
      "field by id and select the nested `farm_competition` objects.\n\n```graphql\n" +
      kQuery +
      "\n```\n\nThe variable `$id` takes the city id, for example {\"id\": 1}. The query "
      "returns null when no city has that id.";
  run(state, answer);
}
BENCHMARK(BM_ExtractFromFencedAnswer);

void BM_ExtractAfterRepeatedSchema(benchmark::State& state) {
  std::string answer = "Given this schema:\n";
  for (int t = 0; t < 10; ++t) {
    answer += "type T" + std::to_string(t) + " {\n  a: Int\n  b(x: String = \"}\"): [T0]\n}\n";
  }
  answer += "\nthe query is\n" + kQuery + "\n";
  run(state, answer);
}
BENCHMARK(BM_ExtractAfterRepeatedSchema);

}  // namespace
}  // namespace gqleval::io
