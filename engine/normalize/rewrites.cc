#include "engine/normalize/rewrites.h"

#include <algorithm>

#include "engine/base/concat.h"
#include "engine/graphql/parser.h"
#include "engine/normalize/internal/coerce.h"
#include "engine/normalize/internal/connections.h"
#include "engine/normalize/internal/name_evidence.h"

namespace gqleval::normalize {

namespace {

bool is_meta_name(std::string_view name) { return name.size() >= 2 && name.substr(0, 2) == "__"; }

// "where: " for a warning about the rules-file entry at JSON path `where`.
std::string entry(const std::string& where) { return where.empty() ? "" : where + ": "; }

// Resolves the variables of an argument-map pattern to capture indices.
class CaptureResolver final : public VariableResolver {
 public:
  struct Capture {
    std::string_view name;
    schema::TypeRef type;
  };
  explicit CaptureResolver(bool defining) : defining_(defining) {}
  void set_defining(bool defining) { defining_ = defining; }
  std::span<const Capture> captures() const { return captures_; }

  const CValue* resolve(ValueCoercer& c, const ast::Value& variable,
                        schema::TypeRef location) override {
    for (size_t i = 0; i < captures_.size(); ++i) {
      if (captures_[i].name != variable.text) continue;
      const schema::TypeRef& had = captures_[i].type;
      if (!defining_ && (had.named != location.named || had.list_depth != location.list_depth)) {
        return c.fail("RulesFile",
                      "$" + std::string(variable.text) + " is " + c.schema().type_to_string(had) +
                          " in \"from\" but " + c.schema().type_to_string(location) + " in \"to\"",
                      variable.loc.pos());
      }
      return c.make_symbol(static_cast<uint32_t>(i));
    }
    if (!defining_) {
      return c.fail("RulesFile", "$" + std::string(variable.text) + " of \"to\" is not in \"from\"",
                    variable.loc.pos());
    }
    captures_.push_back(Capture{variable.text, location});
    return c.make_symbol(static_cast<uint32_t>(captures_.size() - 1));
  }

 private:
  bool defining_;
  std::vector<Capture> captures_;
};

bool match_value(const CValue& pattern, const CValue& actual, std::span<const CValue*> captures) {
  if (pattern.kind == CKind::kSymbol) {
    const CValue*& slot = captures[pattern.symbol];
    if (slot == nullptr) {
      slot = &actual;
      return true;
    }
    return values_equal(*slot, actual);
  }
  if (pattern.kind != actual.kind) return false;
  switch (pattern.kind) {
    case CKind::kList:
      if (pattern.items.size() != actual.items.size()) return false;
      for (size_t i = 0; i < pattern.items.size(); ++i) {
        if (!match_value(*pattern.items[i], *actual.items[i], captures)) return false;
      }
      return true;
    case CKind::kObject:
      if (pattern.fields.size() != actual.fields.size()) return false;
      for (size_t i = 0; i < pattern.fields.size(); ++i) {
        if (pattern.fields[i].name != actual.fields[i].name) return false;
        if (!match_value(*pattern.fields[i].value, *actual.fields[i].value, captures)) return false;
      }
      return true;
    default: return values_equal(pattern, actual);
  }
}

// Name evidence for an endpoint group of two root fields with one signature
// (name_evidence.h): a keyed lookup (`usersById(id:)`, `users(id:)`) or
// StepZen's foreign-key lookups. `ordersCount(query:)` and
// `productsCount(query:)` share a signature and nothing else.
bool names_same_endpoint(const schema::FieldDef& a, const schema::FieldDef& b) {
  std::vector<std::string_view> a_args, b_args;
  for (const schema::InputValue& x : a.arguments) a_args.push_back(x.name);
  for (const schema::InputValue& x : b.arguments) b_args.push_back(x.name);
  return is_keyed_lookup(a.name, b.name, a_args) || is_keyed_lookup(b.name, a.name, b_args) ||
         are_foreign_key_lookups(a.name, b.name);
}

}  // namespace

// ------------------------------------------------------------------ switches

bool set_rule(RuleSwitches& rules, std::string_view name, bool on) {
  if (name == kRuleCycles) {
    rules.cycles = on;
  } else if (name == kRuleEndpoints) {
    rules.endpoints = on;
  } else if (name == kRuleRgeval) {
    rules.rgeval = on;
  } else {
    return false;
  }
  return true;
}

std::string rule_profile(const RuleSwitches& rules) {
  std::string out;
  auto add = [&](bool on, std::string_view name) {
    if (!on) return;
    if (!out.empty()) out.push_back(',');
    out.append(name);
  };
  add(rules.cycles, kRuleCycles);
  add(rules.endpoints, kRuleEndpoints);
  add(rules.rgeval, kRuleRgeval);
  return out.empty() ? "none" : out;
}

Result<RuleSwitches, Diagnostic> parse_rule_profile(std::string_view list,
                                                    std::string_view option) {
  RuleSwitches rules{false, false, false};
  if (list == "none") return rules;
  size_t begin = 0;
  while (begin <= list.size()) {
    size_t end = list.find(',', begin);
    if (end == std::string_view::npos) end = list.size();
    const std::string_view name = list.substr(begin, end - begin);
    if (!name.empty() && !set_rule(rules, name, true)) {
      return Unexpected{
          make_error("Usage", concat({"unknown rule '", name, "' in ", option,
                                      " (the rules are cycles, endpoints, rgeval)"}))};
    }
    begin = end + 1;
  }
  return rules;
}

// ------------------------------------------------------------------ matching

bool match_arguments(std::span<const CArgument> pattern, std::span<const CArgument> actual,
                     std::span<const CValue*> captures) {
  std::fill(captures.begin(), captures.end(), nullptr);
  if (pattern.size() != actual.size()) return false;
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i].name != actual[i].name) return false;
    if (!match_value(*pattern[i].value, *actual[i].value, captures)) return false;
  }
  return true;
}

