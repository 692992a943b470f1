#include "bench/baseline/executor.h"

#include <charconv>
#include <cstdlib>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace gqleval::baseline {
namespace {

using schema::FieldDef;
using schema::FieldId;
using schema::Schema;
using schema::TypeId;
using schema::TypeRef;

struct Group {
  std::string_view key;
  std::vector<const ast::Field*> fields;
};
using Groups = std::vector<Group>;

struct Arg {
  std::string_view name;
  TypeRef type;
  JsonValue value;
};

enum class Op : uint8_t { kEq, kNe, kGt, kGe, kLt, kLe, kLike, kILike, kIn, kNin };

struct Condition {
  Op op = Op::kEq;
  std::string_view field;
  const JsonValue* value = nullptr;
  bool fallback = false;  // may use a "_<name>" suffix field, then the key field when id_like
  bool id_like = false;
  // The slot found for the last concrete type seen (lists are mostly of one type).
  TypeId cached_type = schema::kNone;
  uint32_t cached_slot = schema::kNone;
};

struct Plan {
  std::vector<Condition> conditions;
  int64_t limit = -1;
  int64_t last = -1;
  int64_t offset = 0;
  bool paginates() const { return limit >= 0 || last >= 0 || offset > 0; }
  bool empty() const { return conditions.empty() && !paginates(); }
};

bool op_from_name(std::string_view n, Op* op) {
  static constexpr std::pair<std::string_view, Op> kOps[] = {
      {"eq", Op::kEq},  {"equals", Op::kEq}, {"ne", Op::kNe},     {"neq", Op::kNe},
      {"gt", Op::kGt},  {"gte", Op::kGe},    {"ge", Op::kGe},     {"lt", Op::kLt},
      {"lte", Op::kLe}, {"le", Op::kLe},     {"like", Op::kLike}, {"ilike", Op::kILike},
      {"in", Op::kIn},  {"nin", Op::kNin}};
  for (const auto& [name, value] : kOps) {
    if (n == name) {
      *op = value;
      return true;
    }
  }
  return false;
}

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// SQL LIKE: % any run, _ any one byte.
bool like(std::string_view s, std::string_view p, bool fold) {
  size_t si = 0, pi = 0, star = std::string_view::npos, mark = 0;
  while (si < s.size()) {
    if (pi < p.size() && p[pi] == '%') {
      star = pi++;
      mark = si;
    } else if (pi < p.size() &&
               (p[pi] == '_' || (fold ? lower(p[pi]) == lower(s[si]) : p[pi] == s[si]))) {
      ++pi;
      ++si;
    } else if (star != std::string_view::npos) {
      pi = star + 1;
      si = ++mark;
    } else {
      return false;
    }
  }
  while (pi < p.size() && p[pi] == '%') ++pi;
  return pi == p.size();
}

std::string number_text(const JsonValue& j) {
  std::string s;
  serialize_json(j, s);
  return s;
}

std::string stored_text(const DataValue& d) {
  switch (d.kind) {
    case DataValue::Kind::kInt: return std::to_string(d.integer);
    case DataValue::Kind::kFloat: return number_text(JsonValue::real(d.real));
    case DataValue::Kind::kBool: return d.boolean ? "true" : "false";
    case DataValue::Kind::kString: return d.string;
    default: return {};
  }
}

// Three-way comparison of a stored scalar with an argument scalar; false when
// they cannot be compared (null, or a string that is not a number against a number).
bool compare(const DataValue& d, const JsonValue& j, int* order) {
  auto three = [](auto a, auto b) { return a < b ? -1 : (b < a ? 1 : 0); };
  const bool d_number = d.kind == DataValue::Kind::kInt || d.kind == DataValue::Kind::kFloat;
  if (d_number && j.kind() == JsonValue::Kind::kNumber) {
    if (d.kind == DataValue::Kind::kInt && j.is_integer()) {
      *order = three(d.integer, j.as_integer());
    } else {
      *order = three(d.kind == DataValue::Kind::kInt ? static_cast<double>(d.integer) : d.real,
                     j.as_number());
    }
    return true;
  }
  if (d.kind == DataValue::Kind::kBool && j.kind() == JsonValue::Kind::kBool) {
    *order = three(d.boolean, j.as_bool());
    return true;
  }
  if (d.kind == DataValue::Kind::kNull || j.is_null() || j.kind() == JsonValue::Kind::kArray ||
      j.kind() == JsonValue::Kind::kObject) {
    return false;
  }
  // Mixed string and number (an ID written 17 or "17"): compare as numbers when
  // both read as numbers, else as text.
  const std::string ds = stored_text(d);
  const std::string js = j.kind() == JsonValue::Kind::kString ? j.as_string() : number_text(j);
  char* end = nullptr;
  const double dn = std::strtod(ds.c_str(), &end);
  const bool d_num = !ds.empty() && *end == '\0';
  const double jn = std::strtod(js.c_str(), &end);
  const bool j_num = !js.empty() && *end == '\0';
  *order = (d_num && j_num) ? three(dn, jn) : three(std::string_view(ds), std::string_view(js));
  return true;
}

bool satisfies(const DataValue& d, Op op, const JsonValue& j) {
  if (d.kind == DataValue::Kind::kList) {  // a list field: some item satisfies it
    for (const DataValue& item : d.items) {
      if (satisfies(item, op, j)) return true;
    }
    return false;
  }
  int order = 0;
  switch (op) {
    case Op::kIn:
    case Op::kNin: {
      bool found = false;
      if (j.kind() == JsonValue::Kind::kArray) {
        for (const JsonValue& item : j.items())
          found = found || (compare(d, item, &order) && order == 0);
      } else {
        found = compare(d, j, &order) && order == 0;
      }
      return op == Op::kIn ? found : (d.kind != DataValue::Kind::kNull && !found);
    }
    case Op::kLike:
    case Op::kILike:
      if (d.kind == DataValue::Kind::kNull || j.kind() != JsonValue::Kind::kString) return false;
      return like(stored_text(d), j.as_string(), op == Op::kILike);
    default: break;
  }
  if (j.kind() == JsonValue::Kind::kArray) return satisfies(d, Op::kIn, j) == (op == Op::kEq);
  if (!compare(d, j, &order)) return false;
  switch (op) {
    case Op::kEq: return order == 0;
    case Op::kNe: return order != 0;
    case Op::kGt: return order > 0;
    case Op::kGe: return order >= 0;
    case Op::kLt: return order < 0;
    case Op::kLe: return order <= 0;
    default: return false;
  }
}

class Executor {
 public:
  Executor(const Schema& s, const SyntheticData& d, const ast::Document& doc,
           const ExecuteOptions& options)
      : s_(s), d_(d), doc_(doc), options_(options) {}

