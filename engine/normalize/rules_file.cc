#include "engine/normalize/rules_file.h"

#include <simdjson.h>

#include <fstream>
#include <optional>
#include <sstream>
#include <utility>

#include "engine/base/arena.h"
#include "engine/base/concat.h"
#include "engine/graphql/ast.h"
#include "engine/graphql/parser.h"

namespace gqleval::normalize {

namespace {

using simdjson::dom::element;

// A rules file has no line and column to point at; messages name the JSON
// path instead.
Diagnostic rules_error(std::string message) {
  return make_error("RulesFile", "rules file: " + std::move(message));
}

// What is wrong with the file, if anything: each step below returns one.
using Problem = std::optional<Diagnostic>;

bool get_string(element e, std::string& out) {
  std::string_view s;
  if (e.get_string().get(s) != simdjson::SUCCESS) return false;
  out.assign(s);
  return true;
}

bool is_name(std::string_view s) {
  if (s.empty()) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    bool ok = c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (i > 0 && c >= '0' && c <= '9');
    if (!ok) return false;
  }
  return true;
}

// "Type.field" -> (Type, field); both parts must be GraphQL names.
bool split_type_field(const std::string& text, std::string& type, std::string& field) {
  size_t dot = text.find('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 >= text.size()) return false;
  if (text.find('.', dot + 1) != std::string::npos) return false;
  type = text.substr(0, dot);
  field = text.substr(dot + 1);
  return is_name(type) && is_name(field);
}

// "Type.field(argument:)", the GraphQL schema-coordinates form of an
// argument, split into its three names; false when it is not one.
bool split_argument_coordinate(std::string_view text, RulesFile::IgnoredArgument& out) {
  const size_t open = text.find('(');
  if (open == std::string_view::npos || text.size() < open + 4 ||
      text.substr(text.size() - 2) != ":)") {
    return false;
  }
  if (!split_type_field(std::string(text.substr(0, open)), out.type, out.field)) return false;
  out.argument = std::string(text.substr(open + 1, text.size() - open - 3));
  return is_name(out.argument);
}

Problem read_ignored_argument(element item, const std::string& where,
                              RulesFile::IgnoredArgument& entry) {
  std::string text;
  if (!get_string(item, text)) {
    return rules_error(where + " must be a string naming an argument as \"Type.field(argument:)\"");
  }
  if (!split_argument_coordinate(text, entry)) {
    return rules_error(
        concat({where, " must name an argument as \"Type.field(argument:)\", got \"", text, "\""}));
  }
  return std::nullopt;
}

// An argument-map side must be one field in GraphQL syntax, without alias,
// directives or selections, its arguments named once each: what is wrong, or
// empty. (Whether the schema has that field is Rewrites::build's question.)
std::string field_shape_problem(const std::string& text) {
  Arena arena;
  const std::string wrapped = "{ " + text + " }";
  auto parsed = graphql::parse(wrapped, arena);
  if (!parsed.ok()) return "does not parse: " + parsed.error().message;
  const ast::Document& doc = **parsed;
  const ast::OperationDefinition* op = nullptr;
  if (doc.definitions.size() == 1 && doc.definitions[0]->kind == ast::DefinitionKind::kOperation) {
    op = &ast::as<ast::OperationDefinition>(*doc.definitions[0]);
  }
  if (op == nullptr || op->selection_set == nullptr || op->selection_set->selections.size() != 1 ||
      op->selection_set->selections[0]->kind != ast::SelectionKind::kField) {
    return "must be one field, as \"name(argument: value)\"";
  }
  const auto& field = ast::as<ast::Field>(*op->selection_set->selections[0]);
  if (!field.alias.empty() || !field.directives.empty() || field.selection_set != nullptr) {
    return "must be one field with arguments only (no alias, directive or selections)";
  }
  for (size_t i = 0; i < field.arguments.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (field.arguments[i]->name.value == field.arguments[j]->name.value) {
        return "names the argument \"" + std::string(field.arguments[i]->name.value) + "\" twice";
      }
    }
  }
  return {};
}

Problem read_derive(element value, RulesFile& rules) {
  simdjson::dom::object d;
  if (value.get_object().get(d) != simdjson::SUCCESS) {
    return rules_error("\"derive\" must be an object");
  }
  for (simdjson::dom::key_value_pair dk : d) {
    bool b = false;
    if (dk.value.get_bool().get(b) != simdjson::SUCCESS) {
      return rules_error("\"derive\"." + std::string(dk.key) + " must be true or false");
    }
    if (dk.key == "inverse_pairs") {
      rules.derive_inverse_pairs = b;
    } else if (dk.key == "endpoints") {
      rules.derive_endpoints = b;
    } else {
      return rules_error("unknown key \"derive\"." + std::string(dk.key) +
                         " (expected inverse_pairs or endpoints)");
    }
  }
  return std::nullopt;
}

Problem read_inverse_pair(element item, const std::string& where, RulesFile::InversePair& pair) {
  simdjson::dom::object o;
  if (item.get_object().get(o) != simdjson::SUCCESS) {
    return rules_error(where + " must be an object {\"field\": ..., \"inverse\": ...}");
  }
  std::string field_text, inverse_text;
  for (simdjson::dom::key_value_pair p : o) {
    if (p.key == "field") {
      if (!get_string(p.value, field_text)) return rules_error(where + ".field must be a string");
    } else if (p.key == "inverse") {
      if (!get_string(p.value, inverse_text)) {
        return rules_error(where + ".inverse must be a string");
      }
    } else {
      return rules_error("unknown key " + where + "." + std::string(p.key));
    }
  }
  if (!split_type_field(field_text, pair.type, pair.field)) {
    return rules_error(
        concat({where, ".field must name a field as \"Type.field\", got \"", field_text, "\""}));
  }
  if (!split_type_field(inverse_text, pair.inverse_type, pair.inverse)) {
    return rules_error(concat(
        {where, ".inverse must name a field as \"Type.field\", got \"", inverse_text, "\""}));
  }
  return std::nullopt;
}

Problem read_same_as(element value, const std::string& where, std::vector<std::string>& names) {
  simdjson::dom::array a;
  if (value.get_array().get(a) != simdjson::SUCCESS) {
    return rules_error(where + ".same_as must be an array of field names");
  }
  for (element n : a) {
    std::string name;
    if (!get_string(n, name))
      return rules_error(where + ".same_as must be an array of field names");
    names.push_back(std::move(name));
  }
  return std::nullopt;
}

Problem read_endpoint_group(element item, const std::string& where,
                            RulesFile::EndpointGroup& group) {
  simdjson::dom::object o;
  if (item.get_object().get(o) != simdjson::SUCCESS) {
    return rules_error(where + " must be an object {\"canonical\": ..., \"same_as\": [...]}");
  }
  for (simdjson::dom::key_value_pair p : o) {
    if (p.key == "canonical") {
      if (!get_string(p.value, group.canonical)) {
        return rules_error(where + ".canonical must be a string");
      }
    } else if (p.key == "same_as") {
      if (Problem problem = read_same_as(p.value, where, group.same_as)) return problem;
    } else {
      return rules_error("unknown key " + where + "." + std::string(p.key));
    }
  }
  if (group.canonical.empty() || group.same_as.empty()) {
    return rules_error(where + " needs \"canonical\" and a non-empty \"same_as\"");
  }
  if (!is_name(group.canonical)) {
    return rules_error(where + ".canonical must name a root Query field, got \"" + group.canonical +
                       "\"");
  }
  for (size_t k = 0; k < group.same_as.size(); ++k) {
    if (!is_name(group.same_as[k])) {
      return rules_error(where + ".same_as[" + std::to_string(k) +
                         "] must name a root Query field, got \"" + group.same_as[k] + "\"");
    }
  }
  return std::nullopt;
}

Problem read_argument_map(element item, const std::string& where, RulesFile::ArgumentMap& map) {
  simdjson::dom::object o;
  if (item.get_object().get(o) != simdjson::SUCCESS) {
    return rules_error(where + " must be an object {\"from\": ..., \"to\": ...}");
  }
  for (simdjson::dom::key_value_pair p : o) {
    if (p.key == "from") {
      if (!get_string(p.value, map.from)) return rules_error(where + ".from must be a string");
    } else if (p.key == "to") {
      if (!get_string(p.value, map.to)) return rules_error(where + ".to must be a string");
    } else {
      return rules_error("unknown key " + where + "." + std::string(p.key));
    }
  }
  if (map.from.empty() || map.to.empty()) return rules_error(where + " needs \"from\" and \"to\"");
  for (const auto& [side, text] : {std::pair{".from", &map.from}, std::pair{".to", &map.to}}) {
    const std::string problem = field_shape_problem(*text);
    if (!problem.empty()) return rules_error(concat({where, side, " \"", *text, "\" ", problem}));
  }
  return std::nullopt;
}

// The array under `key`: each item read by read_entry, with its JSON path
// ("key"[i]) kept for the warnings of Rewrites::build.
template <class Entry>
Problem read_entries(element value, std::string_view key,
                     Problem (*read_entry)(element, const std::string&, Entry&),
                     std::vector<Entry>& entries) {
  simdjson::dom::array a;
  if (value.get_array().get(a) != simdjson::SUCCESS) {
    return rules_error(concat({"\"", key, "\" must be an array"}));
  }
  size_t i = 0;
  for (element item : a) {
    std::string where = concat({"\"", key, "\"[", std::to_string(i++), "]"});
    Entry entry;
    if (Problem problem = read_entry(item, where, entry)) return problem;
    entry.where = std::move(where);
    entries.push_back(std::move(entry));
  }
  return std::nullopt;
}

Problem read_top_level(std::string_view key, element value, RulesFile& rules) {
  if (key == "version") {
    int64_t v = 0;
    if (value.get_int64().get(v) != simdjson::SUCCESS || v != 1) {
      return rules_error("\"version\" must be 1");
    }
    return std::nullopt;
  }
  if (key == "description") {
    std::string ignored;
    if (!get_string(value, ignored)) return rules_error("\"description\" must be a string");
    return std::nullopt;
  }
  if (key == "derive") return read_derive(value, rules);
  if (key == "inverse_pairs")
    return read_entries(value, key, read_inverse_pair, rules.inverse_pairs);
  if (key == "endpoints") return read_entries(value, key, read_endpoint_group, rules.endpoints);
  if (key == "argument_maps") {
    return read_entries(value, key, read_argument_map, rules.argument_maps);
  }
  if (key == "ignore_arguments") {
    return read_entries(value, key, read_ignored_argument, rules.ignore_arguments);
  }
  return rules_error("unknown key \"" + std::string(key) +
                     "\" (expected version, description, derive, inverse_pairs, endpoints, "
                     "argument_maps, ignore_arguments)");
}

}  // namespace

Result<RulesFile> RulesFile::parse(std::string_view json) {
  simdjson::dom::parser parser;
  element root;
  if (auto err = parser.parse(json.data(), json.size()).get(root); err != simdjson::SUCCESS) {
    return Unexpected{rules_error(std::string("not valid JSON: ") + simdjson::error_message(err))};
  }
  simdjson::dom::object top;
  if (root.get_object().get(top) != simdjson::SUCCESS) {
    return Unexpected{rules_error("the top level must be a JSON object")};
  }
  RulesFile rules;
  for (simdjson::dom::key_value_pair kv : top) {
    if (Problem problem = read_top_level(kv.key, kv.value, rules)) {
      return Unexpected{std::move(*problem)};
    }
  }
  return rules;
}

Result<RulesFile> RulesFile::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Unexpected{rules_error("cannot read \"" + path + "\"")};
  std::ostringstream text;
  text << in.rdbuf();
  return parse(text.str());
}

}  // namespace gqleval::normalize
