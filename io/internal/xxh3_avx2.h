// XXH3-128 streaming with AVX2, for the input's provenance hash. libxxhash is
// built for the x86-64 baseline (SSE2); this translation unit is compiled with
// -mavx2 over the same header, which gives the same hash in about half the
// instructions. Callers use it only where wide::has_avx2()
// (engine/base/wide_scan.h) says the CPU can.
#pragma once

#include <cstddef>
#include <cstdint>

namespace gqleval::io::xxh3_avx2 {

struct State;

State* create();
void destroy(State* state);
void update(State* state, const void* data, size_t size);
// The 128-bit digest, as XXH128_hash_t's low and high halves.
void digest(const State* state, uint64_t& low, uint64_t& high);

}  // namespace gqleval::io::xxh3_avx2
