// ValuesOfCorrectType: every literal value fits the input type expected where
// it stands (argument values, variable default values, list items, input
// object fields), as graphql-js 16 checks it:
//   - a scalar literal goes through the scalar's parseLiteral: Int takes an
//     integer literal in the 32-bit range, Float an integer or float literal,
//     String a string, Boolean a boolean, ID a string or an integer literal;
//     a custom scalar accepts any literal (SDL cannot say otherwise). Messages
//     are the scalars' own, e.g. `Int cannot represent non-integer value: "22"`;
//   - an enum takes one of its value names, with "Did you mean the enum value"
//     suggestions;
//   - null is rejected where a non-null type is expected;
//   - an input object literal must give every required field (`Field "T.f" of
//     required type "X!" was not provided.`), name only fields of the type
//     (`Field "f" is not defined by type "T".` with suggestions), and for a
//     @oneOf type give exactly one key whose value is not null;
//   - a list literal where no list is expected is checked as a single item;
//     a single item where a list is expected is checked against the item type;
//   - anything else: `Expected value of type "T", found <value>.`
// Variables are left to VariablesInAllowedPosition; values in positions of
// unknown type (unknown argument or field) are skipped, as graphql-js does.
// Directive arguments on type-system definitions in the document are checked
// too (graphql-js's TypeInfo knows their directive); default values there are
// not (it knows no type for them).
#include <string>
#include <vector>

#include "engine/graphql/printer.h"
#include "engine/schema/suggestions.h"
#include "engine/validate/internal/definition_walk.h"
#include "engine/validate/internal/literal_coercion.h"
#include "engine/validate/internal/sdl_directives.h"
#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

using schema::TypeRef;

class ValuesOfCorrectType : public Visitor {
 public:
  explicit ValuesOfCorrectType(ValidationContext& ctx) : ctx_(ctx), s_(ctx.schema) {}

  void enter_value(const ast::Value& v, const TypeInfo& ti) override {
    switch (v.kind) {
      case ast::ValueKind::kVariable: return;
      case ast::ValueKind::kList:
        // The walk already moved input_type to the item type; the list's own
        // position is parent_input_type.
        if (!ti.parent_input_type.nullable().is_list()) {
          check_leaf(v, ti.input_type);
          skip_children();
        }
        return;
      case ast::ValueKind::kObject: object(v, ti); return;
      case ast::ValueKind::kNull:
        if (ti.input_type.named != schema::kNone && ti.input_type.is_non_null()) {
          expected(v, ti.input_type);
        }
        return;
      default: check_leaf(v, ti.input_type); return;
    }
  }

  void enter_object_field(const ast::ObjectField& f, const TypeInfo& ti) override {
    if (ti.input_type.named != schema::kNone) return;
    schema::TypeId parent = ti.parent_input_type.named;
    if (parent == schema::kNone || s_.type(parent).kind != schema::TypeKind::kInputObject) return;
    std::vector<std::string_view> names;
    for (const schema::InputValue& field : s_.type(parent).input_fields)
      names.push_back(field.name);
    ctx_.report("Field \"" + std::string(f.name.value) + "\" is not defined by type \"" +
                    std::string(s_.type(parent).name) + "\"." + suggest(f.name.value, names),
                {f.loc.pos()});
  }

 private:
  void object(const ast::Value& v, const TypeInfo& ti) {
    schema::TypeId named = ti.input_type.named;
    if (named == schema::kNone || s_.type(named).kind != schema::TypeKind::kInputObject) {
      check_leaf(v, ti.input_type);
      skip_children();
      return;
    }
    const schema::TypeDef& type = s_.type(named);
    for (const schema::InputValue& field : type.input_fields) {
      if (!find_field(v, field.name) && is_required_input(s_, field)) {
        ctx_.report("Field \"" + std::string(type.name) + "." + std::string(field.name) +
                        "\" of required type \"" + s_.type_to_string(field.type) +
                        "\" was not provided.",
                    {v.loc.pos()});
      }
    }
    if (type.one_of) one_of(v, type);
  }

