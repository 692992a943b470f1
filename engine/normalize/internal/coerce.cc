#include "engine/normalize/internal/coerce.h"

#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>
#include <utility>

#include "engine/graphql/number.h"

namespace gqleval::normalize {

namespace {

// GraphQL's IntValue grammar has no leading zeros, so the source text is
// canonical except for "-0".
std::string_view canonical_int_text(std::string_view text) {
  return text == "-0" ? std::string_view("0") : text;
}

// Reads a value whose type was checked before; the error cannot happen.
template <class R, class T>
void read(R&& result, T& out) {
  if (std::forward<R>(result).get(out) != simdjson::SUCCESS) out = T{};
}

bool builtin_named(const schema::TypeDef& t, std::string_view name) {
  return t.built_in && t.name == name;
}

// An integral JSON number, if `value` is one (1.0 counts, as in JavaScript;
// a UINT64 does not).
bool integral_number(const simdjson::dom::element& value, int64_t& out) {
  using simdjson::dom::element_type;
  const element_type t = value.type();
  if (t == element_type::INT64) return value.get_int64().get(out) == simdjson::SUCCESS;
  if (t == element_type::DOUBLE) {
    double d = 0;
    if (value.get_double().get(d) != simdjson::SUCCESS) return false;
    if (std::trunc(d) != d || std::fabs(d) > 9.0e15) return false;
    out = static_cast<int64_t>(d);
    return true;
  }
  return false;
}

// n in decimal, in the arena.
std::string_view int_text(Arena& arena, int64_t n) {
  char buf[24];
  auto res = std::to_chars(buf, buf + sizeof(buf), n);
  return arena.copy_string(std::string_view(buf, static_cast<size_t>(res.ptr - buf)));
}

const schema::InputValue* find_input(std::span<const schema::InputValue> defs,
                                     std::string_view name) {
  for (const schema::InputValue& d : defs) {
    if (d.name == name) return &d;
  }
  return nullptr;
}

void sort_arguments(std::vector<CArgument>& args) {
  // Few arguments: insertion sort beats std::sort's setup.
  for (size_t i = 1; i < args.size(); ++i) {
    CArgument a = args[i];
    size_t j = i;
    while (j > 0 && args[j - 1].name > a.name) {
      args[j] = args[j - 1];
      --j;
    }
    args[j] = a;
  }
}

}  // namespace

// ------------------------------------------------------------------ helpers

const CValue* ValueCoercer::make(CKind kind, std::string_view text) {
  CValue* v = arena_.make<CValue>();
  v->kind = kind;
  v->text = text;
  return v;
}

const CValue* ValueCoercer::make_symbol(uint32_t index) {
  CValue* v = arena_.make<CValue>();
  v->kind = CKind::kSymbol;
  v->symbol = index;
  return v;
}

const CValue* ValueCoercer::make_null() { return make(CKind::kNull); }

const CValue* ValueCoercer::float_value(double d) {
  if (d == 0) d = 0;  // -0.0 and 0.0 are one value
  if (std::isinf(d)) return make(CKind::kFloat, d > 0 ? "Infinity" : "-Infinity");
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf) - 2, d);
  char* end = res.ptr;
  std::string_view printed(buf, static_cast<size_t>(end - buf));
  if (printed.find_first_of(".eEn") == std::string_view::npos) {
    *end++ = '.';
    *end++ = '0';
  }
  return make(CKind::kFloat, arena_.copy_string(std::string_view(buf, end - buf)));
}

std::span<const CField> ValueCoercer::sorted_fields(std::span<CField> fields) {
  std::sort(fields.begin(), fields.end(),
            [](const CField& a, const CField& b) { return a.name < b.name; });
  return fields;
}

std::nullptr_t ValueCoercer::fail(std::string_view rule, std::string message, SourcePos pos) {
  if (!error_) error_ = make_error(rule, std::move(message), pos);
  return nullptr;
}

// ------------------------------------------------------------------ literals

