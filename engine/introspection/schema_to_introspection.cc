// schema_to_introspection_json: what graphql-js 16.15's introspectionFromSchema()
// answers for the schema, written directly (no query is executed). The member
// order is the order of the fields in getIntrospectionQuery() with every option
// that introspectionFromSchema turns on; the type order is graphql-js's type map
// order (GraphQLSchema's constructor, collectReferencedTypes).
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/string_literal.h"
#include "engine/introspection/introspection.h"

namespace gqleval::introspection {
namespace {

using schema::DirectiveDef;
using schema::EnumValue;
using schema::FieldDef;
using schema::InputValue;
using schema::kNone;
using schema::Schema;
using schema::TypeDef;
using schema::TypeId;
using schema::TypeKind;
using schema::TypeRef;

// getIntrospectionQuery's default typeDepth: a type reference has at most this
// many nested `ofType` objects, the last without an `ofType` of its own.
constexpr int kTypeDepth = 9;

std::string_view kind_name(TypeKind k) {
  switch (k) {
    case TypeKind::kScalar: return "SCALAR";
    case TypeKind::kObject: return "OBJECT";
    case TypeKind::kInterface: return "INTERFACE";
    case TypeKind::kUnion: return "UNION";
    case TypeKind::kEnum: return "ENUM";
    case TypeKind::kInputObject: return "INPUT_OBJECT";
  }
  return "SCALAR";
}

// A JSON writer in JSON.stringify's layout: compact, or with `indent` spaces
// per level, one member per line and empty containers as [] and {}.
class JsonOut {
 public:
  JsonOut(std::string& out, int indent) : out_(out), indent_(indent < 0 ? 0 : indent) {}

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  void key(std::string_view name) {
    element();
    append_string_literal<StringLiteralStyle::kJson>(out_, name);
    out_.append(indent_ > 0 ? ": " : ":");
    after_key_ = true;
  }
  void str(std::string_view s) {
    element();
    append_string_literal<StringLiteralStyle::kJson>(out_, s);
  }
  void str_or_null(std::string_view s) {
    if (s.empty()) {
      null();
    } else {
      str(s);
    }
  }
  // A description: null when there is none, "" for an empty one (`""""""`),
  // as graphql-js gives them.
  void str_or_null(schema::Description s) {
    if (s) {
      str(*s);
    } else {
      null();
    }
  }
  void null() {
    element();
    out_.append("null");
  }
  void boolean(bool b) {
    element();
    out_.append(b ? "true" : "false");
  }

 private:
  // Before a value or a key: the comma and line break that separate it from
  // the previous element of its container (none after a key).
  void element() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (empty_.empty()) return;
    if (!empty_.back()) out_.push_back(',');
    empty_.back() = false;
    newline();
  }
  void open(char c) {
    element();
    out_.push_back(c);
    empty_.push_back(true);
  }
  void close(char c) {
    const bool was_empty = empty_.back();
    empty_.pop_back();
    if (!was_empty) newline();
    out_.push_back(c);
  }
  void newline() {
    if (indent_ == 0) return;
    out_.push_back('\n');
    out_.append(empty_.size() * static_cast<size_t>(indent_), ' ');
  }

  std::string& out_;
  int indent_;
  bool after_key_ = false;
  std::vector<bool> empty_;  // per open container: nothing written in it yet
};

class IntrospectionWriter {
 public:
  IntrospectionWriter(const Schema& s, std::string& out, int indent)
      : s_(s), j_(out, indent), in_map_(s.type_count(), false) {}

  void write() {
    collect_types();
    j_.begin_object();
    j_.key("data");
    j_.begin_object();
    j_.key("__schema");
    j_.begin_object();
    j_.key("description");
    j_.str_or_null(s_.description());
    root("queryType", s_.query_type());
    root("mutationType", s_.mutation_type());
    root("subscriptionType", s_.subscription_type());
    j_.key("types");
    j_.begin_array();
    for (TypeId t : order_) type(s_.type(t));
    j_.end_array();
    j_.key("directives");
    j_.begin_array();
    for (const DirectiveDef* d : directives_) directive(*d);
    j_.end_array();
    j_.end_object();
    j_.end_object();
    j_.end_object();
  }

