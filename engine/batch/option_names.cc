#include "engine/batch/option_names.h"

#include "engine/batch/columns.h"

namespace gqleval::batch {
namespace {

// The key of the option that names the column of `role`.
std::string_view column_key(ColumnRole role) {
  switch (role) {
    case ColumnRole::kSchema: return "schema-col";
    case ColumnRole::kSchemaPath: return "schema-path-col";
    case ColumnRole::kReference: return "reference-col";
    case ColumnRole::kCandidate: return "candidate-col";
    case ColumnRole::kId: return "id-col";
    case ColumnRole::kVariables: return "variables-col";
    case ColumnRole::kGroupBy: return "group-by";
    case ColumnRole::kKeep: return "keep-col";
    case ColumnRole::kQuery: return "query-col";
    case ColumnRole::kSchemaFile: return "schema";
    case ColumnRole::kFunctionSpecs: return "function-specs-col";
    case ColumnRole::kRequired: return "required-col";
    case ColumnRole::kExcluded: return "excluded-col";
  }
  return {};
}

std::string replaced(std::string_view key, char from, char to) {
  std::string out(key);
  for (char& c : out) c = c == from ? to : c;
  return out;
}

// "rule-set" -> "ruleSet".
std::string camel_cased(std::string_view key) {
  std::string out;
  bool upper = false;
  for (char c : key) {
    if (c == '-') {
      upper = true;
      continue;
    }
    out.push_back(upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c);
    upper = false;
  }
  return out;
}

}  // namespace

std::string OptionNames::name(std::string_view key) const {
  if (style_ == Style::kKeywords) return replaced(key, '-', '_');
  if (style_ == Style::kCamelCase) return camel_cased(key);
  return "--" + std::string(key);
}

std::string OptionNames::with_value(std::string_view key, std::string_view value) const {
  if (style_ == Style::kKeywords) return name(key) + "='" + std::string(value) + "'";
  if (style_ == Style::kCamelCase) return name(key) + ": \"" + std::string(value) + "\"";
  return name(key) + " " + std::string(value);
}

std::string OptionNames::column(ColumnRole role) const {
  if (style_ == Style::kDefault) return {};
  // One schema file for every row is a file, not a column.
  if (style_ == Style::kFlags && role == ColumnRole::kSchemaFile) return "--schema FILE";
  return name(column_key(role));
}

std::string OptionNames::column_or_role(ColumnRole role) const {
  std::string option = column(role);
  if (!option.empty()) return option;
  return "the " + std::string(column_role_name(role)) + " column";
}

}  // namespace gqleval::batch
