// Benchmarks of the batch layer, on rows made from NL2GQL (the schema text in
// every row, as RGEval's CSV has it; candidates in the four shapes of
// bench/make_rows.py):
//   BM_RunBatch       end to end, file to results file, per thread count;
//   BM_ScoreShard     one worker over a 256-row shard (rows/s, and heap
//                     allocations per row counted by testing/allocation_counter.h);
//   BM_SchemaLookup   the per-row schema cache hit (compare ~2 KB);
//   BM_FormatResult   one JSONL result line.
// Skips when the shared datasets are absent.
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/batch/batch_input.h"
#include "engine/batch/batch_run.h"
#include "engine/batch/internal/row_scorer.h"
#include "engine/batch/schema_cache.h"
#include "io/csv.h"
#include "io/file.h"
#include "testing/allocation_counter.h"

namespace gqleval::batch {
namespace {

std::string quote(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out.push_back('"');
    out.push_back(c);
  }
  return out + "\"";
}

std::string collapse_blanks(std::string_view s) {
  std::string out;
  bool blank = false;
  for (char c : s) {
    const bool b = c == ' ' || c == '\n' || c == '\t' || c == '\r';
    if (b && !blank && !out.empty()) out.push_back(' ');
    if (!b) out.push_back(c);
    blank = b;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// The path of a CSV of `rows` rows made from NL2GQL, written once per run.
const std::string* bench_input(size_t rows) {
  static std::string path;
  static size_t made = 0;
  if (made == rows) return &path;
  auto text = io::read_file(std::string(GQLEVAL_SHARED_DIR) + "/datasets/nl2gql/nl2gql_test.csv");
  if (!text) return nullptr;
  auto parsed = io::parse_csv(*text);
  if (!parsed || parsed->size() < 2) return nullptr;
  const auto& header = (*parsed)[0].fields;
  auto col = [&](std::string_view name) {
    for (size_t i = 0; i < header.size(); ++i) {
      if (header[i] == name) return i;
    }
    return size_t{0};
  };
  const size_t schema = col("schema"), gt = col("gt_query"), gt2 = col("gt_query_2"),
               hops = col("hops");
  const size_t n = parsed->size() - 1;
  path = (std::filesystem::temp_directory_path() /
          ("gqleval_batch_bench_" + std::to_string(::getpid()) + ".csv"))
             .string();
  std::ofstream out(path, std::ios::binary);
  out << "id,schema,reference,candidate,hops\n";
  for (size_t i = 0; i < rows; ++i) {
    const size_t k = i % n;
    const auto& f = (*parsed)[k + 1].fields;
    std::string candidate;
    switch ((i / n + k) % 4) {
      case 0: candidate = f[gt]; break;
      case 1:
        candidate = "Sure! Here is the GraphQL query that answers the question:\n\n```graphql\n" +
                    f[gt] + "\n```\n\nIt selects only the fields that were asked for.";
        break;
      case 2:
        candidate = collapse_blanks(f[gt2]).empty() ? "The query is: " + f[gt] : f[gt2];
        break;
      default: candidate = collapse_blanks(f[gt]); break;
    }
    out << i + 1 << ',' << quote(f[schema]) << ',' << quote(f[gt]) << ',' << quote(candidate) << ','
        << quote(f[hops]) << '\n';
  }
  made = rows;
  return &path;
}

void BM_RunBatch(benchmark::State& state) {
  const std::string* input = bench_input(20000);
  if (input == nullptr) {
    state.SkipWithError("NL2GQL dataset not found");
    return;
  }
  BatchOptions o;
  o.input = *input;
  o.output = "/dev/null";
  o.threads = static_cast<unsigned>(state.range(0));
  size_t rows = 0;
  for (auto _ : state) {
    auto r = run_batch(o);
    if (!r) {
      state.SkipWithError(r.error().message.c_str());
      return;
    }
    rows += r->summary.rows();
  }
  state.SetItemsProcessed(static_cast<int64_t>(rows));
}
BENCHMARK(BM_RunBatch)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ScoreShard(benchmark::State& state) {
  const std::string* path = bench_input(20000);
  if (path == nullptr) {
    state.SkipWithError("NL2GQL dataset not found");
    return;
  }
  auto input = BatchInput::open(*path, InputFormat::kCsv);
  auto columns = resolve_columns(input->column_names(), {}, false);
  SchemaCache cache;
  BatchContext context;
  context.input = &*input;
  context.columns = *columns;
  context.schemas.cache = &cache;
  RowScorer scorer(context);
  io::RecordShard shard;
  io::ShardLimits limits;
  limits.max_records = 256;
  // A shard from the middle of the file: every candidate shape occurs.
  for (int i = 0; i < 10; ++i) input->next_shard(limits, shard);
  std::string out;
  RowTally tally;
  for (int warm = 0; warm < 3; ++warm) {
    out.clear();
    tally.clear();
    scorer.process(shard, out, tally);
  }
  const uint64_t before = gqleval::testing::allocation_count();
  size_t rows = 0;
  for (auto _ : state) {
    out.clear();
    tally.clear();
    scorer.process(shard, out, tally);
    rows += shard.records.size();
  }
  state.SetItemsProcessed(static_cast<int64_t>(rows));
  state.counters["allocs_per_row"] =
      static_cast<double>(gqleval::testing::allocation_count() - before) /
      static_cast<double>(rows);
}
BENCHMARK(BM_ScoreShard)->Unit(benchmark::kMicrosecond);

void BM_SchemaLookup(benchmark::State& state) {
  auto text = io::read_file(std::string(GQLEVAL_SHARED_DIR) + "/datasets/nl2gql/nl2gql_test.csv");
  auto parsed = text ? io::parse_csv(*text)
                     : Result<std::vector<io::CsvRow>, Diagnostic>(Unexpected{Diagnostic{}});
  if (!parsed || parsed->size() < 2) {
    state.SkipWithError("NL2GQL dataset not found");
    return;
  }
  const std::string sdl = (*parsed)[1].fields[3];
  SchemaCache cache;
  SchemaMemo memo(cache);
  for (auto _ : state) benchmark::DoNotOptimize(&memo.get(sdl));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * sdl.size()));
  state.counters["schema_bytes"] = static_cast<double>(sdl.size());
}
BENCHMARK(BM_SchemaLookup);

void BM_FormatResult(benchmark::State& state) {
  score::SubtreeDiff missing[2] = {{"query -> farm(farm_id: 1) -> year", {}, {2, 5}, 1},
                                   {"query -> farm(farm_id: 1) -> total_horses", {}, {3, 5}, 1}};
  score::PairResult r;
  r.verdict = score::Verdict::kUnderfetch;
  r.missing = 2;
  r.precision = 1;
  r.recall = 0.6;
  r.f1 = 0.75;
  r.matched_reference = 0;
  r.missing_paths = missing;
  std::string out;
  for (auto _ : state) {
    out.clear();
    append_row_result(out, OutputFormat::kJsonl, RowKey{123456, "123457", {}}, r);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_FormatResult);

}  // namespace
}  // namespace gqleval::batch
