#include "bench/baseline/response_match.h"

#include <vector>

namespace gqleval::baseline {

bool responses_match(const JsonValue& a, const JsonValue& b) {
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case JsonValue::Kind::kArray: {
      const auto& xs = a.items();
      const auto& ys = b.items();
      if (xs.size() != ys.size()) return false;
      std::vector<bool> used(ys.size(), false);
      for (const JsonValue& x : xs) {
        bool found = false;
        for (size_t j = 0; j < ys.size() && !found; ++j) {
          if (!used[j] && responses_match(x, ys[j])) {
            used[j] = true;
            found = true;
          }
        }
        if (!found) return false;
      }
      return true;
    }
    case JsonValue::Kind::kObject: {
      if (a.members().size() != b.members().size()) return false;
      for (const JsonValue::Member& m : a.members()) {
        const JsonValue* other = b.find(m.first);
        if (other == nullptr || !responses_match(m.second, *other)) return false;
      }
      return true;
    }
    default: return scalar_equal(a, b);
  }
}

}  // namespace gqleval::baseline
