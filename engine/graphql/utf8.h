// UTF-8 helpers for the GraphQL front end.
//
// graphql-js sees a document as a JavaScript string: UTF-16 code units decoded
// from the file's bytes by Node's (WHATWG) UTF-8 decoder. To give the same
// columns and the same decoded strings, we decode the same way: a malformed
// sequence becomes U+FFFD, one replacement per "maximal subpart" (Unicode 15,
// section 3.9), and columns count UTF-16 code units (a supplementary character
// counts 2). Only the functions that build strings allocate.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace gqleval::graphql::utf8 {

struct Decoded {
  uint32_t code_point;  // U+FFFD for a malformed sequence
  uint32_t length;      // bytes consumed, >= 1
  bool valid;           // false when the bytes were malformed
};

// Decodes the character at p (p < end).
Decoded decode(const char* p, const char* end);

inline uint32_t utf16_units(uint32_t code_point) { return code_point >= 0x10000 ? 2 : 1; }

// Length of text in UTF-16 code units, as JavaScript's String.length.
size_t utf16_length(std::string_view text);

// Appends code_point (a Unicode scalar value) as UTF-8.
void append(std::string& out, uint32_t code_point);

// Appends text with every malformed sequence replaced by U+FFFD.
void append_sanitized(std::string& out, std::string_view text);

// True when text is well-formed UTF-8.
bool is_valid(std::string_view text);

// The first `units` UTF-16 code units of text, as JavaScript's
// String.prototype.slice(0, units) followed by printing to UTF-8: a surrogate
// pair cut in half prints as U+FFFD. Malformed bytes print as U+FFFD.
std::string utf16_prefix(std::string_view text, size_t units);

}  // namespace gqleval::graphql::utf8
