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

  Column at(size_t i) const { return Column{names_[i], i, {}}; }

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

  // The first of `candidates` that is a column some role has already taken.
  std::optional<std::string> taken_match(std::span<const std::string_view> candidates) const {
    for (std::string_view c : candidates) {
      for (size_t i = 0; i < names_.size(); ++i) {
        if (taken_[i] && io::same_column_name(names_[i], c)) return names_[i];
      }
    }
    return std::nullopt;
  }

  // `name` read as a path whose first member is a column (any, taken or
  // not), unless a column is literally called `name`.
  std::optional<Column> find_path(std::string_view name) const {
    for (const std::string& n : names_) {
      if (io::same_column_name(n, name)) return std::nullopt;
    }
    auto path = io::parse_json_path(name);
    if (!path) return std::nullopt;
    for (size_t i = 0; i < names_.size(); ++i) {
      if (io::same_column_name(names_[i], path->front().member)) {
        path->front().member = names_[i];
        return Column{std::string(name), i, std::move(*path)};
      }
    }
    return std::nullopt;
  }

  // Paths share their first member with other paths, so they take nothing.
  void take(const Column& c) {
    if (c.present() && !c.is_path()) taken_[c.index] = true;
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
    out.reserve(found.size());
    for (const auto& [number, i] : found) out.push_back(at(i));
    return out;
  }

  std::span<const std::string> names() const { return names_; }

 private:
  std::span<const std::string> names_;
  std::vector<bool> taken_;
};

// How messages tell the user to name a column: the caller's option for the
// role ("with --candidate-col"), else the role itself.
struct Naming {
  OptionNames names;

  std::string option(ColumnRole role) const { return names.column(role); }
  // "named by --candidate-col" / "given as the candidate column"
  std::string given(ColumnRole role) const {
    const std::string o = option(role);
    if (!o.empty()) return "named by " + o;
    return "given as the " + std::string(column_role_name(role)) + " column";
  }
  // "name one with --candidate-col" / "name the candidate column"
  std::string how_to_name(ColumnRole role) const {
    const std::string o = option(role);
    if (!o.empty()) return "name one with " + o;
    return "name the " + std::string(column_role_name(role)) + " column";
  }
};

Diagnostic named_column_missing(const Naming& naming, ColumnRole role, const std::string& name,
                                const std::string& has) {
  return make_error("Columns", "the column '" + name + "' " + naming.given(role) +
                                   " is not in the input (or is already used for another role)" +
                                   has);
}

// "(ignoring case)", and which column of those names another role took.
std::string looked_for_note(const std::optional<std::string>& taken) {
  if (!taken) return " (ignoring case)";
  return " (ignoring case; '" + *taken + "' is already used for another role)";
}

Diagnostic role_not_found(const Naming& naming, ColumnRole role,
                          std::span<const std::string_view> looked_for,
                          const std::optional<std::string>& taken, const std::string& has) {
  return make_error("Columns", "no " + std::string(column_role_name(role)) +
                                   " column: looked for " + join_names(looked_for) +
                                   looked_for_note(taken) + has + "; " + naming.how_to_name(role));
}

}  // namespace

std::string join_names(std::span<const std::string_view> names) {
  std::string out;
  for (std::string_view n : names) {
    if (!out.empty()) out += ", ";
    out += n;
  }
  return out;
}

std::string list_columns(std::span<const std::string> names) {
  std::string out;
  for (const std::string& n : names) {
    if (!out.empty()) out += ", ";
    out += n.empty() ? std::string("(empty name)") : n;
  }
  return out.empty() ? std::string("(none)") : out;
}

std::string_view column_role_name(ColumnRole role) {
  switch (role) {
    case ColumnRole::kSchema: return "schema";
    case ColumnRole::kSchemaPath: return "schema path";
    case ColumnRole::kReference: return "reference";
    case ColumnRole::kRequired: return "required";
    case ColumnRole::kExcluded: return "excluded";
    case ColumnRole::kCandidate: return "candidate";
    case ColumnRole::kId: return "id";
    case ColumnRole::kVariables: return "variables";
    case ColumnRole::kGroupBy: return "group-by";
    case ColumnRole::kKeep: return "kept";
    case ColumnRole::kQuery: return "query";
    case ColumnRole::kSchemaFile: return "schema file";
    case ColumnRole::kFunctionSpecs: return "function specs";
  }
  return "?";
}

