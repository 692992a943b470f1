// Throughput of the batch CSV path on a synthetic ~50 MB file built in memory:
// rows shaped like NL2GQL's (an id, a multi-line quoted schema of ~2 KB with
// some "" escapes, two queries, a few tags). Reports bytes/s of input.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "engine/base/arena.h"
#include "engine/base/utf8.h"
#include "io/csv_reader.h"
#include "io/internal/csv_splitter.h"

namespace gqleval::io {
namespace {

const std::string& synthetic_csv() {
  static const std::string text = [] {
    std::string schema = "\"";
    for (int t = 0; t < 20; ++t) {
      schema += "type Type" + std::to_string(t) + " {\n";
      for (int f = 0; f < 6; ++f) {
        schema += "  field_" + std::to_string(f) + "(filter: String = \"\"x\"\"): [Int]\n";
      }
      schema += "}\n";
    }
    schema += "\"";
    std::string out = "id,database,nl,schema,gt_query,gt_query_2,fragments,aliases\r\n";
    for (int row = 0; out.size() < (size_t{50} << 20); ++row) {
      out += std::to_string(row);
      out += ",farm,\"Give me the area km square, and the hosts of the farm competition.\",";
      out += schema;
      out += ",\"{\n  city(city_id: 1) {\n    area_km_2\n    farm_competition { hosts }\n  }\n}\"";
      out += ",,0,1\r\n";
    }
    return out;
  }();
  return text;
}

void BM_CsvSplit(benchmark::State& state) {
  const std::string& text = synthetic_csv();
  uint64_t records = 0;
  for (auto _ : state) {
    CsvSplitter splitter(text);
    RecordSpan span;
    records = 0;
    while (splitter.next_record(span)) ++records;
    benchmark::DoNotOptimize(records);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
  state.counters["records"] = static_cast<double>(records);
}
BENCHMARK(BM_CsvSplit)->Unit(benchmark::kMillisecond);

void BM_CsvSplitAndParseFields(benchmark::State& state) {
  const std::string& text = synthetic_csv();
  for (auto _ : state) {
    auto reader = CsvReader::open(text);
    RecordShard shard;
    Arena arena;
    std::vector<std::string_view> fields;
    size_t bad = 0;
    size_t field_bytes = 0;
    while (reader->next_shard(shard)) {
      for (const RecordSpan& span : shard.records) {
        arena.reset();
        bad += !reader->parse(span, arena, fields).ok();
        for (std::string_view f : fields) field_bytes += f.size();
      }
    }
    benchmark::DoNotOptimize(bad);
    benchmark::DoNotOptimize(field_bytes);
    if (bad != 0) state.SkipWithError("unexpected bad records");
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_CsvSplitAndParseFields)->Unit(benchmark::kMillisecond);

void BM_Utf8Validate(benchmark::State& state) {
  const std::string& text = synthetic_csv();
  for (auto _ : state) benchmark::DoNotOptimize(utf8::is_valid(text));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_Utf8Validate)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gqleval::io