  JsonValue run(const ast::OperationDefinition& op, const JsonValue& variables) {
    JsonValue response = JsonValue::object();
    errors_ = JsonValue::array();
    if (!bind_variables(op, variables)) {
      response.add("errors", std::move(errors_));
      return response;
    }
    const TypeId root = s_.root_type(op.operation);
    Groups groups;
    std::vector<std::string_view> visited;
    collect(root, *op.selection_set, groups, visited);
    const std::span<const DataObject> roots = d_.objects(root);
    JsonValue data;
    if (!execute_set(root, roots.empty() ? nullptr : &roots.front(), true, groups, data)) {
      data = JsonValue::null();
    }
    if (too_large_) {
      JsonValue aborted = JsonValue::object();
      errors_ = JsonValue::array();  // field errors of the partial response do not count
      request_error("The response exceeds " + std::to_string(options_.max_values) +
                    " values; execution stopped.");
      aborted.add("errors", std::move(errors_));
      return aborted;
    }
    if (!errors_.items().empty()) response.add("errors", std::move(errors_));
    response.add("data", std::move(data));
    return response;
  }

 private:
  // ---- variables and values

  bool bind_variables(const ast::OperationDefinition& op, const JsonValue& given) {
    bool ok = true;
    for (const ast::VariableDefinition* def : op.variables) {
      const TypeRef type = s_.resolve(*def->type);
      const JsonValue* value =
          given.kind() == JsonValue::Kind::kObject ? given.find(def->variable.value) : nullptr;
      if (value != nullptr) {
        if (value->is_null() && type.is_non_null()) {
          request_error("Variable \"$" + std::string(def->variable.value) +
                        "\" of non-null type \"" + s_.type_to_string(type) +
                        "\" must not be null.");
          ok = false;
          continue;
        }
        JsonValue v = *value;
        if (type.named == schema::kIdType && v.kind() == JsonValue::Kind::kNumber) {
          v = JsonValue::string(number_text(v));
        }
        variables_.emplace_back(def->variable.value, std::move(v));
      } else if (def->default_value != nullptr) {
        bool absent = false;
        variables_.emplace_back(def->variable.value, literal(*def->default_value, type, &absent));
      } else if (type.is_non_null()) {
        request_error("Variable \"$" + std::string(def->variable.value) + "\" of required type \"" +
                      s_.type_to_string(type) + "\" was not provided.");
        ok = false;
      }
    }
    return ok;
  }

