// PossibleFragmentSpreads: a fragment may be spread only where its type can
// overlap the parent type. graphql-js: `Fragment cannot be spread here as
// objects of type "P" can never be of type "F".` at the inline fragment, and
// `Fragment "X" cannot be spread here as ...` at the spread. Unknown or
// non-composite types are left to other rules.
#include <string>

#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

class PossibleFragmentSpreads : public Visitor {
 public:
  explicit PossibleFragmentSpreads(ValidationContext& ctx) : ctx_(ctx), s_(ctx.schema) {}

  void enter_inline_fragment(const ast::InlineFragment& f, const TypeInfo& ti) override {
    schema::TypeId frag_type = ti.type.named;
    if (!composite(frag_type) || !composite(ti.parent_type)) return;
    if (s_.types_overlap(frag_type, ti.parent_type)) return;
    ctx_.report("Fragment cannot be spread here as objects of type \"" + name(ti.parent_type) +
                    "\" can never be of type \"" + name(frag_type) + "\".",
                {f.loc.pos()});
  }

  void enter_fragment_spread(const ast::FragmentSpread& s, const TypeInfo& ti) override {
    const ast::FragmentDefinition* frag = ctx_.fragment(s.name.value);
    if (!frag) return;
    schema::TypeId frag_type = ctx_.find_type(frag->type_condition.value);
    if (!composite(frag_type) || ti.parent_type == schema::kNone) return;
    if (s_.types_overlap(frag_type, ti.parent_type)) return;
    ctx_.report("Fragment \"" + std::string(s.name.value) +
                    "\" cannot be spread here as objects of type \"" + name(ti.parent_type) +
                    "\" can never be of type \"" + name(frag_type) + "\".",
                {s.loc.pos()});
  }

 private:
  bool composite(schema::TypeId t) const { return t != schema::kNone && s_.is_composite(t); }
  std::string name(schema::TypeId t) const { return std::string(s_.type(t).name); }

  ValidationContext& ctx_;
  const schema::Schema& s_;
};

}  // namespace

void rule_possible_fragment_spreads(ValidationContext& ctx) {
  PossibleFragmentSpreads v(ctx);
  ctx.walk(v);
}

}  // namespace gqleval::validate