const CValue* substitute_captures(const CValue& value, std::span<const CValue* const> captures,
                                  Arena& arena) {
  switch (value.kind) {
    case CKind::kSymbol: return captures[value.symbol];
    case CKind::kList: {
      CValue* list = arena.make<CValue>(value);
      auto items = arena.make_array<const CValue*>(value.items.size());
      for (size_t i = 0; i < items.size(); ++i) {
        items[i] = substitute_captures(*value.items[i], captures, arena);
      }
      list->items = items;
      return list;
    }
    case CKind::kObject: {
      CValue* obj = arena.make<CValue>(value);
      auto fields = arena.make_array<CField>(value.fields.size());
      for (size_t i = 0; i < fields.size(); ++i) {
        fields[i].name = value.fields[i].name;
        fields[i].value = substitute_captures(*value.fields[i].value, captures, arena);
      }
      obj->fields = fields;
      return obj;
    }
    default: return &value;
  }
}

// ------------------------------------------------------------------ Rewrites

std::shared_ptr<const Rewrites> Rewrites::build(std::shared_ptr<const schema::Schema> schema,
                                                const RulesFile* file) {
  std::shared_ptr<Rewrites> r(new Rewrites());
  r->schema_ = std::move(schema);
  r->connections_ = std::make_unique<const Connections>(*r->schema_);
  const size_t n = r->schema_->field_count();
  r->endpoint_.assign(n, schema::kNone);
  r->endpoint_derived_.assign(n, false);
  r->group_parent_.resize(n);
  for (schema::FieldId f = 0; f < n; ++f) r->group_parent_[f] = f;
  r->file_named_.assign(n, 0);
  r->file_canonical_.assign(n, 0);
  r->rgeval_.assign(n, schema::kNone);
  if (file == nullptr || file->derive_inverse_pairs) r->derive_inverse_pairs();
  if (file == nullptr || file->derive_endpoints) r->derive_endpoints();
  r->derive_rgeval();
  if (file != nullptr) r->add_file_rules(*file);
  std::sort(r->inverse_pairs_.begin(), r->inverse_pairs_.end());
  r->inverse_pairs_.erase(std::unique(r->inverse_pairs_.begin(), r->inverse_pairs_.end(),
                                      [](const InversePair& a, const InversePair& b) {
                                        return a.forward == b.forward && a.back == b.back;
                                      }),
                          r->inverse_pairs_.end());
  r->has_inverse_from_.assign(n, 0);
  for (const InversePair& p : r->inverse_pairs_) {
    if (p.forward < n) r->has_inverse_from_[p.forward] = 1;
  }
  r->settle_endpoint_groups();
  std::sort(r->ignored_.begin(), r->ignored_.end());
  r->ignored_.erase(std::unique(r->ignored_.begin(), r->ignored_.end()), r->ignored_.end());
  r->ignores_from_.assign(n, 0);
  for (const auto& [f, argument] : r->ignored_) r->ignores_from_[f] = 1;
  std::stable_sort(r->argument_maps_.begin(), r->argument_maps_.end(),
                   [](const ArgumentMap& a, const ArgumentMap& b) { return a.from < b.from; });
  return r;
}