  const JsonValue* variable(std::string_view name) const {
    for (const auto& [n, v] : variables_) {
      if (n == name) return &v;
    }
    return nullptr;
  }

  // A literal as JSON, variables replaced; *absent when it is an unset variable.
  JsonValue literal(const ast::Value& v, TypeRef type, bool* absent) const {
    switch (v.kind) {
      case ast::ValueKind::kVariable: {
        const JsonValue* value = variable(v.text);
        if (value == nullptr) {
          *absent = true;
          return {};
        }
        return *value;
      }
      case ast::ValueKind::kInt: {
        if (type.named == schema::kIdType) return JsonValue::string(std::string(v.text));
        int64_t i = 0;
        auto r = std::from_chars(v.text.data(), v.text.data() + v.text.size(), i);
        if (r.ec != std::errc())
          return JsonValue::real(std::strtod(std::string(v.text).c_str(), nullptr));
        return JsonValue::integer(i);
      }
      case ast::ValueKind::kFloat:
        return JsonValue::real(std::strtod(std::string(v.text).c_str(), nullptr));
      case ast::ValueKind::kString:
      case ast::ValueKind::kEnum: return JsonValue::string(std::string(v.text));
      case ast::ValueKind::kBoolean: return JsonValue::boolean(v.boolean);
      case ast::ValueKind::kNull: return {};
      case ast::ValueKind::kList: {
        JsonValue a = JsonValue::array();
        const TypeRef item = type.is_list() ? type.item() : type;
        for (const ast::Value* x : v.list) {
          bool gone = false;
          JsonValue j = literal(*x, item, &gone);
          a.push(gone ? JsonValue::null() : std::move(j));
        }
        return a;
      }
      case ast::ValueKind::kObject: {
        JsonValue o = JsonValue::object();
        for (const ast::ObjectField* f : v.fields) {
          const schema::InputValue* def = type.named == schema::kNone
                                              ? nullptr
                                              : s_.input_field_named(type.named, f->name.value);
          bool gone = false;
          JsonValue j = literal(*f->value, def ? def->type : TypeRef{}, &gone);
          if (!gone) o.add(std::string(f->name.value), std::move(j));
        }
        return o;
      }
    }
    return {};
  }

  bool condition_true(const ast::Directive& d) const {
    for (const ast::Argument* a : d.arguments) {
      if (a->name.value != "if") continue;
      bool absent = false;
      const JsonValue v = literal(*a->value, TypeRef{schema::kBooleanType, 0, 1}, &absent);
      return v.kind() == JsonValue::Kind::kBool && v.as_bool();
    }
    return false;
  }

  bool included(ast::List<ast::Directive> directives) const {
    for (const ast::Directive* d : directives) {
      if (d->name.value == "skip" && condition_true(*d)) return false;
      if (d->name.value == "include" && !condition_true(*d)) return false;
    }
    return true;
  }

  // ---- field collection (the spec's CollectFields)

  const ast::FragmentDefinition* fragment(std::string_view name) const {
    const ast::FragmentDefinition* found = nullptr;
    for (const ast::Definition* d : doc_.definitions) {
      if (d->kind != ast::DefinitionKind::kFragment) continue;
      const auto& f = ast::as<ast::FragmentDefinition>(*d);
      if (f.name.value == name) found = &f;
    }
    return found;
  }

  bool applies(std::string_view condition, TypeId type) const {
    if (condition.empty()) return true;
    const TypeId c = s_.find_type(condition);
    return c != schema::kNone && s_.is_sub_type(c, type);
  }