namespace {

// The steps of resolve_columns, in order: the columns the caller named first,
// so that the common names never take them, then each role's common names.
class ColumnResolution {
 public:
  ColumnResolution(std::span<const std::string> names, const ColumnSpec& spec, bool json_paths,
                   const OptionNames& option_names)
      : names_(names),
        spec_(spec),
        json_paths_(json_paths),
        r_(names),
        naming_{option_names},
        has_("; the input has the columns: " + list_columns(names)) {}

  std::optional<Diagnostic> take_named(RowKind kind) {
    struct Named {
      const std::string* name;
      ColumnRole role;
      Column* slot;
    };
    const std::vector<Named> score = {
        {&spec_.candidate, ColumnRole::kCandidate, &map_.candidate},
        {&spec_.schema, ColumnRole::kSchema, &map_.schema},
        {&spec_.schema_path, ColumnRole::kSchemaPath, &map_.schema_path},
        {&spec_.id, ColumnRole::kId, &map_.id},
        {&spec_.variables, ColumnRole::kVariables, &map_.variables},
        {&spec_.required, ColumnRole::kRequired, &map_.required},
        {&spec_.excluded, ColumnRole::kExcluded, &map_.excluded}};
    const std::vector<Named> validate = {
        {&spec_.query, ColumnRole::kQuery, &map_.query},
        {&spec_.id, ColumnRole::kId, &map_.id},
        {&spec_.schema, ColumnRole::kSchema, &map_.schema},
        {&spec_.schema_path, ColumnRole::kSchemaPath, &map_.schema_path},
        {&spec_.id, ColumnRole::kId, &map_.id}};
    const std::vector<Named> calls = {
        {&spec_.candidate, ColumnRole::kCandidate, &map_.candidate},
        {&spec_.function_specs, ColumnRole::kFunctionSpecs, &map_.function_specs},
        {&spec_.schema, ColumnRole::kSchema, &map_.schema},
        {&spec_.schema_path, ColumnRole::kSchemaPath, &map_.schema_path},
        {&spec_.id, ColumnRole::kId, &map_.id}};
    const std::vector<Named>& named =
        kind == RowKind::kScore ? score : (kind == RowKind::kCalls ? calls : validate);
    for (const Named& n : named) {
      if (n.name->empty()) continue;
      auto c = find_named(*n.name);
      if (!c) return named_column_missing(naming_, n.role, *n.name, has_);
      *n.slot = std::move(*c);
      r_.take(*n.slot);
    }
    if (kind == RowKind::kValidate) return std::nullopt;
    for (const std::string& name : spec_.references) {
      auto c = find_named(name);
      if (!c) return named_column_missing(naming_, ColumnRole::kReference, name, has_);
      map_.references.push_back(std::move(*c));
      r_.take(map_.references.back());
    }
    return std::nullopt;
  }

  // A required role by its common names.
  std::optional<Diagnostic> find_required(ColumnRole role, Column& slot,
                                          std::span<const std::string_view> common) {
    if (slot.present()) return std::nullopt;
    slot = r_.find_any(common);
    if (!slot.present()) return role_not_found(naming_, role, common, r_.taken_match(common), has_);
    r_.take(slot);
    return std::nullopt;
  }

  // The primary reference, then the columns numbered after it.
  std::optional<Diagnostic> find_references() {
    if (!map_.references.empty()) return std::nullopt;
    Column primary;
    if (auto e = find_required(ColumnRole::kReference, primary, kReferenceNames)) return e;
    map_.references.push_back(primary);
    for (const Column& c : r_.numbered_after(primary.name)) {
      map_.references.push_back(c);
      r_.take(c);
    }
    return std::nullopt;
  }

  std::optional<Diagnostic> find_schema(bool schema_given) {
    if (schema_given) {
      // One schema for every row: schema columns are not read.
      map_.schema = {};
      map_.schema_path = {};
      return std::nullopt;
    }
    if (map_.schema.present() || map_.schema_path.present()) return std::nullopt;
    map_.schema = r_.find_any(kSchemaNames);
    r_.take(map_.schema);
    if (!map_.schema.present()) {
      map_.schema_path = r_.find_any(kSchemaPathNames);
      r_.take(map_.schema_path);
    }
    if (map_.schema.present() || map_.schema_path.present()) return std::nullopt;
    const std::string file_option = naming_.option(ColumnRole::kSchemaFile);
    return make_error("Columns", "no schema column: looked for " + join_names(kSchemaNames) +
                                     " and the path columns " + join_names(kSchemaPathNames) +
                                     looked_for_note(r_.taken_match(kSchemaNames)) + has_ + "; " +
                                     naming_.how_to_name(ColumnRole::kSchema) +
                                     ", or give one schema for every row" +
                                     (file_option.empty() ? "" : " with " + file_option));
  }