Rewrites::~Rewrites() = default;

void Rewrites::warn(std::string message) {
  Diagnostic d;
  d.rule = "RulesFile";
  d.message = std::move(message);
  d.severity = Severity::kWarning;
  warnings_.push_back(std::move(d));
}

std::string Rewrites::field_label(schema::FieldId f) const {
  const schema::FieldDef& def = schema_->field(f);
  std::string out;
  if (def.owner != schema::kNone) out.append(schema_->type(def.owner).name).push_back('.');
  out.append(def.name);
  return out;
}

void Rewrites::derive_endpoints() {
  const schema::Schema& s = *schema_;
  schema::TypeId q = s.query_type();
  if (q == schema::kNone) return;
  std::vector<schema::FieldId> fields;
  for (schema::FieldId f : s.type(q).fields) {
    const schema::FieldDef& d = s.field(f);
    if (is_meta_name(d.name) || d.arguments.empty() || d.type.is_list()) continue;
    fields.push_back(f);
  }
  std::sort(fields.begin(), fields.end(), [&](schema::FieldId a, schema::FieldId b) {
    return s.field(a).name < s.field(b).name;
  });
  ValueCoercer coercer(s, arena_);
  auto same_signature = [&](const schema::FieldDef& a, const schema::FieldDef& b) {
    if (!(a.type == b.type) || a.arguments.size() != b.arguments.size()) return false;
    for (const schema::InputValue& x : a.arguments) {
      const schema::InputValue* y = nullptr;
      for (const schema::InputValue& cand : b.arguments) {
        if (cand.name == x.name) y = &cand;
      }
      if (y == nullptr || !(x.type == y->type)) return false;
      const CValue* dx = coercer.default_of(x);
      const CValue* dy = coercer.default_of(*y);
      if ((dx == nullptr) != (dy == nullptr)) return false;
      if (dx != nullptr && !values_equal(*dx, *dy)) return false;
    }
    return true;
  };
  for (size_t i = 0; i < fields.size(); ++i) {
    for (size_t j = i + 1; j < fields.size(); ++j) {
      if (endpoint_group(fields[i]) == endpoint_group(fields[j])) continue;
      if (same_signature(s.field(fields[i]), s.field(fields[j])) &&
          names_same_endpoint(s.field(fields[i]), s.field(fields[j]))) {
        join_endpoints(fields[i], fields[j], true);
      }
    }
  }
}

void Rewrites::derive_rgeval() {
  const schema::Schema& s = *schema_;
  schema::TypeId q = s.query_type();
  if (q == schema::kNone) return;
  std::vector<schema::FieldId> fields;
  for (schema::FieldId f : s.type(q).fields) {
    if (!is_meta_name(s.field(f).name)) fields.push_back(f);
  }
  std::sort(fields.begin(), fields.end(), [&](schema::FieldId a, schema::FieldId b) {
    const schema::FieldDef& x = s.field(a);
    const schema::FieldDef& y = s.field(b);
    return x.type.named != y.type.named ? x.type.named < y.type.named : x.name < y.name;
  });
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i > 0 && s.field(fields[i]).type.named == s.field(fields[i - 1]).type.named) {
      schema::FieldId first =
          rgeval_[fields[i - 1]] == schema::kNone ? fields[i - 1] : rgeval_[fields[i - 1]];
      rgeval_[fields[i]] = first;
    }
  }
}

