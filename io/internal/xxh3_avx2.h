// XXH3-128 streaming with AVX2, for the input's provenance hash. libxxhash is
// built for the x86-64 baseline (SSE2); this translation unit is compiled with
// -mavx2 over the same header, which gives the same hash in about half the
// instructions. Callers use it only where the CPU has AVX2 (has_avx2()).
#pragma once

#include <cstddef>
#include <cstdint>

namespace gqleval::io::xxh3_avx2 {

struct State;

// Whether this CPU runs AVX2 code (checked once).
bool has_avx2();

State* create();
void destroy(State* state);
void update(State* state, const void* data, size_t size);
// The 128-bit digest, as XXH128_hash_t's low and high halves.
void digest(const State* state, uint64_t& low, uint64_t& high);

}  // namespace gqleval::io::xxh3_avx2