  void collect(TypeId type, const ast::SelectionSet& set, Groups& out,
               std::vector<std::string_view>& visited) const {
    for (const ast::Selection* sel : set.selections) {
      switch (sel->kind) {
        case ast::SelectionKind::kField: {
          const auto& f = ast::as<ast::Field>(*sel);
          if (!included(f.directives)) break;
          const std::string_view key = f.response_key();
          Group* g = nullptr;
          for (Group& existing : out) {
            if (existing.key == key) g = &existing;
          }
          if (g == nullptr) {
            out.push_back(Group{key, {}});
            g = &out.back();
          }
          g->fields.push_back(&f);
          break;
        }
        case ast::SelectionKind::kFragmentSpread: {
          const auto& spread = ast::as<ast::FragmentSpread>(*sel);
          if (!included(spread.directives)) break;
          bool seen = false;
          for (std::string_view v : visited) seen = seen || v == spread.name.value;
          if (seen) break;
          visited.push_back(spread.name.value);
          const ast::FragmentDefinition* def = fragment(spread.name.value);
          if (def == nullptr || !applies(def->type_condition.value, type)) break;
          collect(type, *def->selection_set, out, visited);
          break;
        }
        case ast::SelectionKind::kInlineFragment: {
          const auto& inl = ast::as<ast::InlineFragment>(*sel);
          if (!included(inl.directives) || !applies(inl.type_condition.value, type)) break;
          collect(type, *inl.selection_set, out, visited);
          break;
        }
      }
    }
  }

  // graphql-js memoizes the sub-field collection per (field nodes, type): so do we.
  const Groups& subfields(const Group& g, TypeId type) {
    auto [it, inserted] = subfields_.try_emplace({&g, type});
    if (inserted) {
      std::vector<std::string_view> visited;
      for (const ast::Field* f : g.fields) {
        if (f->selection_set != nullptr) collect(type, *f->selection_set, it->second, visited);
      }
    }
    return it->second;
  }

  // ---- arguments

  void arguments(const ast::Field& field, const FieldDef& def, std::vector<Arg>& out) const {
    for (const schema::InputValue& iv : def.arguments) {
      const ast::Argument* given = nullptr;
      for (const ast::Argument* a : field.arguments) {
        if (a->name.value == iv.name) given = a;
      }
      bool absent = false;
      if (given != nullptr) {
        JsonValue v = literal(*given->value, iv.type, &absent);
        if (!absent) {
          out.push_back(Arg{iv.name, iv.type, std::move(v)});
          continue;
        }
      }
      if (iv.default_value != nullptr) {
        absent = false;
        JsonValue v = literal(*iv.default_value, iv.type, &absent);
        if (!absent) out.push_back(Arg{iv.name, iv.type, std::move(v)});
      }
    }
  }

  static Plan plan_of(const std::vector<Arg>& args) {
    Plan p;
    for (const Arg& a : args) {
      const JsonValue& v = a.value;
      if (v.is_null()) continue;
      const bool number = v.kind() == JsonValue::Kind::kNumber;
      const int64_t n = number ? static_cast<int64_t>(v.as_number()) : 0;
      if (a.name == "first" || a.name == "limit" || a.name == "take" || a.name == "top") {
        if (number) p.limit = n < 0 ? 0 : n;
        continue;
      }
      if (a.name == "last") {
        if (number) p.last = n < 0 ? 0 : n;
        continue;
      }
      if (a.name == "offset" || a.name == "skip" || a.name == "after") {
        if (number) p.offset = n < 0 ? 0 : n;
        continue;
      }
      if (v.kind() == JsonValue::Kind::kObject) {
        if (a.name != "filter" && a.name != "where") continue;
        for (const JsonValue::Member& m : v.members()) {
          if (m.second.kind() != JsonValue::Kind::kObject) {
            if (!m.second.is_null()) p.conditions.push_back(Condition{Op::kEq, m.first, &m.second});
            continue;
          }
          for (const JsonValue::Member& o : m.second.members()) {
            Op op;
            if (op_from_name(o.first, &op))
              p.conditions.push_back(Condition{op, m.first, &o.second});
          }
        }
        continue;
      }
      Condition c{v.kind() == JsonValue::Kind::kArray ? Op::kIn : Op::kEq, a.name, &v};
      c.fallback = true;
      c.id_like = is_id_like_name(a.name) || a.type.named == schema::kIdType;
      p.conditions.push_back(c);
    }
    return p;
  }

