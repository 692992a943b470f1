#include "fuzz/bundled_schemas.h"

#include "fuzz/fuzz_util.h"

namespace gqleval::fuzz {

const std::vector<std::shared_ptr<const schema::Schema>>& bundled_schemas() {
  // Built on first use and kept for the process (never destroyed, so no
  // order-of-destruction question at exit).
  static const auto* built = [] {
    auto* out = new std::vector<std::shared_ptr<const schema::Schema>>;
    for (const EmbeddedText& s : schemas()) {
      auto b = schema::Schema::build(s.text);
      GQLEVAL_FUZZ_CHECK(b.ok(), "bundled schema %.*s does not build",
                         static_cast<int>(s.name.size()), s.name.data());
      out->push_back(*b);
    }
    return out;
  }();
  return *built;
}

}  // namespace gqleval::fuzz