  void one_of(const ast::Value& v, const schema::TypeDef& type) {
    size_t keys = 0;
    for (size_t i = 0; i < v.fields.size(); ++i) {
      bool first = true;
      for (size_t j = 0; j < i && first; ++j)
        first = v.fields[j]->name.value != v.fields[i]->name.value;
      if (first) ++keys;
    }
    if (keys != 1) {
      ctx_.report(
          "OneOf Input Object \"" + std::string(type.name) + "\" must specify exactly one key.",
          {v.loc.pos()});
      return;
    }
    const ast::ObjectField* field = v.fields.back();  // the last occurrence of the one key
    if (!field->value || field->value->kind == ast::ValueKind::kNull) {
      ctx_.report("Field \"" + std::string(type.name) + "." + std::string(field->name.value) +
                      "\" must be non-null.",
                  {v.loc.pos()});
    }
  }

  static const ast::ObjectField* find_field(const ast::Value& v, std::string_view name) {
    for (const ast::ObjectField* f : v.fields) {
      if (f->name.value == name) return f;
    }
    return nullptr;
  }

  // graphql-js isValidValueNode: a value against the full type of its location.
  void check_leaf(const ast::Value& v, TypeRef location) {
    if (location.named == schema::kNone) return;
    const schema::TypeDef& type = s_.type(location.named);
    if (type.kind == schema::TypeKind::kEnum) {
      check_enum(v, type);
    } else if (type.kind == schema::TypeKind::kScalar) {
      check_scalar(v, type);
    } else {
      expected(v, location);
    }
  }

  void check_enum(const ast::Value& v, const schema::TypeDef& type) {
    bool is_enum = v.kind == ast::ValueKind::kEnum;
    if (is_enum && s_.enum_value_named(type.id, v.text)) return;
    std::string printed = graphql::print(v);
    std::string message = is_enum ? "Value \"" + printed + "\" does not exist in \"" +
                                        std::string(type.name) + "\" enum."
                                  : "Enum \"" + std::string(type.name) +
                                        "\" cannot represent non-enum value: " + printed + ".";
    std::vector<std::string_view> names;
    for (const schema::EnumValue& value : type.enum_values) names.push_back(value.name);
    ctx_.report(message + suggest(printed, names, "the enum value"), {v.loc.pos()});
  }

  void check_scalar(const ast::Value& v, const schema::TypeDef& type) {
    using K = ast::ValueKind;
    std::string message;
    switch (type.id) {
      case schema::kIntType:
        if (v.kind != K::kInt) {
          message = "Int cannot represent non-integer value: " + graphql::print(v);
        } else if (!fits_int32(v.text)) {
          message = "Int cannot represent non 32-bit signed integer value: " + std::string(v.text);
        }
        break;
      case schema::kFloatType:
        if (v.kind != K::kInt && v.kind != K::kFloat) {
          message = "Float cannot represent non numeric value: " + graphql::print(v);
        }
        break;
      case schema::kStringType:
        if (v.kind != K::kString) {
          message = "String cannot represent a non string value: " + graphql::print(v);
        }
        break;
      case schema::kBooleanType:
        if (v.kind != K::kBoolean) {
          message = "Boolean cannot represent a non boolean value: " + graphql::print(v);
        }
        break;
      case schema::kIdType:
        if (v.kind != K::kString && v.kind != K::kInt) {
          message = "ID cannot represent a non-string and non-integer value: " + graphql::print(v);
        }
        break;
      default: break;  // a custom scalar: parseLiteral accepts any literal
    }
    if (!message.empty()) ctx_.report(std::move(message), {v.loc.pos()});
  }

  void expected(const ast::Value& v, TypeRef type) {
    ctx_.report("Expected value of type \"" + s_.type_to_string(type) + "\", found " +
                    graphql::print(v) + ".",
                {v.loc.pos()});
  }

  std::string suggest(std::string_view input, const std::vector<std::string_view>& names,
                      std::string_view sub_message = {}) const {
    if (ctx_.options.hide_suggestions) return {};
    return schema::did_you_mean(schema::suggestion_list(input, names), sub_message);
  }

  ValidationContext& ctx_;
  const schema::Schema& s_;
};

}  // namespace

void rule_values_of_correct_type(ValidationContext& ctx) {
  ValuesOfCorrectType v(ctx);
  // graphql-js checks the arguments of directives on type-system definitions too.
  walk_definitions_and_sdl_directives(ctx, v, [&](const SdlDirectiveList& list) {
    ctx.walk_directives(list.directives, list.location, v);
  });
}

}  // namespace gqleval::validate
