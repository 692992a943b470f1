#include "engine/score/coordinates.h"

#include <simdjson.h>

#include "engine/base/concat.h"

namespace gqleval::score {
namespace {

Diagnostic invalid(std::string message) {
  return make_error("InvalidCoordinate", std::move(message));
}

bool is_name_start(char c) { return c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
bool is_name_char(char c) { return is_name_start(c) || (c >= '0' && c <= '9'); }

// A GraphQL name at the front of `s`, taken off it; empty when there is none.
std::string_view take_name(std::string_view& s) {
  if (s.empty() || !is_name_start(s.front())) return {};
  size_t n = 1;
  while (n < s.size() && is_name_char(s[n])) ++n;
  const std::string_view name = s.substr(0, n);
  s.remove_prefix(n);
  return name;
}

bool take(std::string_view& s, char c) {
  if (s.empty() || s.front() != c) return false;
  s.remove_prefix(1);
  return true;
}

std::string_view trimmed(std::string_view s) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

// The parts of `Type`, `Type.field` or `Type.field(argument:)`; false when
// `text` is none of them.
bool split(std::string_view text, std::string_view& type, std::string_view& field,
           std::string_view& argument) {
  std::string_view s = text;
  type = take_name(s);
  if (type.empty()) return false;
  if (s.empty()) return true;
  if (!take(s, '.')) return false;
  field = take_name(s);
  if (field.empty()) return false;
  if (s.empty()) return true;
  if (!take(s, '(')) return false;
  argument = take_name(s);
  return !argument.empty() && take(s, ':') && take(s, ')') && s.empty();
}

std::string_view kind_name(schema::TypeKind kind) {
  switch (kind) {
    case schema::TypeKind::kScalar: return "a scalar";
    case schema::TypeKind::kEnum: return "an enum";
    case schema::TypeKind::kInputObject: return "an input object";
    case schema::TypeKind::kUnion: return "a union";
    default: return "a composite type";
  }
}

}  // namespace

std::string coordinate_text(const schema::Schema& schema, const Coordinate& c) {
  std::string text(schema.type(c.type).name);
  if (c.field.empty()) return text;
  text += concat({".", c.field});
  if (!c.argument.empty()) text += concat({"(", c.argument, ":)"});
  return text;
}

Result<Coordinate, Diagnostic> resolve_coordinate(const schema::Schema& schema,
                                                  std::string_view text) {
  const std::string_view written = trimmed(text);
  std::string_view type_name;
  std::string_view field_name;
  std::string_view argument_name;
  if (!split(written, type_name, field_name, argument_name)) {
    return Unexpected{invalid(concat({"'", written,
                                      "' is not a schema coordinate: write Type, Type.field or "
                                      "Type.field(argument:)"}))};
  }
  Coordinate c;
  c.type = schema.find_type(type_name);
  if (c.type == schema::kNone) {
    return Unexpected{invalid(concat({"the schema has no type '", type_name, "'"}))};
  }
  const schema::TypeDef& type = schema.type(c.type);
  c.text = std::string(type.name);
  if (field_name.empty()) return c;
  if (type.kind != schema::TypeKind::kObject && type.kind != schema::TypeKind::kInterface) {
    return Unexpected{
        invalid(concat({type.name, " is ", kind_name(type.kind), ": it has no fields"}))};
  }
  const schema::FieldDef* field = schema.field_named(c.type, field_name);
  if (field == nullptr || field->owner == schema::kNone) {
    return Unexpected{invalid(concat({type.name, " has no field '", field_name, "'"}))};
  }
  c.field = field->name;
  c.text += concat({".", field->name});
  if (argument_name.empty()) return c;
  const schema::InputValue* argument = schema::find_input_value(field->arguments, argument_name);
  if (argument == nullptr) {
    return Unexpected{
        invalid(concat({type.name, ".", field->name, " has no argument '", argument_name, "'"}))};
  }
  c.argument = argument->name;
  c.text += concat({"(", argument->name, ":)"});
  return c;
}

Result<std::vector<std::string>, Diagnostic> read_coordinate_list(std::string_view cell) {
  std::vector<std::string> out;
  const std::string_view text = trimmed(cell);
  if (text.starts_with('[')) {
    // One parser a thread: a listed coverage run reads two lists a row, and
    // the parser keeps its buffers from one to the next.
    thread_local simdjson::dom::parser parser;
    simdjson::dom::array array;
    if (parser.parse(text.data(), text.size()).get_array().get(array) != simdjson::SUCCESS) {
      return Unexpected{make_error("InvalidCoordinates",
                                   "the list is neither a JSON array of strings nor one "
                                   "coordinate a line")};
    }
    for (simdjson::dom::element item : array) {
      std::string_view entry;
      if (item.get_string().get(entry) != simdjson::SUCCESS) {
        return Unexpected{make_error(
            "InvalidCoordinates",
            concat({"entry ", std::to_string(out.size()), " of the list is not a string"}))};
      }
      out.emplace_back(entry);
    }
    return out;
  }
  size_t begin = 0;
  while (begin < text.size()) {
    size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = trimmed(text.substr(begin, end - begin));
    if (!line.empty()) out.emplace_back(line);
    begin = end + 1;
  }
  return out;
}

}  // namespace gqleval::score
