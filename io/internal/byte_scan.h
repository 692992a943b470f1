// Byte-scanning primitives for the record splitters and parsers: find the next
// occurrence of one or two bytes, and count a byte in a range. They read 16
// bytes per step with SSE2 where the target has it (every x86-64 does) and fall
// back to a plain loop elsewhere, so callers write their state machines once and
// jump from one interesting byte to the next instead of visiting every byte.
// Counting (a quoted cell's line breaks) uses the AVX2 kernels of
// engine/base/wide_scan.h where the CPU has them.
//
// All functions take a half-open range [p, end) and return end when nothing is
// found. They never read outside the range. Header-only: they sit in the inner
// loops of the splitters and must inline.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "engine/base/wide_scan.h"

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

// The closing quote of a JSON string whose text starts at p (just past the
// opening quote), or end when the range holds none. A quote preceded by an odd
// run of backslashes is escaped and does not close the string. Sets
// *has_escape when a backslash comes before the closing quote. Cells that
// hold escaped JSON (an introspection schema) have a backslash every few
// bytes, so this works on 64-byte blocks and their bit masks rather than
// stopping at every backslash.
inline const char* find_string_end(const char* p, const char* end, bool* has_escape) {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  uint64_t carried = 0;  // 1 when the block's first byte is escaped
  while (end - p >= 64) {
    uint64_t quotes = 0;
    uint64_t slashes = 0;
    for (size_t k = 0; k < 64; k += 16) {
      __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + k));
      auto mask_of = [&x](__m128i byte) {
        return static_cast<uint64_t>(
            static_cast<uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, byte))));
      };
      quotes |= mask_of(quote) << k;
      slashes |= mask_of(backslash) << k;
    }
    // Each backslash that is not itself escaped escapes the byte after it.
    uint64_t escaped = carried;
    uint64_t starts = slashes & ~carried;
    carried = 0;
    while (starts != 0) {
      const int i = __builtin_ctzll(starts);
      if (i == 63) {
        carried = 1;
        break;
      }
      escaped |= uint64_t{1} << (i + 1);
      starts &= ~(uint64_t{3} << i);
    }
    const uint64_t closing = quotes & ~escaped;
    if (closing != 0) {
      const int at = __builtin_ctzll(closing);
      if ((slashes & ((uint64_t{1} << at) - 1)) != 0) *has_escape = true;
      return p + at;
    }
    if (slashes != 0) *has_escape = true;
    p += 64;
  }
  if (carried != 0) {
    if (p == end) return end;
    ++p;  // the escaped byte
  }
#endif
  while (p < end) {
    p = find_either(p, end, '"', '\\');
    if (p == end) return end;
    if (*p == '"') return p;
    *has_escape = true;
    p += 2;
  }
  return end;
}

// How many bytes in [p, end) equal c.
inline size_t count_byte(const char* p, const char* end, char c) {
  // Long ranges (a quoted schema cell's line breaks) with AVX2 where the CPU
  // has it: 64 bytes a step.
#if GQLEVAL_AVX2_KERNELS
  if (end - p >= 256 && wide::has_avx2()) return wide::count_byte_avx2(p, end, c);
#endif
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

// The first c in [p, end), or end; when there is one, adds to *counted the
// number of `count` bytes before it. With AVX2 where the CPU has it, one pass
// (a quoted schema cell's closing quote and its line breaks); else find_byte
// and count_byte.
inline const char* find_counting(const char* p, const char* end, char c, char count,
                                 size_t* counted) {
#if GQLEVAL_AVX2_KERNELS
  if (wide::has_avx2()) return wide::find_counting_avx2(p, end, c, count, counted);
#endif
  const char* hit = find_byte(p, end, c);
  if (hit != end) *counted += count_byte(p, hit, count);
  return hit;
}

}  // namespace gqleval::io