 private:
  // graphql-js's type map: the schema's own types in order, each followed by
  // the built-in types first reached from it; then those reached from the
  // roots and the directives' arguments; then the introspection types.
  void collect_types() {
    for (const DirectiveDef& d : s_.directives()) {
      if (!d.built_in && d.declared) directives_.push_back(&d);
    }
    for (const DirectiveDef& d : s_.directives()) {
      if (d.built_in) directives_.push_back(&d);
    }
    for (TypeId t = 0; t < s_.type_count(); ++t) {
      if (!s_.type(t).built_in) in_map_[t] = true;
    }
    for (TypeId t = 0; t < s_.type_count(); ++t) {
      if (s_.type(t).built_in) continue;
      order_.push_back(t);
      children(t);
    }
    for (const DirectiveDef* d : directives_) {
      for (const InputValue& a : d->arguments) reach(a.type.named);
    }
    reach(s_.find_type("__Schema"));
  }

  // collectReferencedTypes without recursion: an explicit stack of types whose
  // children are still to be visited, each with the index of the next child.
  void reach(TypeId t) {
    if (t == kNone || in_map_[t]) return;
    in_map_[t] = true;
    order_.push_back(t);
    children(t);
  }
  void children(TypeId root) {
    struct Frame {
      TypeId type;
      size_t next;
    };
    std::vector<Frame> stack = {{root, 0}};
    while (!stack.empty()) {
      Frame& f = stack.back();
      TypeId child = next_child(f.type, f.next);
      if (child == kNone) {
        stack.pop_back();
        continue;
      }
      if (child == kSkip || in_map_[child]) continue;
      in_map_[child] = true;
      order_.push_back(child);
      stack.push_back({child, 0});
    }
  }
  static constexpr TypeId kSkip = kNone - 1;
  // The named type of child number `i` of t in collectReferencedTypes' order
  // (advancing i), kSkip for a position with nothing to visit, kNone past the end.
  TypeId next_child(TypeId t, size_t& i) const {
    const TypeDef& def = s_.type(t);
    size_t k = i++;
    switch (def.kind) {
      case TypeKind::kUnion: return k < def.union_members.size() ? def.union_members[k] : kNone;
      case TypeKind::kObject:
      case TypeKind::kInterface: {
        if (k < def.interfaces.size()) return def.interfaces[k];
        k -= def.interfaces.size();
        // Each field is one step for its type and one per argument.
        for (schema::FieldId id : def.fields) {
          const FieldDef& f = s_.field(id);
          if (k == 0) return f.type.named;
          if (k <= f.arguments.size()) return f.arguments[k - 1].type.named;
          k -= 1 + f.arguments.size();
        }
        return kNone;
      }
      case TypeKind::kInputObject:
        return k < def.input_fields.size() ? def.input_fields[k].type.named : kNone;
      default: return kNone;
    }
  }

  void root(std::string_view key, TypeId t) {
    j_.key(key);
    if (t == kNone) {
      j_.null();
      return;
    }
    j_.begin_object();
    j_.key("name");
    j_.str(s_.type(t).name);
    j_.key("kind");
    j_.str(kind_name(s_.type(t).kind));
    j_.end_object();
  }

  void type_ref(TypeRef t) {
    // The wrappers from the outside in: at level i, NON_NULL when bit i is set,
    // then LIST while i < list_depth; then the named type.
    int objects = 0;
    bool top = true;
    auto open = [&](std::string_view kind, std::string_view name) {
      if (!top) j_.key("ofType");
      j_.begin_object();
      if (top) {
        j_.key("kind");
        j_.str(kind);
        j_.key("name");
        name.empty() ? j_.null() : j_.str(name);
      } else {
        j_.key("name");
        name.empty() ? j_.null() : j_.str(name);
        j_.key("kind");
        j_.str(kind);
      }
      top = false;
      ++objects;
    };
    bool truncated = false;
    for (int level = 0; level <= t.list_depth && !truncated; ++level) {
      if ((t.non_null >> level) & 1u) {
        open("NON_NULL", {});
        if (objects > kTypeDepth) truncated = true;
        if (truncated) break;
      }
      if (level < t.list_depth) {
        open("LIST", {});
        if (objects > kTypeDepth) truncated = true;
      }
    }
    if (!truncated) {
      open(kind_name(s_.type(t.named).kind), s_.type(t.named).name);
      if (objects <= kTypeDepth) {
        j_.key("ofType");
        j_.null();
      }
    }
    for (int i = 0; i < objects; ++i) j_.end_object();
  }

