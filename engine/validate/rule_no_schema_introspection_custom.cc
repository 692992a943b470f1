// NoSchemaIntrospectionCustom (graphql-js custom rule, not in specifiedRules):
// no field may return an introspection type. graphql-js: `GraphQL
// introspection has been disabled, but the requested query contained the field
// "f".` at the field.
#include "engine/base/concat.h"
#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

class NoSchemaIntrospection : public Visitor {
 public:
  explicit NoSchemaIntrospection(ValidationContext& ctx) : ctx_(ctx) {}

  void enter_field(const ast::Field& f, const TypeInfo& ti) override {
    if (ti.type.named == schema::kNone) return;
    const schema::TypeDef& t = ctx_.schema.type(ti.type.named);
    if (!t.built_in || !t.name.starts_with("__")) return;
    ctx_.report(concat({"GraphQL introspection has been disabled, but the requested "
                                 "query contained the field \"",
                                 f.name.value, "\"."}),
                {f.loc.pos()});
  }

 private:
  ValidationContext& ctx_;
};

}  // namespace

void rule_no_schema_introspection_custom(ValidationContext& ctx) {
  NoSchemaIntrospection v(ctx);
  ctx.walk(v);
}

}  // namespace gqleval::validate
