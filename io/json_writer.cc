#include "io/json_writer.h"

#include <cassert>
#include <cmath>

namespace gqleval::io {

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!has_items_.empty()) {
    if (has_items_.back()) out_.push_back(',');
    has_items_.back() = true;
  }
}

JsonWriter& JsonWriter::begin_object() {
  before_value();
  out_.push_back('{');
  has_items_.push_back(false);
  return *this;
}

JsonWriter& JsonWriter::end_object() {
  assert(!has_items_.empty() && !after_key_);
  has_items_.pop_back();
  out_.push_back('}');
  return *this;
}

JsonWriter& JsonWriter::begin_array() {
  before_value();
  out_.push_back('[');
  has_items_.push_back(false);
  return *this;
}

JsonWriter& JsonWriter::end_array() {
  assert(!has_items_.empty() && !after_key_);
  has_items_.pop_back();
  out_.push_back(']');
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
  assert(!has_items_.empty() && !after_key_);
  before_value();
  append_json_string(out_, name);
  out_.push_back(':');
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::str(std::string_view value) {
  before_value();
  append_json_string(out_, value);
  return *this;
}

void append_json_real(std::string& out, double value) {
  if (!std::isfinite(value)) {
    out.append("null");
    return;
  }
  // Scores are mostly 1 or 0: the texts std::to_chars gives them, without it.
  if (value == 1.0) {
    out.push_back('1');
    return;
  }
  if (value == 0.0 && !std::signbit(value)) {
    out.push_back('0');
    return;
  }
  append_number(out, value);
}

JsonWriter& JsonWriter::num(double value) {
  before_value();
  append_json_real(out_, value);
  return *this;
}

JsonWriter& JsonWriter::boolean(bool value) {
  before_value();
  out_.append(value ? "true" : "false");
  return *this;
}

JsonWriter& JsonWriter::null() {
  before_value();
  out_.append("null");
  return *this;
}

JsonWriter& JsonWriter::raw(std::string_view json) {
  before_value();
  out_.append(json);
  return *this;
}

}  // namespace gqleval::io