  uint32_t condition_slot(Condition& c, TypeId type) const {
    if (c.cached_type == type) return c.cached_slot;
    uint32_t slot = schema::kNone;
    const FieldId f = s_.find_field(type, c.field);
    if (f != schema::kNone && s_.field(f).owner != schema::kNone) slot = d_.slot(type, f);
    if (slot == schema::kNone && c.fallback) {
      const schema::TypeDef& t = s_.type(type);
      uint32_t found = 0;
      for (uint32_t i = 0; i < t.fields.size(); ++i) {
        const std::string_view n = s_.field(t.fields[i]).name;
        if (n.size() > c.field.size() + 1 && n.substr(n.size() - c.field.size()) == c.field &&
            n[n.size() - c.field.size() - 1] == '_') {
          slot = i;
          ++found;
        }
      }
      if (found != 1) slot = schema::kNone;
      if (slot == schema::kNone && c.id_like) slot = d_.key_slot(type);
    }
    c.cached_type = type;
    c.cached_slot = slot;
    return slot;
  }

  bool passes(Plan& p, const DataObject& obj) const {
    for (Condition& c : p.conditions) {
      const uint32_t slot = condition_slot(c, obj.type);
      if (slot == schema::kNone) continue;  // no field to test: ignored
      if (!satisfies(obj.fields[slot], c.op, *c.value)) return false;
    }
    return true;
  }

  // Filters and pages a list of object references.
  DataValue select(Plan& p, const DataValue& list) const {
    DataValue out;
    out.kind = DataValue::Kind::kList;
    for (const DataValue& item : list.items) {
      if (item.kind != DataValue::Kind::kObject ||
          passes(p, d_.object(item.object_type, item.object_index))) {
        out.items.push_back(item);
      }
    }
    page(p, out.items);
    return out;
  }

  static void page(const Plan& p, std::vector<DataValue>& items) {
    const auto size = static_cast<int64_t>(items.size());
    const int64_t skip = p.offset < size ? p.offset : size;
    items.erase(items.begin(), items.begin() + skip);
    if (p.limit >= 0 && p.limit < static_cast<int64_t>(items.size()))
      items.resize(static_cast<size_t>(p.limit));
    if (p.last >= 0 && p.last < static_cast<int64_t>(items.size())) {
      items.erase(items.begin(), items.end() - p.last);
    }
  }

  // Every object of the composite type, filtered and paged (a root field).
  DataValue all_objects(Plan& p, TypeId type, bool list) const {
    DataValue out;
    out.kind = DataValue::Kind::kList;
    for (TypeId c : s_.possible_types(type)) {
      for (const DataObject& obj : d_.objects(c)) {
        if (!passes(p, obj)) continue;
        DataValue ref;
        ref.kind = DataValue::Kind::kObject;
        ref.object_type = c;
        ref.object_index = obj.index;
        out.items.push_back(std::move(ref));
        if (!list) return std::move(out.items.front());
      }
    }
    if (!list) return {};
    page(p, out.items);
    return out;
  }

  // ---- execution

  bool execute_set(TypeId type, const DataObject* obj, bool root, const Groups& groups,
                   JsonValue& out) {
    out = JsonValue::object();
    for (const Group& g : groups) {
      path_.emplace_back(g.key, -1);
      JsonValue v;
      const bool ok = execute_field(type, obj, root, g, v);
      path_.pop_back();
      if (!ok) return false;
      out.add(std::string(g.key), std::move(v));
    }
    return true;
  }

  bool execute_field(TypeId type, const DataObject* obj, bool root, const Group& g,
                     JsonValue& out) {
    const ast::Field& field = *g.fields.front();
    if (field.name.value == "__typename") {
      out = JsonValue::string(std::string(s_.type(type).name));
      return true;
    }
    const FieldId fid = s_.find_field(type, field.name.value);
    if (fid == schema::kNone || s_.field(fid).owner == schema::kNone || obj == nullptr) {
      out = JsonValue::null();  // __schema / __type are not served
      return true;
    }
    const FieldDef& def = s_.field(fid);
    const uint32_t slot = d_.slot(type, fid);
    static const DataValue kNull;
    const DataValue& stored = slot == schema::kNone ? kNull : obj->fields[slot];
    if (!s_.is_composite(def.type.named)) return complete(def.type, stored, type, g, out);

    std::vector<Arg> args;
    arguments(field, def, args);
    Plan plan = plan_of(args);
    if (root) {
      const DataValue found = all_objects(plan, def.type.named, def.type.is_list());
      return complete(def.type, found, type, g, out);
    }
    if (plan.empty()) return complete(def.type, stored, type, g, out);
    if (stored.kind == DataValue::Kind::kList)
      return complete(def.type, select(plan, stored), type, g, out);
    if (stored.kind == DataValue::Kind::kObject &&
        !passes(plan, d_.object(stored.object_type, stored.object_index))) {
      return complete(def.type, kNull, type, g, out);
    }
    return complete(def.type, stored, type, g, out);
  }