void Rewrites::add_file_rules(const RulesFile& file) {
  const schema::Schema& s = *schema_;
  for (const RulesFile::InversePair& p : file.inverse_pairs) {
    const std::string label = p.type + "." + p.field + " <-> " + p.inverse_type + "." + p.inverse;
    schema::TypeId a = s.find_type(p.type);
    schema::TypeId b = s.find_type(p.inverse_type);
    if (a == schema::kNone || b == schema::kNone) {
      warn(entry(p.where) + "inverse pair " + label + " skipped: the schema has no type \"" +
           (a == schema::kNone ? p.type : p.inverse_type) + "\"");
      continue;
    }
    schema::FieldId f = s.find_field(a, p.field);
    schema::FieldId g = s.find_field(b, p.inverse);
    if (f == schema::kNone || g == schema::kNone) {
      warn(entry(p.where) + "inverse pair " + label + " skipped: the schema has no field " +
           (f == schema::kNone ? p.type + "." + p.field : p.inverse_type + "." + p.inverse));
      continue;
    }
    const schema::FieldDef& gd = s.field(g);
    if (s.is_root_type(a) || s.is_root_type(b)) {
      warn(entry(p.where) + "inverse pair " + label +
           " skipped: " + (s.is_root_type(a) ? p.type : p.inverse_type) +
           " is a root type (the cycles rule never folds into the root)");
      continue;
    }
    if (!connections_->is_way(s, f, b) || gd.type.named != a || gd.type.is_list() || a == b) {
      warn(entry(p.where) + "inverse pair " + label + " skipped: " + p.type + "." + p.field +
           " must return " + p.inverse_type + ", [" + p.inverse_type + "] or a connection to " +
           p.inverse_type + " (edges { node: " + p.inverse_type + " } or nodes: [" +
           p.inverse_type + "]), and " + p.inverse_type + "." + p.inverse + " must return one " +
           p.type + " (two different types)");
      continue;
    }
    if (!gd.arguments.empty()) {
      warn(entry(p.where) + "inverse pair " + label + " skipped: " + p.inverse_type + "." +
           p.inverse + " takes arguments, and the cycles rule never folds a back-reference " +
           "with arguments");
      continue;
    }
    inverse_pairs_.push_back(InversePair{f, g, false});
  }

  schema::TypeId q = s.query_type();
  for (const RulesFile::EndpointGroup& g : file.endpoints) {
    schema::FieldId canonical = q == schema::kNone ? schema::kNone : s.find_field(q, g.canonical);
    if (canonical == schema::kNone) {
      warn(entry(g.where) + "endpoint group of \"" + g.canonical +
           "\" skipped: Query has no field \"" + g.canonical + "\"");
      continue;
    }
    for (const std::string& name : g.same_as) {
      schema::FieldId f = s.find_field(q, name);
      if (f == schema::kNone) {
        warn(concat({entry(g.where), "endpoint \"", name, "\" -> \"", g.canonical,
                     "\" skipped: Query has no field \"", name, "\""}));
        continue;
      }
      if (s.field(f).type.named != s.field(canonical).type.named) {
        warn(entry(g.where) + "endpoint \"" + name + "\" -> \"" + g.canonical +
             "\" skipped: the two fields return different types (" +
             s.type_to_string(s.field(f).type) + " and " +
             s.type_to_string(s.field(canonical).type) + ")");
        continue;
      }
      file_canonical_[canonical] = 1;
      if (f != canonical) join_endpoints(canonical, f, false);
    }
  }
  for (const RulesFile::ArgumentMap& m : file.argument_maps) add_argument_map(m);
  for (const RulesFile::IgnoredArgument& a : file.ignore_arguments) add_ignored_argument(a);
}

void Rewrites::add_ignored_argument(const RulesFile::IgnoredArgument& declared) {
  const schema::Schema& s = *schema_;
  const std::string label = declared.type + "." + declared.field + "(" + declared.argument + ":)";
  const schema::TypeId t = s.find_type(declared.type);
  if (t == schema::kNone) {
    warn(entry(declared.where) + "ignored argument " + label +
         " skipped: the schema has no type \"" + declared.type + "\"");
    return;
  }
  const schema::FieldId f = s.find_field(t, declared.field);
  if (f == schema::kNone) {
    warn(entry(declared.where) + "ignored argument " + label +
         " skipped: the schema has no field " + declared.type + "." + declared.field);
    return;
  }
  auto add = [&](schema::FieldId g) {
    for (const schema::InputValue& a : s.field(g).arguments) {
      if (a.name == declared.argument) {
        ignored_.emplace_back(g, a.name);
        return true;
      }
    }
    return false;
  };
  if (!add(f)) {
    warn(entry(declared.where) + "ignored argument " + label + " skipped: " + declared.type + "." +
         declared.field + " has no argument \"" + declared.argument + "\"");
    return;
  }
  // An interface's field: the same field of every type that implements it.
  if (s.type(t).kind == schema::TypeKind::kInterface) {
    for (schema::TypeId impl : s.possible_types(t)) {
      const schema::FieldId g = s.find_field(impl, declared.field);
      if (g != schema::kNone) add(g);
    }
  }
}

