// introspection_to_sdl and is_introspection_json: the JSON is parsed once with
// simdjson's DOM parser; a first pass indexes the types by name (and checks
// their names and kinds), a second pass prints the SDL the way graphql-js 16's
// printSchema prints buildClientSchema's schema, checking each part as it goes.
// Type references are followed in a loop, never by recursion, so the input's
// nesting cannot exhaust the stack (simdjson itself limits the depth).
#include <simdjson.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/base/arena.h"
#include "engine/graphql/block_string.h"
#include "engine/graphql/parser.h"
#include "engine/graphql/printer.h"
#include "engine/introspection/introspection.h"

namespace gqleval::introspection {
namespace {

namespace dom = simdjson::dom;

constexpr std::string_view kRule = "Introspection";
constexpr std::string_view kDefaultDeprecationReason = "No longer supported";

constexpr std::array<std::string_view, 5> kSpecifiedScalars = {"String", "Int", "Float", "Boolean",
                                                               "ID"};
constexpr std::array<std::string_view, 5> kSpecifiedDirectives = {"include", "skip", "deprecated",
                                                                  "specifiedBy", "oneOf"};

using schema::Description;

// graphql-js printDescription, for printSchema(buildClientSchema(json)):
// nothing for an absent or null description, `""""""` for an empty one
// (graphql::append_description writes nothing for an empty text).
void append_description(std::string& out, Description text, std::string_view indentation = {},
                        bool first_in_block = true) {
  if (!text) return;
  if (!text->empty()) {
    graphql::append_description(out, *text, indentation, first_in_block);
    return;
  }
  if (!indentation.empty() && !first_in_block) out.push_back('\n');
  out.append(indentation).append(R"("""""")").append("\n");
}

enum class Kind : uint8_t { kScalar, kObject, kInterface, kUnion, kEnum, kInputObject };

bool kind_from_name(std::string_view s, Kind* out) {
  static constexpr std::array<std::string_view, 6> kNames = {"SCALAR", "OBJECT", "INTERFACE",
                                                             "UNION",  "ENUM",   "INPUT_OBJECT"};
  for (size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == s) {
      *out = static_cast<Kind>(i);
      return true;
    }
  }
  return false;
}

// The introspection types with the kinds graphql-js gives them: buildClientSchema
// puts its own in place of the JSON's.
bool introspection_type_kind(std::string_view name, Kind* out) {
  static constexpr std::array<std::pair<std::string_view, Kind>, 8> kTypes = {{
      {"__Schema", Kind::kObject},
      {"__Directive", Kind::kObject},
      {"__DirectiveLocation", Kind::kEnum},
      {"__Type", Kind::kObject},
      {"__Field", Kind::kObject},
      {"__InputValue", Kind::kObject},
      {"__EnumValue", Kind::kObject},
      {"__TypeKind", Kind::kEnum},
  }};
  for (const auto& [n, k] : kTypes) {
    if (n == name) {
      *out = k;
      return true;
    }
  }
  return false;
}

template <size_t N>
bool one_of(const std::array<std::string_view, N>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

bool is_name_start(char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_name_continue(char c) { return is_name_start(c) || (c >= '0' && c <= '9'); }

// graphql-js assertName's message for a bad name, or "" for a good one.
std::string name_problem(std::string_view name) {
  if (name.empty()) return "Expected name to be a non-empty string.";
  for (size_t i = 1; i < name.size(); ++i) {
    if (!is_name_continue(name[i])) {
      return "Names must only contain [_a-zA-Z0-9] but \"" + std::string(name) + "\" does not.";
    }
  }
  if (!is_name_start(name[0])) {
    return "Names must start with [_a-zA-Z] but \"" + std::string(name) + "\" does not.";
  }
  return {};
}

void append_deprecated(std::string& out, const std::optional<std::string_view>& reason) {
  if (!reason) return;
  if (*reason == kDefaultDeprecationReason) {
    out.append(" @deprecated");
  } else {
    out.append(" @deprecated(reason: ").append(graphql::print_string(*reason)).append(")");
  }
}

// A JSON path, as a chain of frames on the C++ stack; formatted only for an error.
struct Path {
  const Path* parent = nullptr;
  std::string_view key;  // a member name, or empty for an index
  size_t index = 0;

  Path member(std::string_view k) const { return Path{this, k, 0}; }
  Path at(size_t i) const { return Path{this, {}, i}; }

  std::string str() const {
    std::vector<const Path*> chain;
    for (const Path* p = this; p != nullptr && (p->parent != nullptr || !p->key.empty());
         p = p->parent) {
      chain.push_back(p);
    }
    std::string out;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      if ((*it)->key.empty()) {
        out.append("[").append(std::to_string((*it)->index)).append("]");
      } else {
        if (!out.empty()) out.push_back('.');
        out.append((*it)->key);
      }
    }
    return out;
  }
};

enum Wrapper : uint8_t { kList, kNonNull };

struct TypeInfo {
  Kind kind;
  size_t index;  // in __schema.types
};

// One argument or input field, read before it is printed (an argument list
// prints differently when any of them has a description).
struct InputValueText {
  std::string_view name;
  Description description;
  std::string type;
  std::optional<std::string> default_value;
  std::optional<std::string_view> deprecation_reason;
};

class Converter {
 public:
  Converter(std::string_view file_name) : file_name_(file_name) {}

  Result<std::string, Diagnostics> run(std::string_view json) {
    dom::element root;
    if (auto err = parser_.parse(json.data(), json.size()).get(root)) {
      return fail_at(nullptr, std::string("not JSON: ") + simdjson::error_message(err));
    }
    if (!convert(root)) return Unexpected{Diagnostics{std::move(*error_)}};
    return std::move(out_);
  }

 private:
  // ---------------------------------------------------------------- errors

  Unexpected<Diagnostics> fail_at(const Path* path, std::string message) {
    fail(path, std::move(message));
    return Unexpected{Diagnostics{std::move(*error_)}};
  }
  // Records the first error; returns false so callers can `return fail(...)`.
  bool fail(const Path* path, std::string message) {
    if (error_) return false;
    std::string text;
    if (!file_name_.empty()) text.append(file_name_).append(": ");
    if (path != nullptr) {
      std::string p = path->str();
      if (!p.empty()) text.append(p).append(": ");
    }
    text.append(message);
    error_ = make_error(kRule, std::move(text));
    return false;
  }

  // ---------------------------------------------------------------- JSON access

  // The member `key` of o; false when it is absent or null.
  static bool member(dom::object o, std::string_view key, dom::element* out) {
    if (o.at_key(key).get(*out) != simdjson::SUCCESS) return false;
    return !out->is_null();
  }

  // An optional string member: absent or null is nullopt.
  bool optional_string(dom::object o, std::string_view key, const Path& path,
                       std::optional<std::string_view>* out) {
    dom::element e;
    *out = std::nullopt;
    if (!member(o, key, &e)) return true;
    std::string_view s;
    if (e.get_string().get(s) != simdjson::SUCCESS) {
      Path p = path.member(key);
      return fail(&p, "not a string");
    }
    *out = s;
    return true;
  }
  // Absent or null is none; "" is an empty description, which graphql-js keeps.
  bool description(dom::object o, const Path& path, Description* out) {
    return optional_string(o, "description", path, out);
  }
  // An optional boolean member (absent or null is false).
  bool flag(dom::object o, std::string_view key, const Path& path, bool* out) {
    dom::element e;
    *out = false;
    if (!member(o, key, &e)) return true;
    if (e.get_bool().get(*out) != simdjson::SUCCESS) {
      Path p = path.member(key);
      return fail(&p, "not a boolean");
    }
    return true;
  }
  bool object_at(dom::element e, const Path& path, dom::object* out) {
    if (e.get_object().get(*out) != simdjson::SUCCESS) return fail(&path, "not an object");
    return true;
  }
  // A required array member; `missing` is graphql-js's message for its absence.
  bool array_member(dom::object o, std::string_view key, const Path& path, std::string_view missing,
                    dom::array* out) {
    dom::element e;
    if (!member(o, key, &e)) return fail(&path, std::string(missing));
    if (e.get_array().get(*out) != simdjson::SUCCESS) {
      Path p = path.member(key);
      return fail(&p, "not a list");
    }
    return true;
  }
  bool name_of(dom::object o, const Path& path, std::string_view what, std::string_view* out) {
    dom::element e;
    if (!member(o, "name", &e)) return fail(&path, std::string(what) + " without \"name\"");
    if (e.get_string().get(*out) != simdjson::SUCCESS) {
      Path p = path.member("name");
      return fail(&p, "not a string");
    }
    if (std::string problem = name_problem(*out); !problem.empty()) {
      Path p = path.member("name");
      return fail(&p, std::move(problem));
    }
    return true;
  }

  // Reports the second of two equal names among `names` (by their index).
  bool check_unique(const std::vector<std::string_view>& names, const Path& list,
                    std::string_view what) {
    if (names.size() <= 1) return true;
    order_.resize(names.size());
    for (size_t i = 0; i < names.size(); ++i) order_[i] = i;
    std::stable_sort(order_.begin(), order_.end(),
                     [&](size_t a, size_t b) { return names[a] < names[b]; });
    size_t worst = SIZE_MAX, first = 0;
    for (size_t i = 1; i < order_.size(); ++i) {
      if (names[order_[i]] == names[order_[i - 1]] && order_[i] < worst) {
        worst = order_[i];
        first = order_[i - 1];
      }
    }
    if (worst == SIZE_MAX) return true;
    Path p = list.at(worst);
    return fail(&p, cat_message(what, names[worst], first));
  }
  static std::string cat_message(std::string_view what, std::string_view name, size_t first) {
    return std::string("a second ") + std::string(what) + " named \"" + std::string(name) +
           "\" (the first is [" + std::to_string(first) + "])";
  }

  // ---------------------------------------------------------------- the document

  bool convert(dom::element root) {
    Path top;
    dom::object root_object;
    bool root_is_object = false;
    dom::element schema_element;
    Path data_path = top.member("data");
    Path schema_path = top.member("__schema");
    const Path* at = &schema_path;
    bool found = false;
    if (root.get_object().get(root_object) == simdjson::SUCCESS) {
      root_is_object = true;
      dom::element data;
      if (member(root_object, "__schema", &schema_element)) {
        found = true;
      } else if (member(root_object, "data", &data)) {
        dom::object data_object;
        if (data.get_object().get(data_object) == simdjson::SUCCESS &&
            member(data_object, "__schema", &schema_element)) {
          found = true;
          schema_path = data_path.member("__schema");
        }
      }
    }
    dom::object schema;
    if (!found || schema_element.get_object().get(schema) != simdjson::SUCCESS) {
      std::string message =
          "Invalid or incomplete introspection result. Ensure that you are passing \"data\" "
          "property of introspection response and no \"errors\" was returned alongside.";
      if (found) {
        message = "not an object. " + message;
      } else {
        message = "no \"__schema\" object. " + message;
        at = nullptr;
        std::string first = root_is_object ? first_error_message(root_object) : std::string();
        if (!first.empty()) {
          message += " The response's first error: " + first;
        }
      }
      return fail(at, std::move(message));
    }
    return index_types(schema, schema_path) && print_schema(schema, schema_path);
  }

  static std::string first_error_message(dom::object root) {
    dom::element errors, first, message;
    dom::array list;
    std::string_view text;
    if (root.at_key("errors").get(errors) != simdjson::SUCCESS ||
        errors.get_array().get(list) != simdjson::SUCCESS || list.size() == 0) {
      return {};
    }
    first = *list.begin();
    if (first.at_key("message").get(message) != simdjson::SUCCESS ||
        message.get_string().get(text) != simdjson::SUCCESS) {
      return {};
    }
    return std::string(text);
  }

  // First pass: every type's name and kind, by name.
  bool index_types(dom::object schema, const Path& schema_path) {
    Path types_path = schema_path.member("types");
    if (!array_member(schema, "types", schema_path, "no \"types\" list", &types_)) return false;
    types_by_name_.reserve(types_.size() * 2);
    names_.clear();
    size_t i = 0;
    for (dom::element e : types_) {
      Path p = types_path.at(i);
      dom::object t;
      if (!object_at(e, p, &t)) return false;
      std::string_view name;
      if (!name_of(t, p, "a type", &name)) return false;
      dom::element kind_element;
      std::string_view kind_text;
      if (!member(t, "kind", &kind_element)) return fail(&p, "a type without \"kind\"");
      Kind kind;
      if (kind_element.get_string().get(kind_text) != simdjson::SUCCESS ||
          !kind_from_name(kind_text, &kind)) {
        Path k = p.member("kind");
        return fail(&k, "unknown type kind " + json_text(kind_element) +
                            " (expected SCALAR, OBJECT, INTERFACE, UNION, ENUM or "
                            "INPUT_OBJECT)");
      }
      if (one_of(kSpecifiedScalars, name)) kind = Kind::kScalar;
      introspection_type_kind(name, &kind);
      auto [it, inserted] = types_by_name_.try_emplace(name, TypeInfo{kind, i});
      if (!inserted) {
        return fail(&p, cat_message("type", name, it->second.index));
      }
      ++i;
    }
    return true;
  }

  static std::string json_text(dom::element e) {
    std::string_view s;
    if (e.get_string().get(s) == simdjson::SUCCESS) return "\"" + std::string(s) + "\"";
    return simdjson::minify(e);
  }

  // ---------------------------------------------------------------- type references

  // Resolves the type reference at `e` (following ofType) into its SDL text,
  // and the kind of its named type.
  bool type_ref(dom::element e, const Path& path, std::string* text, Kind* named_kind) {
    wrappers_.clear();
    // Frames for the nested paths, kept alive until the end for error messages.
    std::vector<Path>& paths = path_scratch_;
    paths.clear();
    paths.reserve(64);
    const Path* at = &path;
    size_t nested_non_null = SIZE_MAX;  // the wrapper index of a NON_NULL right inside one
    std::string_view name;
    for (;;) {
      dom::object o;
      if (e.get_object().get(o) != simdjson::SUCCESS) return fail(at, "not an object");
      dom::element kind_element;
      std::string_view kind;
      if (member(o, "kind", &kind_element) &&
          kind_element.get_string().get(kind) != simdjson::SUCCESS) {
        kind = {};  // not a string: a named type, as graphql-js reads it
      }
      if (kind == "LIST" || kind == "NON_NULL") {
        Wrapper w = kind == "LIST" ? kList : kNonNull;
        if (w == kNonNull && !wrappers_.empty() && wrappers_.back() == kNonNull &&
            nested_non_null == SIZE_MAX) {
          nested_non_null = wrappers_.size();
        }
        wrappers_.push_back(w);
        dom::element inner;
        if (!member(o, "ofType", &inner)) {
          return fail(at, std::string("a ") + std::string(kind) +
                              " without \"ofType\" (Decorated type deeper than introspection "
                              "query.)");
        }
        if (paths.size() == paths.capacity()) {
          return fail(at, "type reference nested too deeply");
        }
        paths.push_back(at->member("ofType"));
        at = &paths.back();
        e = inner;
        continue;
      }
      dom::element name_element;
      if (!member(o, "name", &name_element) ||
          name_element.get_string().get(name) != simdjson::SUCCESS) {
        return fail(at, "a type reference without \"name\" (Unknown type reference.)");
      }
      break;
    }
    auto it = types_by_name_.find(name);
    if (it == types_by_name_.end()) {
      return fail(at, "unknown type \"" + std::string(name) +
                          "\" (Invalid or incomplete schema. Ensure that a full introspection "
                          "query is used in order to build a client schema.)");
    }
    *named_kind = it->second.kind;
    text->clear();
    for (Wrapper w : wrappers_) {
      if (w == kList) text->push_back('[');
    }
    text->append(name);
    for (auto w = wrappers_.rbegin(); w != wrappers_.rend(); ++w) {
      text->push_back(*w == kList ? ']' : '!');
    }
    if (nested_non_null != SIZE_MAX) {
      // graphql-js assertNullableType, on the type inside the outer NON_NULL.
      std::string inner;
      size_t lists = 0;
      for (size_t i = 0; i < nested_non_null; ++i) lists += wrappers_[i] == kList ? 1 : 0;
      inner = text->substr(lists, text->size() - lists * 2 - (nested_non_null - lists));
      return fail(&path, "Expected " + inner + " to be a GraphQL nullable type.");
    }
    return true;
  }

  // A reference that must name a type of `kind` (a root, an interface, a union
  // member): graphql-js's assertObjectType / assertInterfaceType.
  bool named_ref(dom::element e, const Path& path, Kind kind, std::string_view* name) {
    dom::object o;
    if (!object_at(e, path, &o)) return false;
    dom::element name_element;
    if (!member(o, "name", &name_element) ||
        name_element.get_string().get(*name) != simdjson::SUCCESS) {
      return fail(&path, "a type reference without \"name\" (Unknown type reference.)");
    }
    auto it = types_by_name_.find(*name);
    if (it == types_by_name_.end()) {
      return fail(&path, "unknown type \"" + std::string(*name) +
                             "\" (Invalid or incomplete schema. Ensure that a full "
                             "introspection query is used in order to build a client schema.)");
    }
    if (it->second.kind != kind) {
      return fail(&path, "Expected " + std::string(*name) + " to be a GraphQL " +
                             (kind == Kind::kObject ? "Object" : "Interface") + " type.");
    }
    return true;
  }

  // ---------------------------------------------------------------- values

  bool has_variable(const ast::Value& v) {
    if (v.kind == ast::ValueKind::kVariable) return true;
    for (const ast::Value* item : v.list) {
      if (has_variable(*item)) return true;
    }
    for (const ast::ObjectField* f : v.fields) {
      if (has_variable(*f->value)) return true;
    }
    return false;
  }

  // The default value literal in graphql-js print() form; nullopt for one that
  // holds a variable (graphql-js's valueFromAST gives it no value).
  bool default_value(std::string_view literal, const Path& path, std::optional<std::string>* out) {
    *out = std::nullopt;
    value_arena_.reset();
    wrapped_.assign("{f(a:").append(literal).append("\n)}");
    Result<const ast::Document*> doc = graphql::parse(wrapped_, value_arena_);
    const ast::Value* value = nullptr;
    if (doc.ok() && (*doc)->definitions.size() == 1 &&
        (*doc)->definitions[0]->kind == ast::DefinitionKind::kOperation) {
      const auto& op = ast::as<ast::OperationDefinition>(*(*doc)->definitions[0]);
      if (op.shorthand && op.selection_set->selections.size() == 1 &&
          op.selection_set->selections[0]->kind == ast::SelectionKind::kField) {
        const auto& f = ast::as<ast::Field>(*op.selection_set->selections[0]);
        if (f.alias.empty() && f.directives.empty() && f.selection_set == nullptr &&
            f.arguments.size() == 1) {
          value = f.arguments[0]->value;
        }
      }
    }
    if (value == nullptr) {
      std::string why = doc.ok() ? std::string() : " (" + doc.error().message + ")";
      return fail(&path,
                  "cannot parse " + graphql::print_string(literal) + " as a GraphQL value" + why);
    }
    if (has_variable(*value)) return true;
    *out = graphql::print(*value);
    return true;
  }

  // ---------------------------------------------------------------- printing

  void separate() {
    if (!out_.empty()) out_.append("\n\n");
  }

  bool print_schema(dom::object schema, const Path& schema_path) {
    out_.reserve(types_.size() * 200);
    if (!print_schema_definition(schema, schema_path)) return false;

    dom::element directives_element;
    if (member(schema, "directives", &directives_element)) {
      Path list = schema_path.member("directives");
      dom::array directives;
      if (directives_element.get_array().get(directives) != simdjson::SUCCESS) {
        return fail(&list, "not a list");
      }
      std::vector<std::string_view> names;
      size_t i = 0;
      for (dom::element e : directives) {
        Path p = list.at(i++);
        std::string_view name;
        if (!print_directive(e, p, &name)) return false;
        names.push_back(name);
      }
      if (!check_unique(names, list, "directive")) return false;
    }

    Path types_path = schema_path.member("types");
    size_t i = 0;
    for (dom::element e : types_) {
      Path p = types_path.at(i++);
      if (!print_type(e.get_object().value_unsafe(), p)) return false;
    }
    return true;
  }

  bool print_schema_definition(dom::object schema, const Path& schema_path) {
    static constexpr std::string_view kOps[3] = {"query", "mutation", "subscription"};
    static constexpr std::string_view kKeys[3] = {"queryType", "mutationType", "subscriptionType"};
    static constexpr std::string_view kDefault[3] = {"Query", "Mutation", "Subscription"};
    std::string_view roots[3];
    bool common_names = true;
    for (int op = 0; op < 3; ++op) {
      dom::element e;
      if (member(schema, kKeys[op], &e)) {
        Path p = schema_path.member(kKeys[op]);
        if (!named_ref(e, p, Kind::kObject, &roots[op])) return false;
        if (roots[op] != kDefault[op]) common_names = false;
      } else if (types_by_name_.contains(kDefault[op])) {
        common_names = false;  // as Schema::print_sdl: keep the roots as they are
      }
    }
    Description desc;
    if (!description(schema, schema_path, &desc)) return false;
    if (!desc && common_names) return true;
    append_description(out_, desc);
    out_.append("schema {\n");
    bool first = true;
    for (int op = 0; op < 3; ++op) {
      if (roots[op].empty()) continue;
      if (!first) out_.push_back('\n');
      out_.append("  ").append(kOps[op]).append(": ").append(roots[op]);
      first = false;
    }
    out_.append("\n}");
    return true;
  }

  // Reads a list of arguments or input fields into `values`.
  bool input_values(dom::array list, const Path& list_path, std::string_view what,
                    std::vector<InputValueText>* values) {
    values->clear();
    std::vector<std::string_view>& names = names_;
    names.clear();
    size_t i = 0;
    for (dom::element e : list) {
      Path p = list_path.at(i++);
      dom::object o;
      if (!object_at(e, p, &o)) return false;
      InputValueText v;
      const std::string article = what == "argument" ? "an argument" : "an input field";
      if (!name_of(o, p, article, &v.name) || !description(o, p, &v.description)) {
        return false;
      }
      dom::element type;
      Path type_path = p.member("type");
      if (!member(o, "type", &type)) return fail(&p, article + " without \"type\"");
      Kind kind;
      if (!type_ref(type, type_path, &v.type, &kind)) return false;
      if (kind != Kind::kScalar && kind != Kind::kEnum && kind != Kind::kInputObject) {
        return fail(
            &type_path,
            "Introspection must provide input type for arguments, but received: " + v.type + ".");
      }
      std::optional<std::string_view> literal;
      if (!optional_string(o, "defaultValue", p, &literal)) return false;
      if (literal) {
        Path d = p.member("defaultValue");
        if (!default_value(*literal, d, &v.default_value)) return false;
      }
      if (!optional_string(o, "deprecationReason", p, &v.deprecation_reason)) return false;
      names.push_back(v.name);
      values->push_back(std::move(v));
    }
    return check_unique(names, list_path, what);
  }

  void append_input_value(const InputValueText& v) {
    out_.append(v.name).append(": ").append(v.type);
    if (v.default_value) out_.append(" = ").append(*v.default_value);
    append_deprecated(out_, v.deprecation_reason);
  }

  // graphql-js printArgs.
  void append_arguments(const std::vector<InputValueText>& args, std::string_view indentation) {
    if (args.empty()) return;
    // Only a description that JavaScript finds truthy spreads them on lines.
    bool any_description = false;
    for (const InputValueText& a : args)
      any_description = any_description || (a.description && !a.description->empty());
    out_.push_back('(');
    if (!any_description) {
      for (size_t i = 0; i < args.size(); ++i) {
        if (i > 0) out_.append(", ");
        append_input_value(args[i]);
      }
      out_.push_back(')');
      return;
    }
    std::string inner = "  " + std::string(indentation);
    out_.push_back('\n');
    for (size_t i = 0; i < args.size(); ++i) {
      if (i > 0) out_.push_back('\n');
      append_description(out_, args[i].description, inner, i == 0);
      out_.append(inner);
      append_input_value(args[i]);
    }
    out_.append("\n").append(indentation).append(")");
  }

  bool print_directive(dom::element e, const Path& p, std::string_view* name) {
    dom::object o;
    if (!object_at(e, p, &o) || !name_of(o, p, "a directive", name)) return false;
    Description desc;
    bool repeatable = false;
    if (!description(o, p, &desc) || !flag(o, "isRepeatable", p, &repeatable)) return false;
    dom::array args, locations;
    if (!array_member(o, "args", p, "Introspection result missing directive args.", &args) ||
        !input_values(args, p.member("args"), "argument", &args_) ||
        !array_member(o, "locations", p, "Introspection result missing directive locations.",
                      &locations)) {
      return false;
    }
    location_names_.clear();
    Path locations_path = p.member("locations");
    size_t i = 0;
    for (dom::element l : locations) {
      Path lp = locations_path.at(i++);
      std::string_view location;
      schema::DirectiveLocation parsed;
      if (l.get_string().get(location) != simdjson::SUCCESS ||
          !schema::directive_location_from_name(location, &parsed)) {
        return fail(&lp, "unknown directive location " + json_text(l));
      }
      location_names_.push_back(location);
    }
    if (location_names_.empty()) {
      return fail(&locations_path, "a directive without locations");
    }
    if (one_of(kSpecifiedDirectives, *name)) return true;
    separate();
    append_description(out_, desc);
    out_.append("directive @").append(*name);
    append_arguments(args_, {});
    if (repeatable) out_.append(" repeatable");
    out_.append(" on ");
    for (size_t k = 0; k < location_names_.size(); ++k) {
      if (k > 0) out_.append(" | ");
      out_.append(location_names_[k]);
    }
    return true;
  }

  bool print_type(dom::object t, const Path& p) {
    std::string_view name = t["name"].get_string().value_unsafe();
    const Kind kind = types_by_name_.find(name)->second.kind;
    Kind ignored;
    if (one_of(kSpecifiedScalars, name) || introspection_type_kind(name, &ignored)) return true;
    Description desc;
    if (!description(t, p, &desc)) return false;
    switch (kind) {
      case Kind::kScalar: {
        std::optional<std::string_view> url;
        if (!optional_string(t, "specifiedByURL", p, &url)) return false;
        separate();
        append_description(out_, desc);
        out_.append("scalar ").append(name);
        if (url) out_.append(" @specifiedBy(url: ").append(graphql::print_string(*url)).append(")");
        return true;
      }
      case Kind::kObject:
      case Kind::kInterface: return print_composite(t, p, kind, name, desc);
      case Kind::kUnion: {
        dom::array members;
        if (!array_member(t, "possibleTypes", p, "Introspection result missing possibleTypes.",
                          &members)) {
          return false;
        }
        type_text_.clear();
        Path list = p.member("possibleTypes");
        size_t i = 0;
        for (dom::element m : members) {
          Path mp = list.at(i);
          std::string_view member_name;
          if (!named_ref(m, mp, Kind::kObject, &member_name)) return false;
          type_text_.append(i == 0 ? " = " : " | ").append(member_name);
          ++i;
        }
        separate();
        append_description(out_, desc);
        out_.append("union ").append(name).append(type_text_);
        return true;
      }
      case Kind::kEnum: return print_enum(t, p, name, desc);
      case Kind::kInputObject: {
        dom::array fields;
        bool one_of_flag = false;
        if (!array_member(t, "inputFields", p, "Introspection result missing inputFields.",
                          &fields) ||
            !input_values(fields, p.member("inputFields"), "input field", &args_) ||
            !flag(t, "isOneOf", p, &one_of_flag)) {
          return false;
        }
        separate();
        append_description(out_, desc);
        out_.append("input ").append(name);
        if (one_of_flag) out_.append(" @oneOf");
        for (size_t i = 0; i < args_.size(); ++i) {
          out_.append(i == 0 ? " {\n" : "\n");
          append_description(out_, args_[i].description, "  ", i == 0);
          out_.append("  ");
          append_input_value(args_[i]);
        }
        if (!args_.empty()) out_.append("\n}");
        return true;
      }
    }
    return true;
  }

  bool print_enum(dom::object t, const Path& p, std::string_view name, Description desc) {
    dom::array values;
    if (!array_member(t, "enumValues", p, "Introspection result missing enumValues.", &values)) {
      return false;
    }
    separate();
    append_description(out_, desc);
    out_.append("enum ").append(name);
    Path list = p.member("enumValues");
    names_.clear();
    size_t i = 0;
    for (dom::element e : values) {
      Path vp = list.at(i);
      dom::object v;
      std::string_view value_name;
      Description value_desc;
      std::optional<std::string_view> reason;
      if (!object_at(e, vp, &v) || !name_of(v, vp, "an enum value", &value_name)) return false;
      if (value_name == "true" || value_name == "false" || value_name == "null") {
        Path np = vp.member("name");
        return fail(&np, "Enum values cannot be named: " + std::string(value_name));
      }
      if (!description(v, vp, &value_desc) ||
          !optional_string(v, "deprecationReason", vp, &reason)) {
        return false;
      }
      out_.append(i == 0 ? " {\n" : "\n");
      append_description(out_, value_desc, "  ", i == 0);
      out_.append("  ").append(value_name);
      append_deprecated(out_, reason);
      names_.push_back(value_name);
      ++i;
    }
    if (i > 0) out_.append("\n}");
    return check_unique(names_, list, "enum value");
  }

  bool print_composite(dom::object t, const Path& p, Kind kind, std::string_view name,
                       Description desc) {
    // interfaces: null is [] for an interface type (graphql-js's workaround for
    // servers that predate interfaces of interfaces).
    dom::element interfaces_element;
    dom::array interfaces;
    Path interfaces_path = p.member("interfaces");
    type_text_.clear();
    bool present = t.at_key("interfaces").get(interfaces_element) == simdjson::SUCCESS;
    if (!(present && interfaces_element.is_null() && kind == Kind::kInterface)) {
      if (!array_member(t, "interfaces", p, "Introspection result missing interfaces.",
                        &interfaces)) {
        return false;
      }
      size_t i = 0;
      for (dom::element e : interfaces) {
        Path ip = interfaces_path.at(i);
        std::string_view interface_name;
        if (!named_ref(e, ip, Kind::kInterface, &interface_name)) return false;
        type_text_.append(i == 0 ? " implements " : " & ").append(interface_name);
        ++i;
      }
    }
    dom::array fields;
    if (!array_member(t, "fields", p, "Introspection result missing fields.", &fields)) {
      return false;
    }
    separate();
    append_description(out_, desc);
    out_.append(kind == Kind::kObject ? "type " : "interface ").append(name).append(type_text_);
    Path list = p.member("fields");
    field_names_.clear();
    size_t i = 0;
    for (dom::element e : fields) {
      Path fp = list.at(i);
      dom::object f;
      std::string_view field_name;
      Description field_desc;
      std::optional<std::string_view> reason;
      if (!object_at(e, fp, &f) || !name_of(f, fp, "a field", &field_name) ||
          !description(f, fp, &field_desc)) {
        return false;
      }
      dom::element type;
      if (!member(f, "type", &type)) return fail(&fp, "a field without \"type\"");
      Kind type_kind;
      Path type_path = fp.member("type");
      if (!type_ref(type, type_path, &type_text_, &type_kind)) return false;
      if (type_kind == Kind::kInputObject) {
        return fail(
            &type_path,
            "Introspection must provide output type for fields, but received: " + type_text_ + ".");
      }
      dom::array args;
      if (!array_member(f, "args", fp, "Introspection result missing field args.", &args) ||
          !input_values(args, fp.member("args"), "argument", &args_) ||
          !optional_string(f, "deprecationReason", fp, &reason)) {
        return false;
      }
      out_.append(i == 0 ? " {\n" : "\n");
      append_description(out_, field_desc, "  ", i == 0);
      out_.append("  ").append(field_name);
      append_arguments(args_, "  ");
      out_.append(": ").append(type_text_);
      append_deprecated(out_, reason);
      field_names_.push_back(field_name);
      ++i;
    }
    if (i > 0) out_.append("\n}");
    return check_unique(field_names_, list, "field");
  }

  std::string_view file_name_;
  dom::parser parser_;
  dom::array types_;
  std::unordered_map<std::string_view, TypeInfo> types_by_name_;
  std::string out_;
  std::optional<Diagnostic> error_;

  // Scratch, reused across parts.
  std::vector<Wrapper> wrappers_;
  std::vector<Path> path_scratch_;
  std::vector<InputValueText> args_;
  std::vector<std::string_view> names_;
  std::vector<std::string_view> field_names_;
  std::vector<std::string_view> location_names_;
  std::vector<size_t> order_;
  std::string type_text_;
  std::string wrapped_;
  Arena value_arena_{4096};
};

// Skips a UTF-8 byte order mark and JSON whitespace.
std::string_view skip_space(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  size_t i = 0;
  while (i < text.size() &&
         (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) {
    ++i;
  }
  return text.substr(i);
}

}  // namespace

bool is_introspection_json(std::string_view text) {
  text = skip_space(text);
  if (!text.starts_with('{') || text.find("\"__schema\"") == std::string_view::npos) return false;
  dom::parser parser;
  dom::element root;
  if (parser.parse(text.data(), text.size()).get(root) != simdjson::SUCCESS) return false;
  dom::object o, data_object;
  dom::element unused, data;
  if (root.get_object().get(o) != simdjson::SUCCESS) return false;
  if (o.at_key("__schema").get(unused) == simdjson::SUCCESS) return true;
  return o.at_key("data").get(data) == simdjson::SUCCESS &&
         data.get_object().get(data_object) == simdjson::SUCCESS &&
         data_object.at_key("__schema").get(unused) == simdjson::SUCCESS;
}

Result<std::string, Diagnostics> introspection_to_sdl(std::string_view json,
                                                      std::string_view file_name) {
  std::string_view body = json;
  if (body.starts_with("\xEF\xBB\xBF")) body.remove_prefix(3);
  return Converter(file_name).run(body);
}

}  // namespace gqleval::introspection
