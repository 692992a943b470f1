// UTF-8 for every stage: validation, decoding, and lengths and prefixes in
// UTF-16 code units.
//
// graphql-js sees text as a JavaScript string: UTF-16 code units decoded from
// the bytes by Node's (WHATWG) UTF-8 decoder. To report the same columns and
// decode the same strings, this decodes the same way. Well-formedness is
// exactly Unicode's (Table 3-7: no overlong forms, no surrogates, nothing above
// U+10FFFF); a malformed sequence is one "maximal subpart" (Unicode 15,
// section 3.9), the unit that the WHATWG decoder replaces with one U+FFFD and
// that counts as one UTF-16 code unit. A supplementary character counts two.
//
// Cost: ASCII runs, the common case in queries, CSV and JSONL, are skipped 64
// bytes per step in find_invalid and utf16_length (128 with AVX2 on long runs,
// engine/base/wide_scan.h); other characters are decoded one at a time. Only
// the functions that build strings allocate.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace gqleval::utf8 {

struct Decoded {
  uint32_t code_point;  // U+FFFD for a malformed sequence
  uint32_t length;      // bytes consumed, >= 1
  bool valid;           // false when the bytes were malformed
};

// Decodes the character at p (p < end).
Decoded decode(const char* p, const char* end);

// UTF-16 code units of a decoded character (U+FFFD for a malformed one: 1).
inline uint32_t utf16_units(uint32_t code_point) { return code_point >= 0x10000 ? 2 : 1; }

// Length of text in UTF-16 code units, as JavaScript's String.length.
size_t utf16_length(std::string_view text);

inline constexpr size_t kValid = static_cast<size_t>(-1);

// The offset of the first byte of the first malformed sequence, or kValid.
size_t find_invalid(std::string_view text);

inline bool is_valid(std::string_view text) { return find_invalid(text) == kValid; }

// Appends code_point (a Unicode scalar value) as UTF-8.
void append(std::string& out, uint32_t code_point);

// Appends text with every malformed sequence replaced by U+FFFD.
void append_sanitized(std::string& out, std::string_view text);

// The first `units` UTF-16 code units of text, as JavaScript's
// String.prototype.slice(0, units) followed by printing to UTF-8: a surrogate
// pair cut in half prints as U+FFFD. Malformed bytes print as U+FFFD.
std::string utf16_prefix(std::string_view text, size_t units);

}  // namespace gqleval::utf8
