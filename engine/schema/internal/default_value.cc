#include "engine/schema/internal/default_value.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <utility>
#include <vector>

#include "engine/graphql/number.h"
#include "engine/graphql/printer.h"

namespace gqleval::schema {
namespace {

struct JsField;

// A JavaScript value, as graphql-js holds a coerced default.
struct JsValue {
  enum class Kind : uint8_t { kNull, kBoolean, kNumber, kString, kList, kObject };
  Kind kind = Kind::kNull;
  bool boolean = false;
  double number = 0;
  std::string_view string;
  std::vector<JsValue> items;
  std::vector<JsField> fields;  // insertion order, unique keys

  // Defined after JsField: clang instantiates std::vector's constexpr members
  // where JsValue is first constructed, and JsField must be complete there.
  static JsValue of_number(double d);
  static JsValue of_string(std::string_view s);
  const JsValue* field(std::string_view name) const;
};

struct JsField {
  JsField(std::string_view k, JsValue v) : first(k), second(std::move(v)) {}
  std::string_view first;
  JsValue second;
};

JsValue JsValue::of_number(double d) {
  JsValue v;
  v.kind = Kind::kNumber;
  v.number = d;
  return v;
}

JsValue JsValue::of_string(std::string_view s) {
  JsValue v;
  v.kind = Kind::kString;
  v.string = s;
  return v;
}

const JsValue* JsValue::field(std::string_view name) const {
  for (const auto& [k, v] : fields) {
    if (k == name) return &v;
  }
  return nullptr;
}

constexpr int kMaxDepth = 64;  // graphql-js would overflow its stack on a self-referring default

bool is_integer_string(std::string_view s) {  // /^-?(?:0|[1-9][0-9]*)$/
  if (!s.empty() && s[0] == '-') s.remove_prefix(1);
  if (s.empty()) return false;
  if (s[0] == '0') return s.size() == 1;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// graphql-js valueFromASTUntyped: how a custom scalar reads a literal.
JsValue untyped(const ast::Value& v) {
  JsValue out;
  switch (v.kind) {
    case ast::ValueKind::kInt:
    case ast::ValueKind::kFloat: return JsValue::of_number(graphql::number_value(v.text));
    case ast::ValueKind::kString:
    case ast::ValueKind::kEnum: return JsValue::of_string(v.text);
    case ast::ValueKind::kBoolean:
      out.kind = JsValue::Kind::kBoolean;
      out.boolean = v.boolean;
      return out;
    case ast::ValueKind::kList:
      out.kind = JsValue::Kind::kList;
      for (const ast::Value* item : v.list) out.items.push_back(untyped(*item));
      return out;
    case ast::ValueKind::kObject:
      out.kind = JsValue::Kind::kObject;
      for (const ast::ObjectField* f : v.fields) {
        JsValue value = untyped(*f->value);
        bool replaced = false;
        for (auto& [k, existing] : out.fields) {
          if (k == f->name.value) {
            existing = value;
            replaced = true;
          }
        }
        if (!replaced) out.fields.emplace_back(f->name.value, std::move(value));
      }
      return out;
    default: return out;  // null (variables cannot occur in SDL)
  }
}

class DefaultPrinter {
 public:
  explicit DefaultPrinter(const Schema::Impl& s) : s_(s) {}

  // graphql-js valueFromAST: nullopt where it returns undefined.
  std::optional<JsValue> coerce(TypeRef type, const ast::Value& v, int depth) {
    if (depth > kMaxDepth) return std::nullopt;
    if (type.is_non_null()) {
      if (v.kind == ast::ValueKind::kNull) return std::nullopt;
      return coerce(type.nullable(), v, depth);
    }
    if (v.kind == ast::ValueKind::kNull) return JsValue{};
    if (type.is_list()) {
      TypeRef item = type.item();
      JsValue out;
      out.kind = JsValue::Kind::kList;
      if (v.kind == ast::ValueKind::kList) {
        for (const ast::Value* x : v.list) {
          std::optional<JsValue> r = coerce(item, *x, depth + 1);
          if (!r) return std::nullopt;
          out.items.push_back(std::move(*r));
        }
      } else {
        std::optional<JsValue> r = coerce(item, v, depth + 1);
        if (!r) return std::nullopt;
        out.items.push_back(std::move(*r));
      }
      return out;
    }
    if (type.named >= s_.types.size()) return std::nullopt;
    const TypeDef& t = s_.types[type.named];
    if (t.kind == TypeKind::kInputObject) return coerce_object(t, v, depth);
    return parse_literal(t, v);
  }

  // graphql-js astFromValue, printed; nullopt where it returns null.
  std::optional<std::string> literal(const JsValue& value, TypeRef type) {
    if (type.is_non_null()) {
      std::optional<std::string> r = literal(value, type.nullable());
      if (r && *r == "null") return std::nullopt;
      return r;
    }
    if (value.kind == JsValue::Kind::kNull) return "null";
    if (type.is_list()) {
      TypeRef item = type.item();
      if (value.kind != JsValue::Kind::kList) return literal(value, item);
      std::string out = "[";
      bool first = true;
      for (const JsValue& x : value.items) {
        std::optional<std::string> r = literal(x, item);
        if (!r) continue;
        if (!first) out += ", ";
        out += *r;
        first = false;
      }
      return out + "]";
    }
    const TypeDef& t = s_.types[type.named];
    if (t.kind == TypeKind::kInputObject) {
      if (value.kind != JsValue::Kind::kObject) return std::nullopt;
      std::string out = "{";
      bool first = true;
      for (const InputValue& f : t.input_fields) {
        const JsValue* v = value.field(f.name);
        if (v == nullptr) continue;
        std::optional<std::string> r = literal(*v, f.type);
        if (!r) continue;
        if (!first) out += ", ";
        out.append(f.name).append(": ").append(*r);
        first = false;
      }
      return out + "}";
    }
    return leaf_literal(t, value);
  }

  bool threw() const { return threw_; }

 private:
  std::optional<JsValue> coerce_object(const TypeDef& t, const ast::Value& v, int depth) {
    if (v.kind != ast::ValueKind::kObject) return std::nullopt;
    JsValue out;
    out.kind = JsValue::Kind::kObject;
    for (const InputValue& f : t.input_fields) {
      const ast::ObjectField* node = nullptr;
      for (const ast::ObjectField* of : v.fields) {
        if (of->name.value == f.name) node = of;  // the last one wins, as in keyMap
      }
      if (node == nullptr) {
        std::optional<JsValue> d;
        if (f.default_value != nullptr) d = coerce(f.type, *f.default_value, depth + 1);
        if (d) {
          out.fields.emplace_back(f.name, std::move(*d));
        } else if (f.type.is_non_null()) {
          return std::nullopt;
        }
        continue;
      }
      std::optional<JsValue> r = coerce(f.type, *node->value, depth + 1);
      if (!r) return std::nullopt;
      out.fields.emplace_back(f.name, std::move(*r));
    }
    if (t.one_of) {
      if (out.fields.size() != 1 || out.fields[0].second.kind == JsValue::Kind::kNull) {
        return std::nullopt;
      }
    }
    return out;
  }

  std::optional<JsValue> parse_literal(const TypeDef& t, const ast::Value& v) {
    if (t.kind == TypeKind::kEnum) {
      if (v.kind != ast::ValueKind::kEnum) return std::nullopt;
      for (const EnumValue& e : t.enum_values) {
        if (e.name == v.text) return JsValue::of_string(e.name);
      }
      return std::nullopt;
    }
    switch (t.id) {
      case kIntType: {
        if (v.kind != ast::ValueKind::kInt) return std::nullopt;
        double d = graphql::number_value(v.text);
        if (d > 2147483647.0 || d < -2147483648.0) return std::nullopt;
        return JsValue::of_number(d);
      }
      case kFloatType:
        if (v.kind != ast::ValueKind::kInt && v.kind != ast::ValueKind::kFloat) return std::nullopt;
        return JsValue::of_number(graphql::number_value(v.text));
      case kStringType:
        if (v.kind != ast::ValueKind::kString) return std::nullopt;
        return JsValue::of_string(v.text);
      case kBooleanType: {
        if (v.kind != ast::ValueKind::kBoolean) return std::nullopt;
        JsValue out;
        out.kind = JsValue::Kind::kBoolean;
        out.boolean = v.boolean;
        return out;
      }
      case kIdType:
        if (v.kind != ast::ValueKind::kString && v.kind != ast::ValueKind::kInt)
          return std::nullopt;
        return JsValue::of_string(v.text);
      default: return untyped(v);
    }
  }

  std::optional<std::string> leaf_literal(const TypeDef& t, const JsValue& value) {
    switch (value.kind) {
      case JsValue::Kind::kBoolean: return value.boolean ? "true" : "false";
      case JsValue::Kind::kNumber:
        if (!std::isfinite(value.number)) break;
        return js_number_string(value.number);
      case JsValue::Kind::kString:
        if (t.kind == TypeKind::kEnum) return std::string(value.string);
        if (t.id == kIdType && is_integer_string(value.string)) return std::string(value.string);
        return graphql::print_string(value.string);
      default: break;
    }
    threw_ = true;  // graphql-js throws "Cannot convert value to AST" here
    return std::nullopt;
  }

  const Schema::Impl& s_;
  bool threw_ = false;
};

}  // namespace

std::string js_number_string(double x) {
  if (std::isnan(x)) return "NaN";
  if (x == 0) return "0";
  if (std::isinf(x)) return x < 0 ? "-Infinity" : "Infinity";
  if (x < 0) return std::string("-").append(js_number_string(-x));
  // Shortest round-trip digits d.ddde±X, then ECMAScript's Number::toString layout.
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific);
  std::string_view sci(buf, static_cast<size_t>(res.ptr - buf));
  size_t e = sci.find('e');
  std::string digits;
  for (char c : sci.substr(0, e)) {
    if (c != '.') digits.push_back(c);
  }
  int exponent = std::atoi(std::string(sci.substr(e + 1)).c_str());
  int k = static_cast<int>(digits.size());
  int n = exponent + 1;
  auto count = [](int c) { return static_cast<size_t>(c); };
  if (k <= n && n <= 21) return digits.append(count(n - k), '0');
  std::string out;
  if (0 < n && n <= 21) {
    out.append(digits, 0, count(n)).push_back('.');
    return out.append(digits, count(n));
  }
  if (-6 < n && n <= 0) return out.append("0.").append(count(-n), '0').append(digits);
  out.push_back(digits[0]);
  if (k > 1) out.append(".").append(digits, 1);
  return out.append(n - 1 < 0 ? "e-" : "e+").append(std::to_string(std::abs(n - 1)));
}

bool default_value_coerces(const Schema::Impl& s, TypeRef type, const ast::Value& value) {
  return DefaultPrinter(s).coerce(type, value, 0).has_value();
}

std::optional<std::string> print_default_value(const Schema::Impl& s, TypeRef type,
                                               const ast::Value& value) {
  DefaultPrinter printer(s);
  std::optional<JsValue> coerced = printer.coerce(type, value, 0);
  if (!coerced) return std::nullopt;
  std::optional<std::string> text = printer.literal(*coerced, type);
  if (printer.threw()) return graphql::print(value);
  return text;
}

}  // namespace gqleval::schema
