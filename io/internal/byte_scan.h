// Byte-scanning primitives for the record splitters and parsers: find the next
// occurrence of one or two bytes, and count a byte in a range. They read 16
// bytes per step with SSE2 where the target has it (every x86-64 does) and fall
// back to a plain loop elsewhere, so callers write their state machines once and
// jump from one interesting byte to the next instead of visiting every byte.
//
// All functions take a half-open range [p, end) and return end when nothing is
// found. They never read outside the range. Header-only: they sit in the inner
// loops of the splitters and must inline.
#pragma once

#include <cstddef>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace gqleval::io {

// The first c in [p, end), or end.
inline const char* find_byte(const char* p, const char* end, char c) {
  if (p >= end) return end;
  const void* hit = std::memchr(p, c, static_cast<size_t>(end - p));
  return hit != nullptr ? static_cast<const char*>(hit) : end;
}

// The first byte in [p, end) that is a or b, or end.
inline const char* find_either(const char* p, const char* end, char a, char b) {
#if defined(__SSE2__)
  const __m128i va = _mm_set1_epi8(a);
  const __m128i vb = _mm_set1_epi8(b);
  while (end - p >= 16) {
    __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    int mask = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(x, va), _mm_cmpeq_epi8(x, vb)));
    if (mask != 0) return p + __builtin_ctz(static_cast<unsigned>(mask));
    p += 16;
  }
#endif
  for (; p < end; ++p) {
    if (*p == a || *p == b) return p;
  }
  return end;
}

// How many bytes in [p, end) equal c.
inline size_t count_byte(const char* p, const char* end, char c) {
  size_t n = 0;
#if defined(__SSE2__)
  const __m128i vc = _mm_set1_epi8(c);
  while (end - p >= 16) {
    // Up to 255 blocks accumulate in 8-bit lanes before they are summed, so no
    // lane can overflow.
    __m128i acc = _mm_setzero_si128();
    int blocks = 0;
    while (end - p >= 16 && blocks < 255) {
      __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(x, vc));  // a match is -1
      p += 16;
      ++blocks;
    }
    __m128i sums = _mm_sad_epu8(acc, _mm_setzero_si128());
    n += static_cast<size_t>(_mm_cvtsi128_si32(sums)) +
         static_cast<size_t>(_mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums)));
  }
#endif
  for (; p < end; ++p) n += (*p == c);
  return n;
}

}  // namespace gqleval::io
