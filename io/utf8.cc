#include "io/utf8.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace gqleval::io {
namespace {

// The first byte at or after p with the high bit set, or end.
const char* skip_ascii(const char* p, const char* end) {
#if defined(__SSE2__)
  while (end - p >= 16) {
    int mask = _mm_movemask_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    if (mask != 0) return p + __builtin_ctz(static_cast<unsigned>(mask));
    p += 16;
  }
#endif
  while (p < end && static_cast<unsigned char>(*p) < 0x80) ++p;
  return p;
}

}  // namespace

Utf8Step utf8_step(const char* p, const char* end) {
  const auto b0 = static_cast<unsigned char>(p[0]);
  if (b0 < 0x80) return {1, 1, true};
  // Lead byte -> number of continuation bytes and the range allowed for the
  // first of them (Unicode Table 3-7); the others are always 80..BF.
  int need;
  unsigned char lo = 0x80;
  unsigned char hi = 0xBF;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    need = 1;
  } else if (b0 == 0xE0) {
    need = 2;
    lo = 0xA0;
  } else if (b0 == 0xED) {
    need = 2;
    hi = 0x9F;
  } else if (b0 >= 0xE1 && b0 <= 0xEF) {
    need = 2;
  } else if (b0 == 0xF0) {
    need = 3;
    lo = 0x90;
  } else if (b0 == 0xF4) {
    need = 3;
    hi = 0x8F;
  } else if (b0 >= 0xF1 && b0 <= 0xF3) {
    need = 3;
  } else {
    return {1, 1, false};  // 80..C1 or F5..FF can never start a character
  }
  uint32_t i = 1;
  for (int k = 0; k < need; ++k, ++i) {
    if (p + i >= end) return {i, 1, false};
    const auto b = static_cast<unsigned char>(p[i]);
    if (b < lo || b > hi) return {i, 1, false};
    lo = 0x80;
    hi = 0xBF;
  }
  return {i, need == 3 ? 2u : 1u, true};
}

size_t find_invalid_utf8(std::string_view text) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  const char* p = begin;
  for (;;) {
    p = skip_ascii(p, end);
    if (p == end) return kUtf8Valid;
    Utf8Step step = utf8_step(p, end);
    if (!step.valid) return static_cast<size_t>(p - begin);
    p += step.bytes;
  }
}

size_t utf16_length(std::string_view text) {
  const char* p = text.data();
  const char* end = p + text.size();
  size_t units = 0;
  while (p < end) {
    const char* ascii_end = skip_ascii(p, end);
    units += static_cast<size_t>(ascii_end - p);
    p = ascii_end;
    if (p == end) break;
    Utf8Step step = utf8_step(p, end);
    units += step.utf16_units;
    p += step.bytes;
  }
  return units;
}

}  // namespace gqleval::io
