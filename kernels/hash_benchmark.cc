// hash_string on the sizes the engine hashes: field names (16 B), queries
// (150 B) and schema texts (2 KB, 32 KB). Reports bytes/s.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "kernels/hash.h"

namespace gqleval::kernels {
namespace {

void BM_HashString(benchmark::State& state) {
  std::string text;
  while (text.size() < static_cast<size_t>(state.range(0))) text += "type User { id: ID! } ";
  text.resize(static_cast<size_t>(state.range(0)));
  for (auto _ : state) {
    benchmark::DoNotOptimize(text.data());
    benchmark::DoNotOptimize(hash_string(text));
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_HashString)->Arg(16)->Arg(150)->Arg(2048)->Arg(32768);

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
}  // namespace gqleval::kernels
