// FragmentsOnCompositeTypes: a type condition names an object, interface or
// union type. A type the schema does not know is left to KnownTypeNames.
// graphql-js: `Fragment cannot condition on non composite type "T".` (inline)
// and `Fragment "F" cannot condition on non composite type "T".`, at the
// type condition.
#include <string>

#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

class FragmentsOnCompositeTypes : public Visitor {
 public:
  explicit FragmentsOnCompositeTypes(ValidationContext& ctx) : ctx_(ctx) {}

  void enter_inline_fragment(const ast::InlineFragment& f, const TypeInfo&) override {
    if (f.type_condition.empty() || !non_composite(f.type_condition.value)) return;
    ctx_.report("Fragment cannot condition on non composite type \"" +
                    std::string(f.type_condition.value) + "\".",
                {f.type_condition.loc.pos()});
  }

  void enter_fragment_definition(const ast::FragmentDefinition& f, const TypeInfo&) override {
    if (!non_composite(f.type_condition.value)) return;
    ctx_.report("Fragment \"" + std::string(f.name.value) +
                    "\" cannot condition on non composite type \"" +
                    std::string(f.type_condition.value) + "\".",
                {f.type_condition.loc.pos()});
  }

 private:
  bool non_composite(std::string_view type_name) const {
    schema::TypeId t = ctx_.schema.find_type(type_name);
    return t != schema::kNone && !ctx_.schema.is_composite(t);
  }

  ValidationContext& ctx_;
};

}  // namespace

void rule_fragments_on_composite_types(ValidationContext& ctx) {
  FragmentsOnCompositeTypes v(ctx);
  ctx.walk(v);
}

}  // namespace gqleval::validate