const CValue* ValueCoercer::coerce_literal(const ast::Value& value, schema::TypeRef type) {
  if (value.kind == ast::ValueKind::kVariable) {
    if (resolver_ == nullptr) {
      return fail("Normalize", "Variable \"$" + std::string(value.text) + "\" is not allowed here.",
                  value.loc.pos());
    }
    return resolver_->resolve(*this, value, type);
  }
  if (value.kind == ast::ValueKind::kNull) return make_null();
  if (type.named == schema::kNone) return literal_generic(value);
  if (type.is_list()) {
    schema::TypeRef item = type.item();
    CValue* list = arena_.make<CValue>();
    list->kind = CKind::kList;
    if (value.kind == ast::ValueKind::kList) {
      auto items = arena_.make_array<const CValue*>(value.list.size());
      for (size_t i = 0; i < value.list.size(); ++i) {
        items[i] = coerce_literal(*value.list[i], item);
        if (items[i] == nullptr) return nullptr;
      }
      list->items = items;
    } else {
      // List input coercion: a single value is a list of one.
      auto items = arena_.make_array<const CValue*>(1);
      items[0] = coerce_literal(value, item);
      if (items[0] == nullptr) return nullptr;
      list->items = items;
    }
    return list;
  }
  const schema::TypeDef& td = schema_.type(type.named);
  switch (td.kind) {
    case schema::TypeKind::kScalar: return literal_scalar(value, td);
    case schema::TypeKind::kEnum:
      if (value.kind == ast::ValueKind::kEnum) return make(CKind::kEnum, value.text);
      return literal_generic(value);
    case schema::TypeKind::kInputObject:
      if (value.kind == ast::ValueKind::kObject) return literal_object(value, td);
      return literal_generic(value);
    default: return literal_generic(value);
  }
}

const CValue* ValueCoercer::literal_scalar(const ast::Value& value, const schema::TypeDef& td) {
  using K = ast::ValueKind;
  if (td.built_in) {
    if (td.name == "Int" && value.kind == K::kInt) {
      return make(CKind::kInt, canonical_int_text(value.text));
    }
    if (td.name == "Float" && (value.kind == K::kInt || value.kind == K::kFloat)) {
      return float_value(graphql::number_value(value.text));
    }
    if (td.name == "String" && value.kind == K::kString) return make(CKind::kString, value.text);
    if (td.name == "Boolean" && value.kind == K::kBoolean) {
      CValue* v = arena_.make<CValue>();
      v->kind = CKind::kBoolean;
      v->boolean = value.boolean;
      return v;
    }
    if (td.name == "ID") {
      if (value.kind == K::kString) return make(CKind::kString, value.text);
      // graphql-js's ID takes an IntValue's text as written: "-0" stays "-0".
      if (value.kind == K::kInt) return make(CKind::kString, value.text);
    }
  }
  // Custom scalars: no coercion rule is known, so the literal stays as written
  // (object fields still sorted: key order never matters in an input value).
  return literal_generic(value);
}

const CValue* ValueCoercer::literal_generic(const ast::Value& value) {
  using K = ast::ValueKind;
  switch (value.kind) {
    case K::kVariable: return coerce_literal(value, schema::TypeRef{});
    case K::kNull: return make_null();
    case K::kInt: return make(CKind::kInt, canonical_int_text(value.text));
    case K::kFloat: return make(CKind::kFloat, value.text);
    case K::kString: return make(CKind::kString, value.text);
    case K::kEnum: return make(CKind::kEnum, value.text);
    case K::kBoolean: {
      CValue* v = arena_.make<CValue>();
      v->kind = CKind::kBoolean;
      v->boolean = value.boolean;
      return v;
    }
    case K::kList: {
      CValue* list = arena_.make<CValue>();
      list->kind = CKind::kList;
      auto items = arena_.make_array<const CValue*>(value.list.size());
      for (size_t i = 0; i < value.list.size(); ++i) {
        items[i] = literal_generic(*value.list[i]);
        if (items[i] == nullptr) return nullptr;
      }
      list->items = items;
      return list;
    }
    case K::kObject: {
      CValue* obj = arena_.make<CValue>();
      obj->kind = CKind::kObject;
      auto fields = arena_.make_array<CField>(value.fields.size());
      for (size_t i = 0; i < value.fields.size(); ++i) {
        fields[i].name = value.fields[i]->name.value;
        fields[i].value = literal_generic(*value.fields[i]->value);
        if (fields[i].value == nullptr) return nullptr;
      }
      obj->fields = sorted_fields(fields);
      return obj;
    }
  }
  return make_null();
}

