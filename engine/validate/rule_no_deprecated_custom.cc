// NoDeprecatedCustom (graphql-js custom rule, not in specifiedRules): reports
// every use of a deprecated field, argument, input field or enum value, with
// graphql-js's messages: `The field T.f is deprecated. <reason>`, `Field "T.f"
// argument "a" is deprecated. <reason>` (or `Directive "@d" argument ...`),
// `The input field I.f is deprecated. <reason>`, `The enum value "E.V" is
// deprecated. <reason>`; each at the node that uses it.
#include <string>

#include "engine/base/concat.h"
#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {



class NoDeprecated : public Visitor {
 public:
  explicit NoDeprecated(ValidationContext& ctx) : ctx_(ctx), s_(ctx.schema) {}

  void enter_field(const ast::Field& f, const TypeInfo& ti) override {
    if (!ti.field || !ti.field->deprecated || ti.parent_type == schema::kNone) return;
    ctx_.report(concat({"The field ", s_.type(ti.parent_type).name, ".", ti.field->name,
                        " is deprecated. ", ti.field->deprecation_reason}),
                {f.loc.pos()});
  }

  void enter_argument(const ast::Argument& a, const TypeInfo& ti) override {
    if (!ti.argument || !ti.argument->deprecated) return;
    if (ti.directive) {
      ctx_.report(concat({"Directive \"@", ti.directive->name, "\" argument \"", ti.argument->name,
                          "\" is deprecated. ", ti.argument->deprecation_reason}),
                  {a.loc.pos()});
    } else if (ti.field && ti.parent_type != schema::kNone) {
      ctx_.report(
          concat({"Field \"", s_.type(ti.parent_type).name, ".", ti.field->name, "\" argument \"",
                  ti.argument->name, "\" is deprecated. ", ti.argument->deprecation_reason}),
          {a.loc.pos()});
    }
  }

  void enter_object_field(const ast::ObjectField& f, const TypeInfo& ti) override {
    schema::TypeId object_type = ti.parent_input_type.named;
    if (object_type == schema::kNone) return;
    const schema::TypeDef& t = s_.type(object_type);
    if (t.kind != schema::TypeKind::kInputObject) return;
    for (const schema::InputValue& field : t.input_fields) {
      if (field.name != f.name.value) continue;
      if (field.deprecated) {
        ctx_.report(concat({"The input field ", t.name, ".", field.name, " is deprecated. ",
                            field.deprecation_reason}),
                    {f.loc.pos()});
      }
      return;
    }
  }

  void enter_value(const ast::Value& v, const TypeInfo& ti) override {
    if (v.kind != ast::ValueKind::kEnum || ti.input_type.named == schema::kNone) return;
    const schema::TypeDef& t = s_.type(ti.input_type.named);
    if (t.kind != schema::TypeKind::kEnum) return;
    for (const schema::EnumValue& value : t.enum_values) {
      if (value.name != v.text) continue;
      if (value.deprecated) {
        ctx_.report(concat({"The enum value \"", t.name, ".", value.name, "\" is deprecated. ",
                            value.deprecation_reason}),
                    {v.loc.pos()});
      }
      return;
    }
  }

 private:
  ValidationContext& ctx_;
  const schema::Schema& s_;
};

}  // namespace

void rule_no_deprecated_custom(ValidationContext& ctx) {
  NoDeprecated v(ctx);
  ctx.walk(v);
}

}  // namespace gqleval::validate
