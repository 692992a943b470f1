// KnownFragmentNames: every fragment spread names a fragment of the document.
// graphql-js: `Unknown fragment "F".` at the spread's name.
#include <string>

#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

class KnownFragmentNames : public Visitor {
 public:
  explicit KnownFragmentNames(ValidationContext& ctx) : ctx_(ctx) {}
  void enter_fragment_spread(const ast::FragmentSpread& s, const TypeInfo&) override {
    if (ctx_.fragment(s.name.value)) return;
    ctx_.report("Unknown fragment \"" + std::string(s.name.value) + "\".", {s.name.loc.pos()});
  }

 private:
  ValidationContext& ctx_;
};

}  // namespace

void rule_known_fragment_names(ValidationContext& ctx) {
  KnownFragmentNames v(ctx);
  ctx.walk(v);
}

}  // namespace gqleval::validate