const CValue* ValueCoercer::literal_object(const ast::Value& value, const schema::TypeDef& td) {
  auto fields = arena_.make_array<CField>(value.fields.size());
  size_t n = 0;
  for (const ast::ObjectField* of : value.fields) {
    const schema::InputValue* def = find_input(td.input_fields, of->name.value);
    if (def == nullptr) continue;  // validation reports unknown fields
    const CValue* v = coerce_literal(*of->value, def->type);
    if (v == nullptr) return nullptr;
    if (def->default_value != nullptr) {
      const CValue* d = default_of(*def);
      if (d != nullptr && values_equal(*v, *d)) continue;  // same as left out
    }
    fields[n++] = CField{def->name, v};
  }
  CValue* obj = arena_.make<CValue>();
  obj->kind = CKind::kObject;
  obj->fields = sorted_fields(fields.first(n));
  return obj;
}

const CValue* ValueCoercer::default_of(const schema::InputValue& definition) {
  if (definition.default_value == nullptr) return nullptr;
  VariableResolver* saved = resolver_;
  resolver_ = nullptr;  // default values are constants
  const CValue* v = coerce_literal(*definition.default_value, definition.type);
  resolver_ = saved;
  return v;
}

bool ValueCoercer::coerce_arguments(std::span<const ast::Argument* const> given,
                                    std::span<const schema::InputValue> definitions,
                                    std::vector<CArgument>& out) {
  out.clear();
  for (const ast::Argument* arg : given) {
    const schema::InputValue* def = find_input(definitions, arg->name.value);
    if (def == nullptr) continue;
    const CValue* v = coerce_literal(*arg->value, def->type);
    if (v == nullptr) return false;
    if (def->default_value != nullptr) {
      const CValue* d = default_of(*def);
      if (d != nullptr && values_equal(*v, *d)) continue;  // same as left out
    }
    out.push_back(CArgument{def->name, v});
  }
  sort_arguments(out);
  return true;
}

// ------------------------------------------------------------------ JSON

const CValue* ValueCoercer::coerce_json(const simdjson::dom::element& value, schema::TypeRef type,
                                        std::string_view variable, SourcePos pos) {
  return json_value(value, type, JsonSite{variable, pos});
}

std::nullptr_t ValueCoercer::json_invalid(const simdjson::dom::element& value, const JsonSite& site,
                                          const std::string& detail) {
  std::string msg = "Variable \"$" + std::string(site.variable) + "\" got invalid value " +
                    simdjson::minify(value) + "; " + detail;
  return fail("VariableValues", std::move(msg), site.pos);
}

