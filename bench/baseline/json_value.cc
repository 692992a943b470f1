#include "bench/baseline/json_value.h"

#include <charconv>
#include <cmath>

#include <simdjson.h>

#include "io/json_writer.h"

namespace gqleval::baseline {

JsonValue JsonValue::boolean(bool b) {
  JsonValue v;
  v.kind_ = Kind::kBool;
  v.bool_ = b;
  return v;
}

JsonValue JsonValue::integer(int64_t i) {
  JsonValue v;
  v.kind_ = Kind::kNumber;
  v.is_integer_ = true;
  v.integer_ = i;
  v.number_ = static_cast<double>(i);
  return v;
}

JsonValue JsonValue::real(double d) {
  JsonValue v;
  v.kind_ = Kind::kNumber;
  v.number_ = d;
  return v;
}

JsonValue JsonValue::string(std::string s) {
  JsonValue v;
  v.kind_ = Kind::kString;
  v.string_ = std::move(s);
  return v;
}

JsonValue JsonValue::array() {
  JsonValue v;
  v.kind_ = Kind::kArray;
  return v;
}

JsonValue JsonValue::object() {
  JsonValue v;
  v.kind_ = Kind::kObject;
  return v;
}

const JsonValue* JsonValue::find(std::string_view key) const {
  for (const Member& m : members_) {
    if (m.first == key) return &m.second;
  }
  return nullptr;
}

JsonValue& JsonValue::add(std::string key, JsonValue value) {
  members_.emplace_back(std::move(key), std::move(value));
  return members_.back().second;
}

JsonValue& JsonValue::push(JsonValue value) {
  items_.push_back(std::move(value));
  return items_.back();
}

void serialize_json(const JsonValue& v, std::string& out) {
  switch (v.kind()) {
    case JsonValue::Kind::kNull: out += "null"; return;
    case JsonValue::Kind::kBool: out += v.as_bool() ? "true" : "false"; return;
    case JsonValue::Kind::kNumber: {
      char buf[32];
      std::to_chars_result r;
      if (v.is_integer()) {
        r = std::to_chars(buf, buf + sizeof buf, v.as_integer());
      } else if (!std::isfinite(v.as_number())) {
        out += "null";
        return;
      } else {
        r = std::to_chars(buf, buf + sizeof buf, v.as_number());
      }
      out.append(buf, static_cast<size_t>(r.ptr - buf));
      return;
    }
    case JsonValue::Kind::kString: io::append_json_string(out, v.as_string()); return;
    case JsonValue::Kind::kArray:
      out.push_back('[');
      for (size_t i = 0; i < v.items().size(); ++i) {
        if (i) out.push_back(',');
        serialize_json(v.items()[i], out);
      }
      out.push_back(']');
      return;
    case JsonValue::Kind::kObject:
      out.push_back('{');
      for (size_t i = 0; i < v.members().size(); ++i) {
        if (i) out.push_back(',');
        io::append_json_string(out, v.members()[i].first);
        out.push_back(':');
        serialize_json(v.members()[i].second, out);
      }
      out.push_back('}');
      return;
  }
}

std::string to_json(const JsonValue& value) {
  std::string out;
  serialize_json(value, out);
  return out;
}

namespace {

JsonValue from_element(simdjson::dom::element e) {
  switch (e.type()) {
    case simdjson::dom::element_type::NULL_VALUE: return JsonValue::null();
    case simdjson::dom::element_type::BOOL: return JsonValue::boolean(bool(e));
    case simdjson::dom::element_type::INT64: return JsonValue::integer(int64_t(e));
    case simdjson::dom::element_type::UINT64: return JsonValue::real(double(uint64_t(e)));
    case simdjson::dom::element_type::DOUBLE: return JsonValue::real(double(e));
    case simdjson::dom::element_type::STRING:
      return JsonValue::string(std::string(std::string_view(e)));
    case simdjson::dom::element_type::ARRAY: {
      JsonValue a = JsonValue::array();
      for (simdjson::dom::element item : simdjson::dom::array(e)) a.push(from_element(item));
      return a;
    }
    case simdjson::dom::element_type::OBJECT: {
      JsonValue o = JsonValue::object();
      for (simdjson::dom::key_value_pair kv : simdjson::dom::object(e)) {
        o.add(std::string(kv.key), from_element(kv.value));
      }
      return o;
    }
  }
  return JsonValue::null();
}

}  // namespace

Result<JsonValue> parse_json(std::string_view text) {
  // One parser per thread, as a client keeps its decoder; its buffers are reused.
  thread_local simdjson::dom::parser parser;
  simdjson::padded_string padded(text);
  simdjson::dom::element root;
  if (auto error = parser.parse(padded).get(root)) {
    Diagnostic d;
    d.rule = "JSON";
    d.message = std::string("invalid JSON: ") + simdjson::error_message(error);
    return Unexpected{std::move(d)};
  }
  return from_element(root);
}

bool scalar_equal(const JsonValue& a, const JsonValue& b) {
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case JsonValue::Kind::kNull: return true;
    case JsonValue::Kind::kBool: return a.as_bool() == b.as_bool();
    case JsonValue::Kind::kNumber:
      if (a.is_integer() && b.is_integer()) return a.as_integer() == b.as_integer();
      return a.as_number() == b.as_number();
    case JsonValue::Kind::kString: return a.as_string() == b.as_string();
    default: return false;
  }
}

}  // namespace gqleval::baseline
