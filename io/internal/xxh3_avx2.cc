// Compiled with -mavx2 (io/CMakeLists.txt): XXH3's AVX2 accumulator from
// libxxhash's own header, inlined here. Nothing else in this file may run on a
// CPU without AVX2 (wide::has_avx2() is checked elsewhere); and it uses
// no inline C++ library code (templates, inline functions), whose AVX2 copy
// the linker could pick for the whole program.
#include "io/internal/xxh3_avx2.h"

#if GQLEVAL_AVX2_KERNELS

#define XXH_INLINE_ALL
#define XXH_VECTOR XXH_AVX2
#include <xxhash.h>

namespace gqleval::io::xxh3_avx2 {

struct State {
  XXH3_state_t xxh;
};

State* create() {
  auto* state = new State{};
  XXH3_128bits_reset(&state->xxh);
  return state;
}

void destroy(State* state) { delete state; }

void update(State* state, const void* data, size_t size) {
  XXH3_128bits_update(&state->xxh, data, size);
}

void digest(const State* state, uint64_t& low, uint64_t& high) {
  const XXH128_hash_t h = XXH3_128bits_digest(&state->xxh);
  low = h.low64;
  high = h.high64;
}

}  // namespace gqleval::io::xxh3_avx2

#endif  // GQLEVAL_AVX2_KERNELS