const CValue* ValueCoercer::json_value(const simdjson::dom::element& value, schema::TypeRef type,
                                       const JsonSite& site) {
  if (value.is_null()) {
    if (type.is_non_null()) {
      return json_invalid(
          value, site,
          "Expected non-nullable type \"" + schema_.type_to_string(type) + "\" not to be null.");
    }
    return make_null();
  }
  if (type.named == schema::kNone) return json_generic(value);
  if (type.is_list()) {
    schema::TypeRef item = type.item();
    CValue* list = arena_.make<CValue>();
    list->kind = CKind::kList;
    simdjson::dom::array array;
    if (value.get_array().get(array) == simdjson::SUCCESS) {
      auto items = arena_.make_array<const CValue*>(array.size());
      size_t i = 0;
      for (simdjson::dom::element e : array) {
        items[i] = json_value(e, item, site);
        if (items[i++] == nullptr) return nullptr;
      }
      list->items = items;
    } else {
      auto items = arena_.make_array<const CValue*>(1);
      items[0] = json_value(value, item, site);
      if (items[0] == nullptr) return nullptr;
      list->items = items;
    }
    return list;
  }
  const schema::TypeDef& td = schema_.type(type.named);
  switch (td.kind) {
    case schema::TypeKind::kScalar: return json_scalar(value, td, site);
    case schema::TypeKind::kEnum: {
      std::string_view s;
      if (value.get_string().get(s) == simdjson::SUCCESS) {
        for (const schema::EnumValue& ev : td.enum_values) {
          if (ev.name == s) return make(CKind::kEnum, ev.name);
        }
        return json_invalid(value, site,
                            "Value \"" + std::string(s) + "\" does not exist in \"" +
                                std::string(td.name) + "\" enum.");
      }
      return json_invalid(
          value, site, "Enum \"" + std::string(td.name) + "\" cannot represent non-string value.");
    }
    case schema::TypeKind::kInputObject: return json_object(value, td, site);
    default: return json_generic(value);
  }
}

const CValue* ValueCoercer::json_scalar(const simdjson::dom::element& value,
                                        const schema::TypeDef& td, const JsonSite& site) {
  if (builtin_named(td, "Int")) return json_int(value, site);
  if (builtin_named(td, "Float")) return json_float(value, site);
  if (builtin_named(td, "String")) return json_string(value, site);
  if (builtin_named(td, "Boolean")) return json_boolean(value, site);
  if (builtin_named(td, "ID")) return json_id(value, site);
  return json_generic(value);
}

const CValue* ValueCoercer::json_int(const simdjson::dom::element& value, const JsonSite& site) {
  const bool unsigned64 = value.type() == simdjson::dom::element_type::UINT64;
  int64_t n = 0;
  if (!unsigned64 && !integral_number(value, n)) {
    return json_invalid(value, site,
                        "Int cannot represent non-integer value: " + simdjson::minify(value));
  }
  if (unsigned64 || n < INT32_MIN || n > INT32_MAX) {
    return json_invalid(
        value, site,
        "Int cannot represent non 32-bit signed integer value: " + simdjson::minify(value));
  }
  return make(CKind::kInt, int_text(arena_, n));
}

const CValue* ValueCoercer::json_float(const simdjson::dom::element& value, const JsonSite& site) {
  using simdjson::dom::element_type;
  const element_type t = value.type();
  const bool is_number =
      t == element_type::INT64 || t == element_type::UINT64 || t == element_type::DOUBLE;
  double d = 0;
  if (!is_number || value.get_double().get(d) != simdjson::SUCCESS) {
    if (t == element_type::INT64) {
      int64_t n = 0;
      read(value.get_int64(), n);
      return float_value(static_cast<double>(n));
    }
    if (t == element_type::UINT64) {
      uint64_t n = 0;
      read(value.get_uint64(), n);
      return float_value(static_cast<double>(n));
    }
    return json_invalid(value, site,
                        "Float cannot represent non numeric value: " + simdjson::minify(value));
  }
  return float_value(d);
}

const CValue* ValueCoercer::json_string(const simdjson::dom::element& value, const JsonSite& site) {
  std::string_view s;
  if (value.get_string().get(s) != simdjson::SUCCESS) {
    return json_invalid(value, site,
                        "String cannot represent a non string value: " + simdjson::minify(value));
  }
  return make(CKind::kString, arena_.copy_string(s));
}

const CValue* ValueCoercer::json_boolean(const simdjson::dom::element& value,
                                         const JsonSite& site) {
  bool b = false;
  if (value.get_bool().get(b) != simdjson::SUCCESS) {
    return json_invalid(value, site,
                        "Boolean cannot represent a non boolean value: " + simdjson::minify(value));
  }
  CValue* v = arena_.make<CValue>();
  v->kind = CKind::kBoolean;
  v->boolean = b;
  return v;
}

