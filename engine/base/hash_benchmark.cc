// hash_bytes on the sizes the engine hashes: normal-tree keys (16 B), queries
// (150 B) and schema texts (2 KB, on a schema-cache miss); hash_combine's
// latency. Reports bytes/s and items/s.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "engine/base/hash.h"

namespace gqleval {
namespace {

void BM_HashBytes(benchmark::State& state) {
  std::string text;
  while (text.size() < static_cast<size_t>(state.range(0))) text += "type User { id: ID! } ";
  text.resize(static_cast<size_t>(state.range(0)));
  for (auto _ : state) {
    benchmark::DoNotOptimize(text.data());
    benchmark::DoNotOptimize(hash_bytes(text));
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_HashBytes)->Arg(16)->Arg(150)->Arg(2048);

void BM_HashCombine(benchmark::State& state) {
  uint64_t h = 0;
  uint64_t id = 0;
  for (auto _ : state) {
    h = hash_combine(h, ++id);  // a dependent chain: the latency of one combine
    benchmark::DoNotOptimize(h);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_HashCombine);

}  // namespace
}  // namespace gqleval
