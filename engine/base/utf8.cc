#include "engine/base/utf8.h"

#include "engine/base/wide_scan.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace gqleval::utf8 {
namespace {

bool in(unsigned char c, unsigned char lo, unsigned char hi) { return c >= lo && c <= hi; }

// The first byte at or after p with the high bit set, or end.
const char* skip_ascii(const char* p, const char* end) {
  // Long runs (a schema cell) with AVX2 where the CPU has it.
#if GQLEVAL_AVX2_KERNELS
  if (end - p >= 256 && wide::has_avx2()) return wide::skip_ascii_avx2(p, end);
#endif
#if defined(__SSE2__)
  // 64 bytes a step while all are ASCII (cells are mostly long ASCII runs: a
  // schema's SDL), one branch for four loads; then 16 to find the byte.
  while (end - p >= 64) {
    const auto* v = reinterpret_cast<const __m128i*>(p);
    const __m128i any = _mm_or_si128(_mm_or_si128(_mm_loadu_si128(v), _mm_loadu_si128(v + 1)),
                                     _mm_or_si128(_mm_loadu_si128(v + 2), _mm_loadu_si128(v + 3)));
    if (_mm_movemask_epi8(any) != 0) break;
    p += 64;
  }
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

Decoded decode(const char* p, const char* end) {
  const auto* s = reinterpret_cast<const unsigned char*>(p);
  size_t avail = static_cast<size_t>(end - p);
  unsigned char b0 = s[0];
  if (b0 < 0x80) return {b0, 1, true};
  // The accepted range of the second byte depends on the first (Unicode
  // Table 3-7); the later bytes are always 80..BF.
  uint32_t need;
  unsigned char lo = 0x80, hi = 0xBF;
  uint32_t cp;
  if (in(b0, 0xC2, 0xDF)) {
    need = 1;
    cp = b0 & 0x1F;
  } else if (in(b0, 0xE0, 0xEF)) {
    need = 2;
    cp = b0 & 0x0F;
    if (b0 == 0xE0) lo = 0xA0;
    if (b0 == 0xED) hi = 0x9F;
  } else if (in(b0, 0xF0, 0xF4)) {
    need = 3;
    cp = b0 & 0x07;
    if (b0 == 0xF0) lo = 0x90;
    if (b0 == 0xF4) hi = 0x8F;
  } else {
    return {0xFFFD, 1, false};  // 80..C1 or F5..FF can never start a character
  }
  uint32_t i = 1;
  for (; i <= need; ++i) {
    if (i >= avail) return {0xFFFD, i, false};
    unsigned char c = s[i];
    if (i == 1 ? !in(c, lo, hi) : !in(c, 0x80, 0xBF)) return {0xFFFD, i, false};
    cp = (cp << 6) | (c & 0x3F);
  }
  return {cp, need + 1, true};
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
    Decoded d = decode(p, end);
    units += utf16_units(d.code_point);
    p += d.length;
  }
  return units;
}

size_t find_invalid(std::string_view text) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  const char* p = begin;
  for (;;) {
    p = skip_ascii(p, end);
    if (p == end) return kValid;
    Decoded d = decode(p, end);
    if (!d.valid) return static_cast<size_t>(p - begin);
    p += d.length;
  }
}

void append(std::string& out, uint32_t code_point) {
  const uint32_t cp = code_point;
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

void append_sanitized(std::string& out, std::string_view text) {
  const char* p = text.data();
  const char* end = p + text.size();
  const char* run = p;  // start of the pending well-formed run
  while (p < end) {
    p = skip_ascii(p, end);
    if (p == end) break;
    Decoded d = decode(p, end);
    if (!d.valid) {
      out.append(run, p);
      append(out, 0xFFFD);
      run = p + d.length;
    }
    p += d.length;
  }
  out.append(run, end);
}

std::string utf16_prefix(std::string_view text, size_t units) {
  std::string out;
  const char* p = text.data();
  const char* end = p + text.size();
  while (p < end && units > 0) {
    Decoded d = decode(p, end);
    uint32_t n = utf16_units(d.code_point);
    if (n > units) {
      append(out, 0xFFFD);  // a lone leading surrogate, as Node prints it
      break;
    }
    append(out, d.code_point);
    units -= n;
    p += d.length;
  }
  return out;
}

}  // namespace gqleval::utf8
