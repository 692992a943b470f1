// The text of a 64-bit hash wherever gqleval writes one for a reader: 16
// lower-case hex digits, most significant first (a score row's
// reference_hash, the HASH of a row's stable key LINE:HASH, a shard summary's
// schema keys). One writer and one parser, so that what a run writes, report
// and merge read back.
//
// Cost: a table lookup per digit; the writer allocates nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace gqleval {

inline constexpr size_t kHashTextSize = 16;

// Writes the 16 digits of `hash` to out[0..15] (no terminator).
void write_hash_text(uint64_t hash, char* out);

// The 16 digits of `hash` as a string.
std::string hash_text(uint64_t hash);

// The hash whose text `text` is: exactly 16 digits 0-9, a-f; false for
// anything else (upper case included, as no writer writes it).
bool parse_hash_text(std::string_view text, uint64_t* out);

}  // namespace gqleval
