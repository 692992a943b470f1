#include "io/jsonl_record.h"

#include <simdjson.h>

#include <string>

#include "engine/base/utf8.h"
#include "io/csv_reader.h"
#include "io/internal/byte_scan.h"

namespace gqleval::io {
namespace {

// Helpers that walk JSON text already validated by simdjson, to find where
// each member's name and value are written.

bool is_json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

const char* skip_space(const char* p, const char* end) {
  while (p < end && is_json_space(*p)) ++p;
  return p;
}

// p is at an opening '"'; returns one past the closing one (end when there
// is none).
const char* skip_string(const char* p, const char* end, bool& escaped) {
  const char* close = find_string_end(p + 1, end, &escaped);
  return close == end ? end : close + 1;
}

const char* skip_value(const char* p, const char* end) {
  bool escaped = false;
  if (*p == '"') return skip_string(p, end, escaped);
  if (*p == '{' || *p == '[') {
    int depth = 0;
    while (p < end) {
      char c = *p;
      if (c == '"') {
        p = skip_string(p, end, escaped);
        continue;
      }
      if (c == '{' || c == '[') {
        ++depth;
      } else if (c == '}' || c == ']') {
        if (--depth == 0) return p + 1;
      }
      ++p;
    }
    return end;
  }
  while (p < end && *p != ',' && *p != '}' && *p != ']' && !is_json_space(*p)) ++p;
  return p;
}

std::string_view between(const char* begin, const char* end) {
  return {begin, static_cast<size_t>(end - begin)};
}

}  // namespace

JsonlRecordParser::JsonlRecordParser() : parser_(std::make_unique<simdjson::dom::parser>()) {}
JsonlRecordParser::JsonlRecordParser(JsonlRecordParser&&) noexcept = default;
JsonlRecordParser& JsonlRecordParser::operator=(JsonlRecordParser&&) noexcept = default;
JsonlRecordParser::~JsonlRecordParser() = default;

JsonlRecordStatus JsonlRecordParser::parse(std::string_view buffer, const RecordSpan& span,
                                           Arena& arena, std::vector<JsonField>& fields) {
  fields.clear();
  parsed_ = false;
  std::string_view line = span.text(buffer);
  simdjson::dom::element doc;
  if (auto err = parser_->parse(line.data(), line.size()).get(doc); err) {
    // simdjson checks UTF-8 too, but does not say where; a line that is bad
    // in both ways is reported as invalid UTF-8, at its first bad byte.
    if (size_t bad = utf8::find_invalid(line); bad != utf8::kValid) {
      return {JsonlIssue::kInvalidUtf8, span.begin + bad, {}};
    }
    return {JsonlIssue::kInvalidJson, span.begin, simdjson::error_message(err)};
  }
  simdjson::dom::object object;
  if (doc.get_object().get(object) != simdjson::SUCCESS) {
    return {JsonlIssue::kNotAnObject, span.begin, {}};
  }
  const char* const end = line.data() + line.size();
  const char* p = skip_space(line.data(), end) + 1;  // past '{'
  for (simdjson::dom::key_value_pair member : object) {
    p = skip_space(p, end);
    if (*p == ',') p = skip_space(p + 1, end);
    JsonField field;
    bool escaped = false;
    const char* name_start = p;
    p = skip_string(p, end, escaped);
    field.name = escaped ? arena.copy_string(member.key) : between(name_start + 1, p - 1);
    p = skip_space(p, end) + 1;  // past ':'
    p = skip_space(p, end);
    const char* value_start = p;
    // A string is scanned once: its end and whether it holds an escape.
    escaped = false;
    p = *p == '"' ? skip_string(p, end, escaped) : skip_value(p, end);
    if (member.value.is_string()) {
      std::string_view decoded;
      if (escaped) {
        simdjson::error_code err = member.value.get_string().get(decoded);
        if (err != simdjson::SUCCESS)
          return {JsonlIssue::kInvalidJson, span.begin, simdjson::error_message(err)};
      }
      field.value = escaped ? decoded : between(value_start + 1, p - 1);
      field.is_string = true;
    } else {
      field.value = between(value_start, p);
    }
    fields.push_back(field);
  }
  parsed_ = true;
  return {};
}

bool all_member_names_known(std::string_view line, const std::vector<std::string>& known) {
  const char* const end = line.data() + line.size();
  const char* p = skip_space(line.data(), end);
  if (p == end || *p != '{') return false;
  for (;;) {
    p = skip_space(p + 1, end);  // past '{' or ','
    if (p == end) return false;
    if (*p == '}') return true;
    if (*p != '"') return false;
    bool escaped = false;
    const char* name_end = find_string_end(p + 1, end, &escaped);
    if (name_end == end || escaped) return false;
    const std::string_view name = between(p + 1, name_end);
    bool seen = false;
    for (const std::string& k : known) seen = seen || k == name;
    if (!seen) return false;
    p = skip_space(name_end + 1, end);
    if (p == end || *p != ':') return false;
    p = skip_space(p + 1, end);
    if (p == end) return false;
    p = skip_space(skip_value(p, end), end);
    if (p == end) return false;
    if (*p == '}') return true;
    if (*p != ',') return false;
  }
}

namespace {

// The member called name, with find_json_field's preference: an exact match
// (the last one), else one that differs in ASCII case or blanks (the last).
bool find_member(simdjson::dom::object object, std::string_view name, simdjson::dom::element& out) {
  bool found = false;
  for (simdjson::dom::key_value_pair member : object) {
    if (member.key == name) {
      out = member.value;
      found = true;
    }
  }
  if (found) return true;
  for (simdjson::dom::key_value_pair member : object) {
    if (same_column_name(member.key, name)) {
      out = member.value;
      found = true;
    }
  }
  return found;
}

}  // namespace

std::optional<JsonField> JsonlRecordParser::find_path(const JsonPath& path, Arena& arena) const {
  if (!parsed_ || path.empty()) return std::nullopt;
  simdjson::dom::element at = parser_->doc.root();
  for (const JsonPathStep& step : path) {
    if (step.is_index) {
      simdjson::dom::array array;
      if (at.get_array().get(array) != simdjson::SUCCESS) return std::nullopt;
      if (array.at(step.index).get(at) != simdjson::SUCCESS) return std::nullopt;
    } else {
      simdjson::dom::object object;
      if (at.get_object().get(object) != simdjson::SUCCESS) return std::nullopt;
      if (!find_member(object, step.member, at)) return std::nullopt;
    }
  }
  JsonField field;
  if (at.is_string()) {
    std::string_view text;
    if (at.get_string().get(text) != simdjson::SUCCESS) return std::nullopt;
    field.value = text;
    field.is_string = true;
    return field;
  }
  // Nested non-string values are rare (a "variables" object under "doc"):
  // their text is rebuilt from the DOM rather than found in the line.
  field.value = arena.copy_string(simdjson::minify(at));
  return field;
}

std::optional<size_t> find_json_field(const std::vector<JsonField>& fields, std::string_view name) {
  for (size_t i = fields.size(); i-- > 0;) {
    if (fields[i].name == name) return i;
  }
  for (size_t i = fields.size(); i-- > 0;) {
    if (same_column_name(fields[i].name, name)) return i;
  }
  return std::nullopt;
}

std::string_view jsonl_issue_name(JsonlIssue issue) {
  switch (issue) {
    case JsonlIssue::kNone: return "none";
    case JsonlIssue::kInvalidUtf8: return "invalid_utf8";
    case JsonlIssue::kInvalidJson: return "invalid_json";
    case JsonlIssue::kNotAnObject: return "not_an_object";
  }
  return "unknown";
}

Diagnostic describe_jsonl_issue(std::string_view buffer, const RecordSpan& span,
                                const JsonlRecordStatus& status) {
  std::string_view line = span.text(buffer);
  auto column_at = [&](uint64_t offset) {
    return static_cast<uint32_t>(
        1 + utf8::utf16_length(line.substr(0, static_cast<size_t>(offset - span.begin))));
  };
  const auto line_no = static_cast<uint32_t>(span.line);
  switch (status.issue) {
    case JsonlIssue::kNone: return make_error("JSONL", "no problem", {line_no, 1});
    case JsonlIssue::kInvalidUtf8:
      return make_error("JSONL", "invalid UTF-8", {line_no, column_at(status.offset)});
    case JsonlIssue::kInvalidJson:
      return make_error("JSONL", "invalid JSON: " + std::string(status.detail), {line_no, 0});
    case JsonlIssue::kNotAnObject: {
      const char* first = skip_space(line.data(), line.data() + line.size());
      return make_error(
          "JSONL", "the record is not a JSON object",
          {line_no, column_at(span.begin + static_cast<uint64_t>(first - line.data()))});
    }
  }
  return make_error("JSONL", "unknown problem", {line_no, 0});
}

}  // namespace gqleval::io
