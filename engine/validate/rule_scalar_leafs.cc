// ScalarLeafs: a field of leaf type (scalar, enum) has no selection set, and a
// field of composite type has one. Fields of unknown type are skipped.
// graphql-js: `Field "f" must not have a selection since type "T" has no
// subfields.` at the selection set; `Field "f" of type "T" must have a
// selection of subfields. Did you mean "f { ... }"?` at the field.
#include <string>

#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

class ScalarLeafs : public Visitor {
 public:
  explicit ScalarLeafs(ValidationContext& ctx) : ctx_(ctx) {}

  void enter_field(const ast::Field& f, const TypeInfo& ti) override {
    if (ti.type.named == schema::kNone) return;
    const std::string_view name = f.name.value;
    if (ctx_.schema.is_leaf(ti.type.named)) {
      if (f.selection_set) {
        ctx_.report("Field \"" + std::string(name) + "\" must not have a selection since type \"" +
                        ctx_.schema.type_to_string(ti.type) + "\" has no subfields.",
                    {f.selection_set->loc.pos()});
      }
    } else if (!f.selection_set) {
      ctx_.report("Field \"" + std::string(name) + "\" of type \"" +
                      ctx_.schema.type_to_string(ti.type) +
                      "\" must have a selection of subfields. Did you mean \"" + std::string(name) +
                      " { ... }\"?",
                  {f.loc.pos()});
    } else if (f.selection_set->selections.empty()) {
      ctx_.report("Field \"" + std::string(name) + "\" of type \"" +
                      ctx_.schema.type_to_string(ti.type) +
                      "\" must have at least one field selected.",
                  {f.loc.pos()});
    }
  }

 private:
  ValidationContext& ctx_;
};

}  // namespace

void rule_scalar_leafs(ValidationContext& ctx) {
  ScalarLeafs v(ctx);
  ctx.walk(v);
}

}  // namespace gqleval::validate