// A string, or an integral number as its decimal text.
const CValue* ValueCoercer::json_id(const simdjson::dom::element& value, const JsonSite& site) {
  std::string_view s;
  if (value.get_string().get(s) == simdjson::SUCCESS) {
    return make(CKind::kString, arena_.copy_string(s));
  }
  int64_t n = 0;
  if (integral_number(value, n)) return make(CKind::kString, int_text(arena_, n));
  return json_invalid(value, site, "ID cannot represent value: " + simdjson::minify(value));
}

const CValue* ValueCoercer::json_generic(const simdjson::dom::element& value) {
  using simdjson::dom::element_type;
  switch (value.type()) {
    case element_type::NULL_VALUE: return make_null();
    case element_type::BOOL: {
      CValue* v = arena_.make<CValue>();
      v->kind = CKind::kBoolean;
      read(value.get_bool(), v->boolean);
      return v;
    }
    case element_type::INT64:
    case element_type::UINT64: {
      std::string text = simdjson::minify(value);
      return make(CKind::kInt, arena_.copy_string(text));
    }
    case element_type::DOUBLE: {
      double d = 0;
      read(value.get_double(), d);
      return float_value(d);
    }
    case element_type::STRING: {
      std::string_view s;
      read(value.get_string(), s);
      return make(CKind::kString, arena_.copy_string(s));
    }
    case element_type::ARRAY: {
      simdjson::dom::array array;
      read(value.get_array(), array);
      CValue* list = arena_.make<CValue>();
      list->kind = CKind::kList;
      auto items = arena_.make_array<const CValue*>(array.size());
      size_t i = 0;
      for (simdjson::dom::element e : array) items[i++] = json_generic(e);
      list->items = items;
      return list;
    }
    case element_type::OBJECT: {
      simdjson::dom::object object;
      read(value.get_object(), object);
      CValue* obj = arena_.make<CValue>();
      obj->kind = CKind::kObject;
      auto fields = arena_.make_array<CField>(object.size());
      size_t i = 0;
      for (simdjson::dom::key_value_pair kv : object) {
        fields[i].name = arena_.copy_string(kv.key);
        fields[i].value = json_generic(kv.value);
        ++i;
      }
      obj->fields = sorted_fields(fields.first(i));
      return obj;
    }
  }
  return make_null();
}

const CValue* ValueCoercer::json_object(const simdjson::dom::element& value,
                                        const schema::TypeDef& td, const JsonSite& site) {
  simdjson::dom::object object;
  if (value.get_object().get(object) != simdjson::SUCCESS) {
    return json_invalid(value, site,
                        "Expected type \"" + std::string(td.name) + "\" to be an object.");
  }
  auto fields = arena_.make_array<CField>(object.size());
  size_t n = 0;
  for (simdjson::dom::key_value_pair kv : object) {
    const schema::InputValue* def = find_input(td.input_fields, kv.key);
    if (def == nullptr) {
      return json_invalid(value, site,
                          "Field \"" + std::string(kv.key) + "\" is not defined by type \"" +
                              std::string(td.name) + "\".");
    }
    const CValue* v = json_value(kv.value, def->type, site);
    if (v == nullptr) return nullptr;
    if (def->default_value != nullptr) {
      const CValue* d = default_of(*def);
      if (d != nullptr && values_equal(*v, *d)) continue;
    }
    fields[n++] = CField{def->name, v};
  }
  for (const schema::InputValue& def : td.input_fields) {
    if (!def.type.is_non_null() || def.default_value != nullptr) continue;
    simdjson::dom::element ignored;
    if (object.at_key(def.name).get(ignored) != simdjson::SUCCESS) {
      return json_invalid(value, site,
                          "Field \"" + std::string(def.name) + "\" of required type \"" +
                              schema_.type_to_string(def.type) + "\" was not provided.");
    }
  }
  CValue* obj = arena_.make<CValue>();
  obj->kind = CKind::kObject;
  obj->fields = sorted_fields(fields.first(n));
  return obj;
}

}  // namespace gqleval::normalize