  // A calls row: one reference (required), the candidate, the function specs
  // and the schema (each optional: the caller decides what a row without
  // them means).
  std::optional<Diagnostic> find_calls_roles(bool schema_given) {
    if (map_.references.empty()) {
      map_.references.emplace_back();
      if (auto e =
              find_required(ColumnRole::kReference, map_.references[0], kCallsReferenceNames)) {
        return e;
      }
    }
    find_optional(map_.candidate, kCallsCandidateNames);
    find_optional(map_.function_specs, kFunctionSpecsNames);
    if (schema_given) {
      map_.schema = map_.schema_path = {};
    } else if (!map_.schema.present() && !map_.schema_path.present()) {
      find_optional(map_.schema, kCallsSchemaNames);
      if (!map_.schema.present()) find_optional(map_.schema_path, kSchemaPathNames);
    }
    return std::nullopt;
  }

  void find_optional(Column& slot, std::span<const std::string_view> common) {
    if (slot.present()) return;
    slot = r_.find_any(common);
    r_.take(slot);
  }

  // Tag and kept columns may be any column, even one with a role (grouping by
  // id is odd but harmless; keeping the candidate is a common wish).
  std::optional<Diagnostic> find_any_columns(ColumnRole role, const std::vector<std::string>& given,
                                             std::vector<Column>& out) {
    for (const std::string& name : given) {
      std::optional<Column> c;
      for (size_t k = 0; k < names_.size() && !c; ++k) {
        if (io::same_column_name(names_[k], name)) c = Column{names_[k], k, {}};
      }
      if (!c && json_paths_) c = r_.find_path(name);
      if (!c) {
        return make_error("Columns", "the column '" + name + "' " + naming_.given(role) +
                                         " is not in the input" + has_);
      }
      out.push_back(std::move(*c));
    }
    return std::nullopt;
  }

  ColumnMap& map() { return map_; }

 private:
  // A column the caller named: a free column of that name, else a path.
  std::optional<Column> find_named(const std::string& name) const {
    if (auto i = r_.find(name)) return r_.at(*i);
    if (json_paths_) return r_.find_path(name);
    return std::nullopt;
  }

  std::span<const std::string> names_;
  const ColumnSpec& spec_;
  bool json_paths_;
  Resolver r_;
  Naming naming_;
  std::string has_;
  ColumnMap map_;
};

}  // namespace

Result<ColumnMap, Diagnostic> resolve_columns(std::span<const std::string> names,
                                              const ColumnSpec& spec, bool schema_given,
                                              RowKind kind, bool json_paths,
                                              const OptionNames& option_names) {
  ColumnResolution r(names, spec, json_paths, option_names);
  if (auto e = r.take_named(kind)) return Unexpected{std::move(*e)};
  ColumnMap& map = r.map();
  if (kind == RowKind::kValidate) {
    if (auto e = r.find_required(ColumnRole::kQuery, map.query, kQueryNames)) {
      return Unexpected{std::move(*e)};
    }
    if (auto e = r.find_schema(schema_given)) return Unexpected{std::move(*e)};
    r.find_optional(map.id, kIdNames);
    if (auto e = r.find_any_columns(ColumnRole::kKeep, spec.keep, map.keep)) {
      return Unexpected{std::move(*e)};
    }
    return std::move(map);
  }
  if (kind == RowKind::kCalls) {
    if (auto e = r.find_calls_roles(schema_given)) return Unexpected{std::move(*e)};
  } else {
    if (!spec.answers_elsewhere) {
      if (auto e = r.find_required(ColumnRole::kCandidate, map.candidate, kCandidateNames)) {
        return Unexpected{std::move(*e)};
      }
    }
    // A coverage row with its required list needs no reference.
    if (!map.required.present()) {
      if (auto e = r.find_references()) return Unexpected{std::move(*e)};
    }
    if (auto e = r.find_schema(schema_given)) return Unexpected{std::move(*e)};
    r.find_optional(map.variables, kVariablesNames);
  }
  r.find_optional(map.id, kIdNames);
  if (auto e = r.find_any_columns(ColumnRole::kGroupBy, spec.group_by, map.group_by)) {
    return Unexpected{std::move(*e)};
  }
  if (auto e = r.find_any_columns(ColumnRole::kKeep, spec.keep, map.keep)) {
    return Unexpected{std::move(*e)};
  }
  return std::move(map);
}

}  // namespace gqleval::batch
