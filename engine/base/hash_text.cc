#include "engine/base/hash_text.h"

namespace gqleval {

void write_hash_text(uint64_t hash, char* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (size_t i = 0; i < kHashTextSize; ++i) out[i] = kHex[(hash >> (60 - 4 * i)) & 15];
}

std::string hash_text(uint64_t hash) {
  std::string text(kHashTextSize, '0');
  write_hash_text(hash, text.data());
  return text;
}

bool parse_hash_text(std::string_view text, uint64_t* out) {
  if (text.size() != kHashTextSize) return false;
  uint64_t v = 0;
  for (char c : text) {
    uint64_t digit = 0;
    if (c >= '0' && c <= '9') {
      digit = static_cast<uint64_t>(c - '0');
    } else if (c >= 'a' && c <= 'f') {
      digit = static_cast<uint64_t>(c - 'a' + 10);
    } else {
      return false;
    }
    v = v << 4 | digit;
  }
  *out = v;
  return true;
}

}  // namespace gqleval
