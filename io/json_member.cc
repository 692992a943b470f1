#include "io/json_member.h"

namespace gqleval::io {

bool read_member(simdjson::dom::element object, std::string_view key, uint64_t* out) {
  return object[key].get_uint64().get(*out) == simdjson::SUCCESS;
}

bool read_member(simdjson::dom::element object, std::string_view key, double* out) {
  return object[key].get_double().get(*out) == simdjson::SUCCESS;
}

bool read_member(simdjson::dom::element object, std::string_view key, bool* out) {
  return object[key].get_bool().get(*out) == simdjson::SUCCESS;
}

bool read_member(simdjson::dom::element object, std::string_view key, std::string* out) {
  std::string_view s;
  if (object[key].get_string().get(s) != simdjson::SUCCESS) return false;
  *out = std::string(s);
  return true;
}

}  // namespace gqleval::io
