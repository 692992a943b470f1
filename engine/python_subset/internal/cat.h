// Joins texts into one string. Messages are built with it rather than with
// chains of `+`: GCC 12 reports a false -Wrestrict on `"lit" + std::string`.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

namespace gqleval::python_subset {

inline std::string cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out += p;
  return out;
}

}  // namespace gqleval::python_subset
