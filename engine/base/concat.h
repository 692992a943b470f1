// concat({"a", b, "c"}): one string from several pieces, sized once. Used in
// place of chains of operator+, which allocate per step (and which GCC 12
// misreads with a false -Wrestrict warning, GCC bug 105329).
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

namespace gqleval {

inline std::string concat(std::initializer_list<std::string_view> pieces) {
  size_t size = 0;
  for (std::string_view p : pieces) size += p.size();
  std::string out;
  out.reserve(size);
  for (std::string_view p : pieces) out.append(p);
  return out;
}

}  // namespace gqleval