  void deprecation(bool deprecated, std::string_view reason) {
    j_.key("isDeprecated");
    j_.boolean(deprecated);
    j_.key("deprecationReason");
    if (deprecated) {
      j_.str(reason);
    } else {
      j_.null();
    }
  }

  void input_values(std::span<const InputValue> values) {
    j_.begin_array();
    for (const InputValue& v : values) {
      j_.begin_object();
      j_.key("name");
      j_.str(v.name);
      j_.key("description");
      j_.str_or_null(v.description);
      j_.key("type");
      type_ref(v.type);
      j_.key("defaultValue");
      if (std::optional<std::string> d = s_.default_value_text(v)) {
        j_.str(*d);
      } else {
        j_.null();
      }
      deprecation(v.deprecated, v.deprecation_reason);
      j_.end_object();
    }
    j_.end_array();
  }

  void named_list(std::span<const TypeId> types) {
    j_.begin_array();
    for (TypeId t : types) type_ref(TypeRef{t, 0, 0});
    j_.end_array();
  }

  void type(const TypeDef& t) {
    const bool composite = t.kind == TypeKind::kObject || t.kind == TypeKind::kInterface;
    j_.begin_object();
    j_.key("kind");
    j_.str(kind_name(t.kind));
    j_.key("name");
    j_.str(t.name);
    j_.key("description");
    j_.str_or_null(t.description);
    j_.key("specifiedByURL");
    j_.str_or_null(t.kind == TypeKind::kScalar ? t.specified_by_url : std::string_view());
    j_.key("isOneOf");
    t.kind == TypeKind::kInputObject ? j_.boolean(t.one_of) : j_.null();

    j_.key("fields");
    if (composite) {
      j_.begin_array();
      for (schema::FieldId id : t.fields) {
        const FieldDef& f = s_.field(id);
        j_.begin_object();
        j_.key("name");
        j_.str(f.name);
        j_.key("description");
        j_.str_or_null(f.description);
        j_.key("args");
        input_values(f.arguments);
        j_.key("type");
        type_ref(f.type);
        deprecation(f.deprecated, f.deprecation_reason);
        j_.end_object();
      }
      j_.end_array();
    } else {
      j_.null();
    }

    j_.key("inputFields");
    t.kind == TypeKind::kInputObject ? input_values(t.input_fields) : j_.null();

    j_.key("interfaces");
    composite ? named_list(t.interfaces) : j_.null();

    j_.key("enumValues");
    if (t.kind == TypeKind::kEnum) {
      j_.begin_array();
      for (const EnumValue& v : t.enum_values) {
        j_.begin_object();
        j_.key("name");
        j_.str(v.name);
        j_.key("description");
        j_.str_or_null(v.description);
        deprecation(v.deprecated, v.deprecation_reason);
        j_.end_object();
      }
      j_.end_array();
    } else {
      j_.null();
    }

    j_.key("possibleTypes");
    if (t.kind == TypeKind::kUnion) {
      named_list(t.union_members);
    } else if (t.kind == TypeKind::kInterface) {
      named_list(t.possible_types);  // by id: graphql-js's type-map order of the objects
    } else {
      j_.null();
    }
    j_.end_object();
  }

  void directive(const DirectiveDef& d) {
    j_.begin_object();
    j_.key("name");
    j_.str(d.name);
    j_.key("description");
    j_.str_or_null(d.description);
    j_.key("isRepeatable");
    j_.boolean(d.repeatable);
    deprecation(false, {});
    j_.key("locations");
    j_.begin_array();
    for (schema::DirectiveLocation l : s_.directive_locations(d.id)) {
      j_.str(schema::directive_location_name(l));
    }
    j_.end_array();
    j_.key("args");
    input_values(d.arguments);
    j_.end_object();
  }

  const Schema& s_;
  JsonOut j_;
  std::vector<bool> in_map_;
  std::vector<TypeId> order_;
  std::vector<const DirectiveDef*> directives_;
};

}  // namespace

std::string schema_to_introspection_json(const schema::Schema& schema,
                                         const IntrospectionJsonOptions& options) {
  std::string out;
  IntrospectionWriter(schema, out, options.indent).write();
  return out;
}

}  // namespace gqleval::introspection
