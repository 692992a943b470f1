// One member of a parsed JSON object, read as the type the caller expects:
// the small readers that files of our own (a run's resume state, a shard's
// summary) are read back with, so that each does not write them again.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <simdjson.h>

namespace gqleval::io {

// False when `object` has no member `key`, or the member is of another type;
// `out` is then unchanged.
bool read_member(simdjson::dom::element object, std::string_view key, uint64_t* out);
bool read_member(simdjson::dom::element object, std::string_view key, double* out);
bool read_member(simdjson::dom::element object, std::string_view key, bool* out);
bool read_member(simdjson::dom::element object, std::string_view key, std::string* out);

}  // namespace gqleval::io
