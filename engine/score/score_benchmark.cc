// The cost of scoring one pair, end to end (score_pair.h): a typical NL2GQL
// pair, a 2 KB StepZen-style schema built once, two ~150-byte queries; the
// candidate comes in a fenced block of LLM prose. Also the Stage 4 comparison
// alone, and, when the shared data is present, a sweep over real LLM output.
//
//   build-release/engine/gqleval_score_benchmark --benchmark_repetitions=5
#include <benchmark/benchmark.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/graphql/parser.h"
#include "engine/normalize/normalize.h"
#include "engine/score/internal/tree_compare.h"
#include "engine/score/score_pair.h"
#include "engine/score/subset.h"
#include "engine/validate/validator.h"

namespace gqleval::score {
namespace {

constexpr std::string_view kSchema = R"(
interface Located {
  city: String
  country: String
}
type Farm implements Located {
  farm_id: Int!
  name: String
  city: String
  country: String
  cows: Float
  pigs: Float
  sheep: Float
  total_horses: Float
  year: Int
  competition_record: [Competition_record]
}
type Competition_record {
  competition_id: Int!
  farm_id: Int!
  rank: Int
  farm: Farm
  farm_competition: Farm_competition
}
type Farm_competition {
  competition_id: Int!
  host_city: Host_city
  hosts: String
  theme: String
  year: Int
  competition_record: [Competition_record]
}
type Host_city implements Located {
  city_id: Int!
  official_name: String
  city: String
  country: String
  area_km_2: Float
  population: Float
  farm_competition: [Farm_competition]
}
input FloatFilter {
  eq: Float
  gt: Float
  lt: Float
}
input IntFilter {
  eq: Int
  gt: Int
  lt: Int
}
input FarmFilter {
  cows: FloatFilter
  total_horses: FloatFilter
  year: IntFilter
}
type Query {
  farm(farm_id: Int!): Farm
  farmById(farm_id: Int!): Farm
  farmList: [Farm]
  filtered_farmList(filter: FarmFilter): [Farm]
  farmPaginatedList(first: Int, after: Int): [Farm]
  competition_record(competition_id: Int!, farm_id: Int): [Competition_record]
  competition_recordList: [Competition_record]
  farm_competition(competition_id: Int!): Farm_competition
  farm_competitionList: [Farm_competition]
  host_city(city_id: Int!): Host_city
  host_cityList: [Host_city]
  located(city: String!): [Located]
}
)";

constexpr std::string_view kReference = R"(query MyQuery {
  farm(farm_id: 3) {
    name
    cows
    competition_record {
      rank
      farm_competition { theme year }
    }
  }
})";

constexpr std::string_view kCandidate = R"(Here is the GraphQL query:

```graphql
query FarmCompetitions {
  f: farm(farm_id: 3) {
    competition_record {
      farm_competition { year theme }
      rank
    }
    cows
    name
  }
}
```)";

constexpr std::string_view kMismatch = R"({
  farm(farm_id: 3) {
    name
    pigs
    competition_record { rank farm { name } }
  }
})";

struct Built {
  std::shared_ptr<const schema::Schema> schema;
  std::shared_ptr<const normalize::Rewrites> rewrites;
};

const Built& built() {
  static const Built b = [] {
    Built x;
    auto s = schema::Schema::build(kSchema);
    if (!s.ok()) {
      std::fprintf(stderr, "benchmark schema does not build: %s\n", s.error()[0].message.c_str());
      std::abort();
    }
    x.schema = s.value();
    x.rewrites = normalize::Rewrites::build(x.schema);
    return x;
  }();
  return b;
}

void score_one(benchmark::State& state, std::string_view candidate, Verdict expected) {
  const Built& b = built();
  Scorer scorer;
  const std::vector<std::string_view> refs = {kReference};
  const ScoreOptions options;
  for (auto _ : state) {
    PairResult r = scorer.score(*b.schema, b.rewrites.get(), refs, candidate, options);
    if (r.verdict != expected) {
      state.SkipWithError(std::string(verdict_name(r.verdict)).c_str());
      break;
    }
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                          static_cast<int64_t>(kReference.size() + candidate.size()));
}

void BM_ScorePairEquivalent(benchmark::State& state) {
  score_one(state, kCandidate, Verdict::kEquivalent);
}
BENCHMARK(BM_ScorePairEquivalent);

void BM_ScorePairMismatchExplained(benchmark::State& state) {
  score_one(state, kMismatch, Verdict::kMismatch);
}
BENCHMARK(BM_ScorePairMismatchExplained);

