#include "engine/validate/internal/literal_coercion.h"

#include <cstdint>

namespace gqleval::validate {
namespace {

using schema::TypeRef;

bool leaf_coerces(const schema::Schema& s, const ast::Value& v, const schema::TypeDef& type) {
  using K = ast::ValueKind;
  if (v.kind == K::kVariable) return false;
  if (type.kind == schema::TypeKind::kEnum) {
    return v.kind == K::kEnum && s.enum_value_named(type.id, v.text) != nullptr;
  }
  switch (type.id) {
    case schema::kIntType: return v.kind == K::kInt && fits_int32(v.text);
    case schema::kFloatType: return v.kind == K::kInt || v.kind == K::kFloat;
    case schema::kStringType: return v.kind == K::kString;
    case schema::kBooleanType: return v.kind == K::kBoolean;
    case schema::kIdType: return v.kind == K::kString || v.kind == K::kInt;
    default: return true;  // custom scalar: valueFromASTUntyped
  }
}

const ast::ObjectField* last_field(const ast::Value& v, std::string_view name) {
  const ast::ObjectField* found = nullptr;
  for (const ast::ObjectField* f : v.fields) {
    if (f->name.value == name) found = f;
  }
  return found;
}

bool object_coerces(const schema::Schema& s, const ast::Value& v, const schema::TypeDef& type) {
  if (v.kind != ast::ValueKind::kObject) return false;
  size_t keys = 0;        // fields of the coerced object (@oneOf needs exactly one)
  bool null_key = false;  // the (only) key's value is null
  for (const schema::InputValue& field : type.input_fields) {
    const ast::ObjectField* given = last_field(v, field.name);
    if (!given || !given->value || given->value->kind == ast::ValueKind::kVariable) {
      if (has_coercible_default(s, field)) {
        ++keys;
        null_key = field.default_value->kind == ast::ValueKind::kNull;
      } else if (field.type.is_non_null()) {
        return false;
      }
      continue;
    }
    if (!literal_coerces(s, *given->value, field.type)) return false;
    ++keys;
    null_key = given->value->kind == ast::ValueKind::kNull;
  }
  return !type.one_of || (keys == 1 && !null_key);
}

}  // namespace

bool fits_int32(std::string_view text) {
  bool negative = !text.empty() && text.front() == '-';
  if (negative) text.remove_prefix(1);
  while (text.size() > 1 && text.front() == '0') text.remove_prefix(1);
  if (text.empty() || text.size() > 10) return false;
  int64_t n = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    n = n * 10 + (c - '0');
  }
  return negative ? n <= int64_t{2147483648} : n <= int64_t{2147483647};
}

bool literal_coerces(const schema::Schema& s, const ast::Value& v, TypeRef type) {
  if (type.named == schema::kNone) return false;
  if (type.is_non_null()) {
    if (v.kind == ast::ValueKind::kNull) return false;
    type = type.nullable();
  }
  if (v.kind == ast::ValueKind::kNull) return true;
  if (v.kind == ast::ValueKind::kVariable) return false;
  if (type.is_list()) {
    TypeRef item = type.item();
    if (v.kind != ast::ValueKind::kList) return literal_coerces(s, v, item);
    for (const ast::Value* x : v.list) {
      if (x->kind == ast::ValueKind::kVariable) {
        if (item.is_non_null()) return false;  // a missing variable becomes null
        continue;
      }
      if (!literal_coerces(s, *x, item)) return false;
    }
    return true;
  }
  const schema::TypeDef& def = s.type(type.named);
  if (def.kind == schema::TypeKind::kInputObject) return object_coerces(s, v, def);
  if (def.kind == schema::TypeKind::kScalar || def.kind == schema::TypeKind::kEnum) {
    return leaf_coerces(s, v, def);
  }
  return false;
}

bool has_coercible_default(const schema::Schema& s, const schema::InputValue& input) {
  return input.default_value != nullptr && literal_coerces(s, *input.default_value, input.type);
}

bool is_required_input(const schema::Schema& s, const schema::InputValue& input) {
  return input.type.is_non_null() && !has_coercible_default(s, input);
}

}  // namespace gqleval::validate
