// Fuzz target: the GraphQL parser and printer on type-system documents (SDL); see
// parse_roundtrip.h. Input: source text.
#include <cstdint>

#include "fuzz/fuzz_util.h"
#include "fuzz/parse_roundtrip.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  gqleval::fuzz::parse_and_round_trip(gqleval::fuzz::as_text(data, size));
  return 0;
}