// The same pairs compared as subsets (subset.h: the reference is LEFT, the
// candidate RIGHT, found in the LLM text as `score --mode subset` does).
void subset_one(benchmark::State& state, std::string_view candidate, bool expected) {
  const Built& b = built();
  SubsetComparer comparer;
  SubsetOptions options;
  options.extract_right = true;
  for (auto _ : state) {
    SubsetResult r = comparer.compare(*b.schema, kReference, candidate, options);
    if (r.state != SubsetState::kCompared || r.passed != expected) {
      state.SkipWithError(std::string(subset_state_name(r.state)).c_str());
      break;
    }
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}

// The reference's fields and more, reordered and aliased, in LLM prose.
constexpr std::string_view kSuperset = R"(Here is the GraphQL query:

```graphql
query FarmCompetitions {
  f: farm(farm_id: 3) {
    competition_record {
      farm_competition { year theme hosts }
      rank
    }
    cows
    pigs
    name
  }
}
```)";

void BM_SubsetPass(benchmark::State& state) { subset_one(state, kSuperset, true); }
BENCHMARK(BM_SubsetPass);

void BM_SubsetMissing(benchmark::State& state) { subset_one(state, kMismatch, false); }
BENCHMARK(BM_SubsetMissing);

// Stage 4 alone: intern, matrices, closure, popcount, on normalized trees.
void BM_CompareTrees(benchmark::State& state) {
  const Built& b = built();
  Arena arena;
  normalize::Normalizer normalizer;
  auto tree_of = [&](std::string_view text) {
    auto doc = graphql::parse(text, arena);
    auto op = validate::select_operation(**doc, "");
    return *normalizer.run(*b.schema, **doc, **op, {}, b.rewrites.get(), arena);
  };
  const normalize::NormalTree reference = tree_of(kReference);
  const normalize::NormalTree candidate = tree_of(kMismatch);
  TreeComparer comparer;
  for (auto _ : state) {
    Comparison c = comparer.compare(reference, candidate);
    benchmark::DoNotOptimize(c);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_CompareTrees);

// Real LLM output: the 376 rows of granite-20b on NL2GQL questions (shared
// data, skipped when absent), each scored against its ground truth, schemas
// built once: the real mix of schemas, sizes and verdicts.
void BM_ScoreGraniteRows(benchmark::State& state) {
  const std::string path = std::string(GQLEVAL_SHARED_DIR) +
                           "/datasets/rgeval-granite/"
                           "granite20b_zeroshot_rgeval.csv";
  std::ifstream in(path);
  if (!in) {
    state.SkipWithError(("dataset absent: " + path).c_str());
    return;
  }
  // A minimal RFC 4180 reader: this benchmark must not depend on io/.
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field.push_back('"');
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field.push_back(c);
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      row.push_back(std::move(field));
      field.clear();
    } else if (c == '\n') {
      row.push_back(std::move(field));
      field.clear();
      rows.push_back(std::move(row));
      row.clear();
    } else if (c != '\r') {
      field.push_back(c);
    }
  }
  if (rows.size() < 2 || rows[0].size() < 3) {
    state.SkipWithError("unexpected CSV shape");
    return;
  }
  struct Pair {
    std::shared_ptr<const schema::Schema> schema;
    std::shared_ptr<const normalize::Rewrites> rewrites;
    std::string reference, candidate;
  };
  std::vector<Pair> pairs;
  for (size_t i = 1; i < rows.size(); ++i) {
    if (rows[i].size() < 3) continue;
    auto s = schema::Schema::build(rows[i][0]);
    if (!s.ok()) continue;
    pairs.push_back({s.value(), normalize::Rewrites::build(s.value()), rows[i][1], rows[i][2]});
  }
  Scorer scorer;
  const ScoreOptions options;
  size_t passes = 0, scored = 0;
  for (auto _ : state) {
    for (const Pair& p : pairs) {
      const std::string_view refs[] = {p.reference};
      PairResult r = scorer.score(*p.schema, p.rewrites.get(), refs, p.candidate, options);
      passes += r.pass;
      ++scored;
      benchmark::DoNotOptimize(r);
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(scored));
  state.counters["pass_rate"] = scored ? static_cast<double>(passes) / scored : 0;
  state.counters["pairs"] = static_cast<double>(pairs.size());
}
BENCHMARK(BM_ScoreGraniteRows)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gqleval::score