bool Rewrites::ignores_argument(schema::FieldId f, std::string_view argument) const {
  auto it = std::lower_bound(ignored_.begin(), ignored_.end(), f,
                             [](const auto& e, schema::FieldId v) { return e.first < v; });
  for (; it != ignored_.end() && it->first == f; ++it) {
    if (it->second == argument) return true;
  }
  return false;
}

void Rewrites::add_argument_map(const RulesFile::ArgumentMap& map) {
  const schema::Schema& s = *schema_;
  const std::string label = map.from + " -> " + map.to;
  schema::TypeId q = s.query_type();
  if (q == schema::kNone) return;
  ValueCoercer coercer(s, arena_);
  CaptureResolver captures(true);
  coercer.set_resolver(&captures);

  // Each side is a single field, parsed as the selection set `{ field }`.
  auto compile_side = [&](const std::string& text, schema::FieldId& field_out,
                          std::span<const CArgument>& args_out) -> bool {
    std::string wrapped = "{ " + text + " }";
    std::string_view source = arena_.copy_string(wrapped);
    auto parsed = graphql::parse(source, arena_);
    if (!parsed.ok()) {
      warn(entry(map.where) + "argument map " + label + " skipped: \"" + text +
           "\" does not parse: " + parsed.error().message);
      return false;
    }
    const ast::Document* doc = parsed.value();
    const ast::OperationDefinition* op = nullptr;
    if (doc->definitions.size() == 1 &&
        doc->definitions[0]->kind == ast::DefinitionKind::kOperation) {
      op = &ast::as<ast::OperationDefinition>(*doc->definitions[0]);
    }
    if (op == nullptr || op->selection_set == nullptr ||
        op->selection_set->selections.size() != 1 ||
        op->selection_set->selections[0]->kind != ast::SelectionKind::kField) {
      warn(entry(map.where) + "argument map " + label + " skipped: \"" + text +
           "\" must be one field");
      return false;
    }
    const auto& field = ast::as<ast::Field>(*op->selection_set->selections[0]);
    schema::FieldId f = s.find_field(q, field.name.value);
    if (f == schema::kNone) {
      warn(entry(map.where) + "argument map " + label + " skipped: Query has no field \"" +
           std::string(field.name.value) + "\"");
      return false;
    }
    std::vector<CArgument> args;
    if (!coercer.coerce_arguments(field.arguments, s.field(f).arguments, args)) {
      warn(entry(map.where) + "argument map " + label + " skipped: " + coercer.error().message);
      return false;
    }
    for (const ast::Argument* a : field.arguments) {
      bool known = false;
      for (const schema::InputValue& d : s.field(f).arguments) known |= d.name == a->name.value;
      if (!known) {
        warn(entry(map.where) + "argument map " + label + " skipped: \"" +
             std::string(field.name.value) + "\" has no argument \"" + std::string(a->name.value) +
             "\"");
        return false;
      }
    }
    field_out = f;
    args_out = arena_.copy(std::span<const CArgument>(args));
    return true;
  };

  ArgumentMap compiled;
  if (!compile_side(map.from, compiled.from, compiled.pattern)) return;
  captures.set_defining(false);
  if (!compile_side(map.to, compiled.to, compiled.target)) return;
  if (s.field(compiled.from).type.named != s.field(compiled.to).type.named) {
    warn(entry(map.where) + "argument map " + label +
         " skipped: the two fields return different types");
    return;
  }
  compiled.capture_count = static_cast<uint32_t>(captures.captures().size());
  compiled.text = arena_.copy_string(label);
  argument_maps_.push_back(compiled);
}

schema::FieldId Rewrites::endpoint_group(schema::FieldId f) {
  while (group_parent_[f] != f) {
    group_parent_[f] = group_parent_[group_parent_[f]];  // path halving
    f = group_parent_[f];
  }
  return f;
}

