// JsonValue: the small JSON document type of the execute-and-match baseline.
// It stands for what a client library hands a practitioner's script after
// `response.json()`: a tree of null, booleans, numbers, strings, arrays and
// objects (members kept in the order the server wrote them).
//
//   serialize_json()  writes the compact JSON text a server sends;
//   parse_json()      reads JSON text back (simdjson DOM), as the client does;
//   scalar_equal()    equality of two non-container values (response_match.h
//                     holds the order-insensitive comparison of whole trees).
//
// Numbers keep whether they were written as integers: 1 and 1.0 compare equal
// (as Python's 1 == 1.0), but serialize as written. Costs: every node owns its
// strings and children (heap); nothing here is tuned beyond plain STL use.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/base/result.h"

namespace gqleval::baseline {

class JsonValue {
 public:
  enum class Kind : uint8_t { kNull, kBool, kNumber, kString, kArray, kObject };
  using Member = std::pair<std::string, JsonValue>;

  JsonValue() = default;
  static JsonValue null() { return {}; }
  static JsonValue boolean(bool b);
  static JsonValue integer(int64_t i);
  static JsonValue real(double d);
  static JsonValue string(std::string s);
  static JsonValue array();
  static JsonValue object();

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::kNull; }
  bool as_bool() const { return bool_; }
  bool is_integer() const { return is_integer_; }
  int64_t as_integer() const { return integer_; }
  double as_number() const { return number_; }
  const std::string& as_string() const { return string_; }
  const std::vector<JsonValue>& items() const { return items_; }
  std::vector<JsonValue>& items() { return items_; }
  const std::vector<Member>& members() const { return members_; }
  std::vector<Member>& members() { return members_; }

  // Object member lookup (first of that name); nullptr when absent or not an object.
  const JsonValue* find(std::string_view key) const;
  // Appends a member to an object; returns the new value.
  JsonValue& add(std::string key, JsonValue value);
  // Appends an item to an array; returns the new value.
  JsonValue& push(JsonValue value);

 private:
  Kind kind_ = Kind::kNull;
  bool bool_ = false;
  bool is_integer_ = false;
  int64_t integer_ = 0;
  double number_ = 0;
  std::string string_;
  std::vector<JsonValue> items_;
  std::vector<Member> members_;
};

// Compact JSON text (no blanks), members in stored order, integers as
// integers, other numbers shortest round-trip; non-finite numbers as null.
void serialize_json(const JsonValue& value, std::string& out);
std::string to_json(const JsonValue& value);

// Parses JSON text (RFC 8259). Error rule "JSON".
Result<JsonValue> parse_json(std::string_view text);

// Equality of two values that are not arrays or objects (false if either is):
// same kind and value, numbers by value (1 == 1.0).
bool scalar_equal(const JsonValue& a, const JsonValue& b);

}  // namespace gqleval::baseline
