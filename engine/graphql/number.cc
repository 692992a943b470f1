#include "engine/graphql/number.h"

#include <charconv>
#include <cstdlib>
#include <string>
#include <system_error>

namespace gqleval::graphql {

double number_value(std::string_view text) {
  double d = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), d);
  if (ec != std::errc::result_out_of_range) return d;
  // from_chars leaves the value untouched when it is out of range (so 1e400
  // would read as 0); strtod says which way it went (HUGE_VAL or a zero). The
  // program never leaves the C locale, so '.' is the decimal point.
  return std::strtod(std::string(text).c_str(), nullptr);
}

}  // namespace gqleval::graphql
