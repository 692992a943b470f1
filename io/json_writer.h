// JSON output for result records: string escaping and a small append-only
// writer that places commas and colons, so a result line is built with no
// intermediate objects:
//
//   std::string line;
//   JsonWriter w(line);
//   w.begin_object().key("row").num(17).key("verdict").str("equivalent").end_object();
//
// append_json_string() writes a JSON string literal per RFC 8259 in the JSON
// style of engine/base/string_literal.h: always valid UTF-8, DEL and U+2028 as
// they are. Non-finite doubles are written as null (JSON has no NaN).
//
// The writer checks nesting only in debug builds (assert); it never throws and
// allocates only by growing out.
#pragma once

#include <charconv>
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/string_literal.h"

namespace gqleval::io {

inline void append_json_string(std::string& out, std::string_view text) {
  append_string_literal<StringLiteralStyle::kJson>(out, text);
}

// The shortest text that reads back as `value` (std::to_chars), so a number's
// text depends on the number alone: JSON numbers, and numbers in CSV cells.
template <class T>
void append_number(std::string& out, T value) {
  char buf[32];
  auto r = std::to_chars(buf, buf + sizeof buf, value);
  out.append(buf, static_cast<size_t>(r.ptr - buf));
}

// A JSON number, or null for a non-finite double (JSON has no NaN).
void append_json_real(std::string& out, double value);

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  // A member name; the next call writes its value.
  JsonWriter& key(std::string_view name);

  JsonWriter& str(std::string_view value);
  template <std::integral T>
  JsonWriter& num(T value) {
    before_value();
    if constexpr (std::same_as<T, bool>) {
      out_.append(value ? "true" : "false");
    } else {
      append_number(out_, value);
    }
    return *this;
  }
  JsonWriter& num(double value);
  JsonWriter& boolean(bool value);
  JsonWriter& null();
  // Text that is already JSON (e.g. a "variables" object read from the input).
  JsonWriter& raw(std::string_view json);

  // Nesting depth: 0 when every container is closed.
  size_t depth() const { return has_items_.size(); }

 private:
  void before_value();

  std::string& out_;
  std::vector<bool> has_items_;  // per open container: a comma precedes the next item
  bool after_key_ = false;
};

}  // namespace gqleval::io
