// UTF-8 validation for the input readers, and the character stepping that the
// position and blanking code needs.
//
// find_invalid_utf8() checks well-formedness exactly as Unicode defines it
// (Table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF). ASCII
// runs, the common case in CSV and JSONL inputs, are skipped 16 bytes per step;
// other characters are checked one at a time. utf8_step() decodes the length of
// one character; a malformed sequence is one "maximal subpart" (Unicode section
// 3.9), the unit that a WHATWG decoder (Node's, so graphql-js's) replaces with
// one U+FFFD, so counting steps counts characters as graphql-js sees them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace gqleval::io {

inline constexpr size_t kUtf8Valid = static_cast<size_t>(-1);

// The offset of the first byte of the first malformed sequence, or kUtf8Valid.
size_t find_invalid_utf8(std::string_view text);

inline bool is_valid_utf8(std::string_view text) { return find_invalid_utf8(text) == kUtf8Valid; }

struct Utf8Step {
  uint32_t bytes;        // >= 1
  uint32_t utf16_units;  // 2 for a supplementary character, else 1 (U+FFFD for malformed)
  bool valid;
};

// The character that starts at p (p < end).
Utf8Step utf8_step(const char* p, const char* end);

// The length of text in UTF-16 code units, malformed sequences counting one.
size_t utf16_length(std::string_view text);

}  // namespace gqleval::io
