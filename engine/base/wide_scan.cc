// Compiled with -mavx2 (engine/base/CMakeLists.txt), and only on x86-64: no
// code here may run on a CPU without AVX2, so has_avx2() lives in
// wide_scan_cpu.cc, and this file uses no inline C++ library code, whose AVX2
// copy the linker could pick for the whole program.
#include "engine/base/wide_scan.h"

#if GQLEVAL_AVX2_KERNELS
#include <immintrin.h>

#include <cstdint>

namespace gqleval::wide {

size_t count_byte_avx2(const char* p, const char* end, char c) {
  size_t n = 0;
  const __m256i vc = _mm256_set1_epi8(c);
  while (end - p >= 64) {
    // Up to 255 steps accumulate in 8-bit lanes before they are summed, so no
    // lane can overflow; two accumulators, 64 bytes a step.
    __m256i a = _mm256_setzero_si256();
    __m256i b = _mm256_setzero_si256();
    for (int steps = 0; end - p >= 64 && steps < 255; ++steps) {
      const auto* v = reinterpret_cast<const __m256i*>(p);
      a = _mm256_sub_epi8(a, _mm256_cmpeq_epi8(_mm256_loadu_si256(v), vc));
      b = _mm256_sub_epi8(b, _mm256_cmpeq_epi8(_mm256_loadu_si256(v + 1), vc));
      p += 64;
    }
    const __m256i zero = _mm256_setzero_si256();
    const __m256i sums = _mm256_add_epi64(_mm256_sad_epu8(a, zero), _mm256_sad_epu8(b, zero));
    n += static_cast<size_t>(_mm256_extract_epi64(sums, 0) + _mm256_extract_epi64(sums, 1) +
                             _mm256_extract_epi64(sums, 2) + _mm256_extract_epi64(sums, 3));
  }
  for (; p < end; ++p) n += static_cast<size_t>(*p == c);
  return n;
}

const char* skip_ascii_avx2(const char* p, const char* end) {
  // 128 bytes a step while all are ASCII, then 32 to find the byte.
  while (end - p >= 128) {
    const auto* v = reinterpret_cast<const __m256i*>(p);
    const __m256i any =
        _mm256_or_si256(_mm256_or_si256(_mm256_loadu_si256(v), _mm256_loadu_si256(v + 1)),
                        _mm256_or_si256(_mm256_loadu_si256(v + 2), _mm256_loadu_si256(v + 3)));
    if (_mm256_movemask_epi8(any) != 0) break;
    p += 128;
  }
  while (end - p >= 32) {
    const auto mask = static_cast<uint32_t>(
        _mm256_movemask_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))));
    if (mask != 0) return p + __builtin_ctz(mask);
    p += 32;
  }
  while (p < end && static_cast<unsigned char>(*p) < 0x80) ++p;
  return p;
}

const char* find_counting_avx2(const char* p, const char* end, char stop, char count,
                               size_t* counted) {
  const __m256i vs = _mm256_set1_epi8(stop);
  const __m256i vc = _mm256_set1_epi8(count);
  size_t n = 0;
  while (end - p >= 64) {
    const auto* v = reinterpret_cast<const __m256i*>(p);
    const __m256i a = _mm256_loadu_si256(v);
    const __m256i b = _mm256_loadu_si256(v + 1);
    const uint64_t stops =
        static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, vs))) |
        static_cast<uint64_t>(static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(b, vs))))
            << 32;
    const uint64_t counts =
        static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, vc))) |
        static_cast<uint64_t>(static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(b, vc))))
            << 32;
    if (stops != 0) {
      const int at = __builtin_ctzll(stops);
      const uint64_t before = at == 0 ? 0 : counts & (~uint64_t{0} >> (64 - at));
      *counted += n + static_cast<size_t>(__builtin_popcountll(before));
      return p + at;
    }
    n += static_cast<size_t>(__builtin_popcountll(counts));
    p += 64;
  }
  for (; p < end && *p != stop; ++p) n += static_cast<size_t>(*p == count);
  if (p != end) *counted += n;
  return p;
}

}  // namespace gqleval::wide

#endif  // GQLEVAL_AVX2_KERNELS
