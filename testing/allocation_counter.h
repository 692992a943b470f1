// Counts the heap allocations of a test or benchmark binary, so that a test can
// assert that a warm code path allocates nothing and a benchmark can report
// allocations per item.
//
// Linking the object library gqleval_allocation_counter (testing/CMakeLists.txt)
// replaces every global allocation function of the binary (scalar and array,
// aligned and nothrow forms, and the matching deletes) with ones that count and
// forward to malloc/aligned_alloc/free. All forms are replaced together: a
// sanitizer runtime supplies its own of any form left out, and those would not
// pair with the deletes here. The count is one relaxed atomic increment per
// allocation, so it is cheap enough to stay on in benchmarks; read it only
// around the code under test (other threads allocate too).
#pragma once

#include <cstdint>

namespace gqleval::testing {

// Allocations made by the process so far.
uint64_t allocation_count();

}  // namespace gqleval::testing
