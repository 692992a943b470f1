#include "engine/batch/columns.h"

#include <algorithm>
#include <cstdint>

#include "io/csv_reader.h"

namespace gqleval::batch {
namespace {

char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

class Resolver {
 public:
  explicit Resolver(std::span<const std::string> names)
      : names_(names), taken_(names.size(), false) {}

  Column at(size_t i) const { return Column{names_[i], i}; }

  // The first column called `name` that no role has taken.
  std::optional<size_t> find(std::string_view name) const {
    for (size_t i = 0; i < names_.size(); ++i) {
      if (!taken_[i] && io::same_column_name(names_[i], name)) return i;
    }
    return std::nullopt;
  }

  // The first of `candidates` (in preference order) that is a free column.
  Column find_any(std::span<const std::string_view> candidates) const {
    for (std::string_view c : candidates) {
      if (auto i = find(c)) return at(*i);
    }
    return {};
  }

  void take(const Column& c) {
    if (c.present()) taken_[c.index] = true;
  }

  // Columns called `primary` plus a number >= 2 (an optional '_' or ' ' between),
  // free, in number order.
  std::vector<Column> numbered_after(std::string_view primary) const {
    primary = trim(primary);
    std::vector<std::pair<uint64_t, size_t>> found;
    for (size_t i = 0; i < names_.size(); ++i) {
      if (taken_[i]) continue;
      std::string_view n = trim(names_[i]);
      if (n.size() <= primary.size()) continue;
      bool same = true;
      for (size_t k = 0; k < primary.size() && same; ++k) {
        same = ascii_lower(n[k]) == ascii_lower(primary[k]);
      }
      if (!same) continue;
      std::string_view rest = n.substr(primary.size());
      if (rest.front() == '_' || rest.front() == ' ') rest.remove_prefix(1);
      if (rest.empty() || rest.size() > 9) continue;
      uint64_t number = 0;
      bool digits = true;
      for (char c : rest) {
        digits = digits && c >= '0' && c <= '9';
        number = number * 10 + static_cast<uint64_t>(c - '0');
      }
      if (digits && number >= 2) found.emplace_back(number, i);
    }
    std::sort(found.begin(), found.end());
    std::vector<Column> out;
    for (const auto& [number, i] : found) out.push_back(at(i));
    return out;
  }

  std::span<const std::string> names() const { return names_; }

 private:
  std::span<const std::string> names_;
  std::vector<bool> taken_;
};

std::string join_names(std::span<const std::string_view> names) {
  std::string out;
  for (std::string_view n : names) {
    if (!out.empty()) out += ", ";
    out += n;
  }
  return out;
}

std::string describe(const Column& c) { return c.present() ? c.name : std::string("(none)"); }

}  // namespace

std::string list_columns(std::span<const std::string> names) {
  std::string out;
  for (const std::string& n : names) {
    if (!out.empty()) out += ", ";
    out += n.empty() ? std::string("(empty name)") : n;
  }
  return out.empty() ? std::string("(none)") : out;
}

Result<ColumnMap, Diagnostic> resolve_columns(std::span<const std::string> names,
                                              const ColumnSpec& spec, bool schema_given) {
  Resolver r(names);
  ColumnMap map;
  const std::string has = "; the input has the columns: " + list_columns(names);

  // Columns named by flags come first, so that the common names never take them.
  struct Named {
    const std::string* name;
    std::string_view flag;
    Column* slot;
  };
  std::vector<Named> named = {{&spec.candidate, "--candidate-col", &map.candidate},
                              {&spec.schema, "--schema-col", &map.schema},
                              {&spec.schema_path, "--schema-path-col", &map.schema_path},
                              {&spec.id, "--id-col", &map.id},
                              {&spec.variables, "--variables-col", &map.variables}};
  for (const Named& n : named) {
    if (n.name->empty()) continue;
    auto i = r.find(*n.name);
    if (!i) {
      return Unexpected{make_error(
          "Columns", "the column '" + *n.name + "' named by " + std::string(n.flag) +
                         " is not in the input (or is " + "already used for another role)" + has)};
    }
    *n.slot = r.at(*i);
    r.take(*n.slot);
  }
  for (const std::string& name : spec.references) {
    auto i = r.find(name);
    if (!i) {
      return Unexpected{
          make_error("Columns", "the column '" + name +
                                    "' named by --reference-col is not in the input (or is " +
                                    "already used for another role)" + has)};
    }
    map.references.push_back(r.at(*i));
    r.take(map.references.back());
  }

  if (!map.candidate.present()) {
    map.candidate = r.find_any(kCandidateNames);
    if (!map.candidate.present()) {
      return Unexpected{make_error("Columns", "no candidate column: looked for " +
                                                  join_names(kCandidateNames) + " (ignoring case)" +
                                                  has + "; name one with --candidate-col")};
    }
    r.take(map.candidate);
  }
  if (map.references.empty()) {
    Column primary = r.find_any(kReferenceNames);
    if (!primary.present()) {
      return Unexpected{make_error("Columns", "no reference column: looked for " +
                                                  join_names(kReferenceNames) + " (ignoring case)" +
                                                  has + "; name one with --reference-col")};
    }
    r.take(primary);
    map.references.push_back(primary);
    for (const Column& c : r.numbered_after(primary.name)) {
      map.references.push_back(c);
      r.take(c);
    }
  }
  if (schema_given) {
    // One schema file for every row: schema columns are not read.
    map.schema = {};
    map.schema_path = {};
  } else if (!map.schema.present() && !map.schema_path.present()) {
    map.schema = r.find_any(kSchemaNames);
    r.take(map.schema);
    if (!map.schema.present()) {
      map.schema_path = r.find_any(kSchemaPathNames);
      r.take(map.schema_path);
    }
    if (!map.schema.present() && !map.schema_path.present()) {
      return Unexpected{make_error(
          "Columns",
          "no schema column: looked for " + join_names(kSchemaNames) + " and the path columns " +
              join_names(kSchemaPathNames) + " (ignoring case)" + has +
              "; name one with --schema-col, or give one schema for every row with --schema FILE")};
    }
  }
  if (!map.id.present()) {
    map.id = r.find_any(kIdNames);
    r.take(map.id);
  }
  if (!map.variables.present()) {
    map.variables = r.find_any(kVariablesNames);
    r.take(map.variables);
  }
  // Tag columns may be any column, even one with a role (grouping by id is odd but harmless).
  for (const std::string& name : spec.group_by) {
    std::optional<size_t> i;
    for (size_t k = 0; k < names.size() && !i; ++k) {
      if (io::same_column_name(names[k], name)) i = k;
    }
    if (!i) {
      return Unexpected{make_error(
          "Columns", "the column '" + name + "' named by --group-by is not in the input" + has)};
    }
    map.group_by.push_back(Column{names[*i], *i});
  }
  return map;
}

std::string describe_columns(const ColumnMap& map) {
  std::string out;
  if (map.schema.present()) out += "schema: " + map.schema.name + "\n";
  if (map.schema_path.present()) out += "schema path: " + map.schema_path.name + "\n";
  out += "references: ";
  for (size_t i = 0; i < map.references.size(); ++i) {
    out += (i ? ", " : "") + map.references[i].name;
  }
  out += "\ncandidate: " + describe(map.candidate) + "\n";
  out += "id: " + describe(map.id) + "\n";
  out += "variables: " + describe(map.variables) + "\n";
  return out;
}

}  // namespace gqleval::batch
