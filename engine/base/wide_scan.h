// AVX2 kernels for the scans that read every byte of an input (a 2.4 KB
// schema in every CSV row): counting a byte, skipping ASCII. The project is
// built for the x86-64 baseline (SSE2); these are compiled with -mavx2 in
// their own file and run only where has_avx2() says the CPU can, so every
// caller keeps its SSE2 path for other CPUs and other targets.
#pragma once

#include <cstddef>

namespace gqleval::wide {

// Whether this build has the AVX2 kernels and this CPU runs them (checked
// once). Where it is false, the functions below must not be called; a build
// without them (GQLEVAL_AVX2_KERNELS 0: another target, or GQLEVAL_AVX2=OFF)
// does not define them, so callers name them under #if GQLEVAL_AVX2_KERNELS.
bool has_avx2();

// The number of bytes equal to c in [p, end).
size_t count_byte_avx2(const char* p, const char* end, char c);

// The first byte at or after p with the high bit set, or end.
const char* skip_ascii_avx2(const char* p, const char* end);

// The first `stop` byte in [p, end), or end; when there is one, adds to
// *counted the number of `count` bytes before it: a quoted CSV cell's closing
// quote and its line breaks in one pass.
const char* find_counting_avx2(const char* p, const char* end, char stop, char count,
                               size_t* counted);

}  // namespace gqleval::wide