  // Completes a value; false when a null must propagate to the parent.
  bool complete(TypeRef t, const DataValue& v, TypeId parent, const Group& g, JsonValue& out) {
    if (t.is_non_null()) {
      if (!complete(t.nullable(), v, parent, g, out) || too_large_) return false;
      if (!out.is_null()) return true;
      field_error("Cannot return null for non-nullable field " + std::string(s_.type(parent).name) +
                      "." + std::string(g.fields.front()->name.value) + ".",
                  g.fields.front()->loc.pos());
      return false;
    }
    if (too_large_ || ++values_ > options_.max_values) {
      too_large_ = true;  // abort: every caller returns at once
      return false;
    }
    // A nullable position: whatever fails below becomes null here.
    out = JsonValue::null();
    if (v.kind == DataValue::Kind::kNull) return true;
    if (t.is_list()) {
      if (v.kind != DataValue::Kind::kList) return true;
      JsonValue list = JsonValue::array();
      list.items().reserve(v.items.size());
      for (size_t i = 0; i < v.items.size(); ++i) {
        path_.emplace_back(std::string_view{}, static_cast<int64_t>(i));
        JsonValue item;
        const bool ok = complete(t.item(), v.items[i], parent, g, item);
        path_.pop_back();
        if (!ok) return true;
        list.push(std::move(item));
      }
      out = std::move(list);
      return true;
    }
    switch (v.kind) {
      case DataValue::Kind::kObject: {
        const DataObject& obj = d_.object(v.object_type, v.object_index);
        JsonValue o;
        if (execute_set(obj.type, &obj, false, subfields(g, obj.type), o)) out = std::move(o);
        return true;
      }
      case DataValue::Kind::kInt: out = JsonValue::integer(v.integer); return true;
      case DataValue::Kind::kFloat: out = JsonValue::real(v.real); return true;
      case DataValue::Kind::kBool: out = JsonValue::boolean(v.boolean); return true;
      case DataValue::Kind::kString: out = JsonValue::string(v.string); return true;
      default: return true;
    }
  }

  // ---- errors

  void request_error(std::string message) {
    JsonValue e = JsonValue::object();
    e.add("message", JsonValue::string(std::move(message)));
    errors_.push(std::move(e));
  }

  void field_error(std::string message, SourcePos pos) {
    JsonValue e = JsonValue::object();
    e.add("message", JsonValue::string(std::move(message)));
    JsonValue loc = JsonValue::object();
    loc.add("line", JsonValue::integer(pos.line));
    loc.add("column", JsonValue::integer(pos.column));
    JsonValue locations = JsonValue::array();
    locations.push(std::move(loc));
    e.add("locations", std::move(locations));
    JsonValue path = JsonValue::array();
    for (const auto& [key, index] : path_) {
      path.push(index < 0 ? JsonValue::string(std::string(key)) : JsonValue::integer(index));
    }
    e.add("path", std::move(path));
    errors_.push(std::move(e));
  }

  const Schema& s_;
  const SyntheticData& d_;
  const ast::Document& doc_;
  const ExecuteOptions& options_;
  uint64_t values_ = 0;
  bool too_large_ = false;
  std::vector<std::pair<std::string_view, JsonValue>> variables_;
  std::map<std::pair<const Group*, TypeId>, Groups> subfields_;
  std::vector<std::pair<std::string_view, int64_t>> path_;
  JsonValue errors_;
};

}  // namespace

JsonValue execute(const Schema& schema, const SyntheticData& data, const ast::Document& document,
                  const ast::OperationDefinition& operation, const JsonValue& variables,
                  const ExecuteOptions& options) {
  Executor e(schema, data, document, options);
  return e.run(operation, variables);
}

}  // namespace gqleval::baseline