void Rewrites::join_endpoints(schema::FieldId canonical, schema::FieldId member, bool derived) {
  if (!derived) file_named_[canonical] = file_named_[member] = 1;
  const schema::FieldId a = endpoint_group(canonical);
  const schema::FieldId b = endpoint_group(member);
  if (a != b) group_parent_[b] = a;
}

void Rewrites::settle_endpoint_groups() {
  const schema::Schema& s = *schema_;
  const auto n = static_cast<schema::FieldId>(group_parent_.size());
  // The canonical field of each group: the smallest-named declared canonical,
  // else the smallest name; kept at the group's root.
  std::vector<schema::FieldId> chosen(n, schema::kNone);
  auto better = [&](schema::FieldId x, schema::FieldId y) {
    if (file_canonical_[x] != file_canonical_[y]) return file_canonical_[x] > file_canonical_[y];
    return s.field(x).name < s.field(y).name;
  };
  for (schema::FieldId f = 0; f < n; ++f) {
    const schema::FieldId root = endpoint_group(f);
    if (chosen[root] == schema::kNone || better(f, chosen[root])) chosen[root] = f;
  }
  for (schema::FieldId f = 0; f < n; ++f) {
    const schema::FieldId canonical = chosen[endpoint_group(f)];
    if (canonical == f) continue;
    endpoint_[f] = canonical;
    endpoint_derived_[f] = file_named_[f] == 0;
  }
  group_parent_ = {};
  file_named_ = {};
  file_canonical_ = {};
}

bool Rewrites::is_inverse(schema::FieldId forward, schema::FieldId back) const {
  InversePair key{forward, back, false};
  auto it = std::lower_bound(inverse_pairs_.begin(), inverse_pairs_.end(), key);
  return it != inverse_pairs_.end() && it->forward == forward && it->back == back;
}

schema::FieldId Rewrites::canonical_endpoint(schema::FieldId f) const {
  if (f >= endpoint_.size() || endpoint_[f] == schema::kNone) return f;
  return endpoint_[f];
}

schema::FieldId Rewrites::rgeval_endpoint(schema::FieldId f) const {
  if (f >= rgeval_.size() || rgeval_[f] == schema::kNone) return f;
  return rgeval_[f];
}

std::span<const ArgumentMap> Rewrites::argument_maps_from(schema::FieldId f) const {
  auto lo = std::lower_bound(argument_maps_.begin(), argument_maps_.end(), f,
                             [](const ArgumentMap& m, schema::FieldId v) { return m.from < v; });
  auto hi = lo;
  while (hi != argument_maps_.end() && hi->from == f) ++hi;
  return {lo, hi};
}

std::string Rewrites::describe() const {
  std::vector<std::string> lines;
  for (const InversePair& p : inverse_pairs_) {
    lines.push_back("inverse " + field_label(p.forward) + " <-> " + field_label(p.back) +
                    (p.derived ? " (derived)" : " (rules file)"));
  }
  for (schema::FieldId f = 0; f < endpoint_.size(); ++f) {
    if (endpoint_[f] == schema::kNone) continue;
    lines.push_back("endpoint " + std::string(schema_->field(f).name) + " -> " +
                    std::string(schema_->field(endpoint_[f]).name) +
                    (endpoint_derived_[f] ? " (derived)" : " (rules file)"));
  }
  for (const ArgumentMap& m : argument_maps_)
    lines.push_back("argument_map " + std::string(m.text));
  for (schema::FieldId f = 0; f < rgeval_.size(); ++f) {
    if (rgeval_[f] == schema::kNone) continue;
    lines.push_back("rgeval " + std::string(schema_->field(f).name) + " -> " +
                    std::string(schema_->field(rgeval_[f]).name));
  }
  for (const auto& [f, argument] : ignored_) {
    lines.push_back("ignore_argument " + field_label(f) + "(" + std::string(argument) + ":)");
  }
  std::string out;
  for (const std::string& l : lines) out.append(l).push_back('\n');
  return out;
}

// ------------------------------------------------------------------ cache

std::shared_ptr<const Rewrites> RewritesCache::get(
    const std::shared_ptr<const schema::Schema>& schema) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = entries_.find(schema.get());
  if (it != entries_.end()) return it->second;
  auto built = Rewrites::build(schema, file_.get());
  entries_.emplace(schema.get(), built);
  return built;
}

}  // namespace gqleval::normalize
