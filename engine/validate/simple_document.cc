#include "engine/validate/simple_document.h"

#include <optional>
#include <span>
#include <vector>

#include "engine/validate/internal/literal_coercion.h"

namespace gqleval::validate {
namespace {

using schema::TypeRef;

// Whether no two of `nodes` (arguments, or the fields of an object literal)
// share a name: UniqueArgumentNames, UniqueInputFieldNames.
template <class Node>
bool names_distinct(ast::List<Node> nodes) {
  for (size_t i = 0; i < nodes.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (nodes[j]->name.value == nodes[i]->name.value) return false;
    }
  }
  return true;
}

// Whether every required one of `definitions` is named among `given`.
template <class Node>
bool required_given(const schema::Schema& s, std::span<const schema::InputValue> definitions,
                    ast::List<Node> given) {
  for (const schema::InputValue& def : definitions) {
    if (!is_required_input(s, def)) continue;
    bool provided = false;
    for (const Node* g : given) provided = provided || g->name.value == def.name;
    if (!provided) return false;
  }
  return true;
}

// The checks on one field and its arguments (certify_field()).
class FieldChecks {
 public:
  explicit FieldChecks(const schema::Schema& s) : s_(s) {}

  std::optional<schema::TypeId> field(const ast::Field& f, schema::TypeId parent,
                                      bool has_selection_set) {
    if (!f.directives.empty()) return std::nullopt;
    const std::string_view name = f.name.value;
    if (name.size() > 1 && name[0] == '_' && name[1] == '_') {
      // __typename: a String on any composite type. __schema and __type (the
      // introspection depth rule) are the rules' business.
      if (name == "__typename" && f.arguments.empty() && !has_selection_set) return schema::kNone;
      return std::nullopt;
    }
    const schema::FieldId id = s_.find_field(parent, name);
    if (id == schema::kNone) return std::nullopt;
    f.resolved_in = &s_;  // normalization reads it (ast::Field)
    f.resolved_on = parent;
    f.resolved_field = id;
    const schema::FieldDef* def = &s_.field(id);
    if (!arguments(f, *def)) return std::nullopt;
    const schema::TypeId type = def->type.named;
    if (type == schema::kNone) return std::nullopt;
    if (s_.is_leaf(type)) {
      if (has_selection_set) return std::nullopt;
      return schema::kNone;
    }
    if (!s_.is_composite(type) || !has_selection_set) return std::nullopt;
    return type;
  }

 private:
  bool arguments(const ast::Field& f, const schema::FieldDef& def) {
    if (!names_distinct(f.arguments)) return false;
    for (const ast::Argument* given : f.arguments) {
      const schema::InputValue* arg = schema::find_input_value(def.arguments, given->name.value);
      if (arg == nullptr || given->value == nullptr || !fits(*given->value, arg->type)) {
        return false;
      }
    }
    return required_given(s_, def.arguments, f.arguments);
  }

  // ValuesOfCorrectType and UniqueInputFieldNames on one literal, no variables.
  bool fits(const ast::Value& v, TypeRef type) {
    if (type.named == schema::kNone) return false;
    if (v.kind == ast::ValueKind::kVariable) return false;
    if (v.kind == ast::ValueKind::kNull) return !type.is_non_null();
    const TypeRef nullable = type.nullable();
    if (nullable.is_list()) {
      const TypeRef item = nullable.item();
      if (v.kind != ast::ValueKind::kList) return fits(v, item);
      for (const ast::Value* element : v.list) {
        if (!fits(*element, item)) return false;
      }
      return true;
    }
    const schema::TypeDef& def = s_.type(type.named);
    switch (def.kind) {
      case schema::TypeKind::kInputObject: return input_object(v, def);
      case schema::TypeKind::kEnum:
        return v.kind == ast::ValueKind::kEnum && s_.enum_value_named(def.id, v.text) != nullptr;
      case schema::TypeKind::kScalar: return scalar(v, def);
      default: return false;
    }
  }

  bool input_object(const ast::Value& v, const schema::TypeDef& def) {
    if (v.kind != ast::ValueKind::kObject || def.one_of) return false;  // @oneOf: the rules
    if (!names_distinct(v.fields)) return false;
    for (const ast::ObjectField* given : v.fields) {
      const schema::InputValue* field =
          schema::find_input_value(def.input_fields, given->name.value);
      if (field == nullptr || given->value == nullptr || !fits(*given->value, field->type)) {
        return false;
      }
    }
    return required_given(s_, def.input_fields, v.fields);
  }

  // The built-in scalars' parseLiteral; a custom scalar takes any literal, but
  // a variable inside it would still be undefined, and UniqueInputFieldNames
  // checks every object literal, a custom scalar's too.
  static bool scalar(const ast::Value& v, const schema::TypeDef& def) {
    using K = ast::ValueKind;
    switch (def.id) {
      case schema::kIntType: return v.kind == K::kInt && fits_int32(v.text);
      case schema::kFloatType: return v.kind == K::kInt || v.kind == K::kFloat;
      case schema::kStringType: return v.kind == K::kString;
      case schema::kBooleanType: return v.kind == K::kBoolean;
      case schema::kIdType: return v.kind == K::kString || v.kind == K::kInt;
      default: return plain_literal(v);
    }
  }

  // No variable anywhere in it, and no object literal that names a field twice.
  static bool plain_literal(const ast::Value& v) {
    if (v.kind == ast::ValueKind::kVariable) return false;
    for (const ast::Value* element : v.list) {
      if (!plain_literal(*element)) return false;
    }
    if (!names_distinct(v.fields)) return false;
    for (const ast::ObjectField* f : v.fields) {
      if (f->value == nullptr || !plain_literal(*f->value)) return false;
    }
    return true;
  }

  const schema::Schema& s_;
};

class Certifier {
 public:
  // Scratch vectors that outlive one document, so that a warm thread
  // certifies without allocating.
  struct Scratch;
  Certifier(const schema::Schema& s, Scratch& scratch);

  // The document's fragment definitions, before the walk: false when one has
  // what the certificate leaves to the rules (a description, directives, a
  // name given twice) or names an unknown type.
  bool add_fragment(const ast::FragmentDefinition& def) {
    if (def.description != nullptr || !def.directives.empty() || def.selection_set == nullptr) {
      return false;
    }
    for (const Fragment& f : fragments_) {
      if (f.def->name.value == def.name.value) return false;  // UniqueFragmentNames
    }
    const schema::TypeId type = s_.find_type(def.type_condition.value);
    if (type == schema::kNone) return false;
    fragments_.push_back(Fragment{&def, type, false, false});
    return true;
  }

  // After the walk: NoUnusedFragments.
  bool every_fragment_used() const {
    for (const Fragment& f : fragments_) {
      if (!f.used) return false;
    }
    return true;
  }

  // A selection set whose fields, with those of the fragments spread in it,
  // have distinct response keys: then no two fields can conflict
  // (OverlappingFieldsCanBeMerged compares only fields of one response key).
  bool selection_set(const ast::SelectionSet& set, schema::TypeId parent) {
    const size_t mark = keys_.mark();
    const bool ok = collect(set, parent, mark);
    keys_.end_set(mark);
    return ok;
  }

  // A fragment is certified where it is spread on a selection set of its own
  // type condition (so it is on a composite type and the spread is possible),
  // and walked there, its fields among the set's (collect()).
  struct Fragment {
    const ast::FragmentDefinition* def;
    schema::TypeId type;
    bool used;
    bool active;  // on the walk's path: spreading it again is a cycle
  };

 private:
  // Fragments spread in fragments may expand exponentially: past this many
  // selections the rules decide.
  static constexpr size_t kMaxSteps = size_t{1} << 14;

  // The selections of set into the keys from mark on.
  bool collect(const ast::SelectionSet& set, schema::TypeId parent, size_t mark) {
    for (const ast::Selection* selection : set.selections) {
      if (++steps_ > kMaxSteps) return false;
      switch (selection->kind) {
        case ast::SelectionKind::kField: {
          const auto& f = ast::as<ast::Field>(*selection);
          if (!keys_.add(f.response_key(), mark) || !field(f, parent)) return false;
          break;
        }
        case ast::SelectionKind::kInlineFragment: {
          const auto& fragment = ast::as<ast::InlineFragment>(*selection);
          const std::string_view on = fragment.type_condition.value;
          if (!fragment.directives.empty() || fragment.selection_set == nullptr ||
              (!on.empty() && s_.find_type(on) != parent) ||
              !collect(*fragment.selection_set, parent, mark)) {
            return false;
          }
          break;
        }
        case ast::SelectionKind::kFragmentSpread:
          if (!spread(ast::as<ast::FragmentSpread>(*selection), parent, mark)) return false;
          break;
      }
    }
    return true;
  }

  bool spread(const ast::FragmentSpread& s, schema::TypeId parent, size_t mark) {
    if (!s.directives.empty()) return false;
    Fragment* f = nullptr;
    for (size_t i = 0; i < fragments_.size() && f == nullptr; ++i) {
      if (fragments_[i].def->name.value == s.name.value) f = &fragments_[i];
    }
    // KnownFragmentNames, NoFragmentCycles; the type condition is the set's.
    if (f == nullptr || f->active || f->type != parent) return false;
    f->used = true;
    f->active = true;
    const bool ok = collect(*f->def->selection_set, parent, mark);
    f->active = false;
    return ok;
  }

  bool field(const ast::Field& f, schema::TypeId parent) {
    const std::optional<schema::TypeId> selected =
        certify_field(s_, f, parent, f.selection_set != nullptr);
    if (!selected) return false;
    // A composite type is certified only with its selection set.
    return *selected == schema::kNone ||
           (f.selection_set != nullptr && selection_set(*f.selection_set, *selected));
  }

  const schema::Schema& s_;
  std::vector<Fragment>& fragments_;
  ResponseKeys& keys_;
  size_t steps_ = 0;
};

struct Certifier::Scratch {
  std::vector<Fragment> fragments;
  ResponseKeys keys;
};

Certifier::Certifier(const schema::Schema& s, Scratch& scratch)
    : s_(s), fragments_(scratch.fragments), keys_(scratch.keys) {
  fragments_.clear();
  keys_.clear();
}

}  // namespace

std::optional<schema::TypeId> certify_field(const schema::Schema& schema, const ast::Field& field,
                                            schema::TypeId parent, bool has_selection_set) {
  return FieldChecks(schema).field(field, parent, has_selection_set);
}

schema::TypeId certified_root(const schema::Schema& schema, ast::OperationType type) {
  if (type == ast::OperationType::kSubscription) return schema::kNone;
  const schema::TypeId root = schema.root_type(type);
  if (root == schema::kNone || schema.type(root).kind != schema::TypeKind::kObject) {
    return schema::kNone;
  }
  return root;
}

bool certify_simple_document(const schema::Schema& schema, const ast::Document& document) {
  thread_local Certifier::Scratch scratch;
  Certifier certifier(schema, scratch);
  const ast::OperationDefinition* op = nullptr;
  for (const ast::Definition* d : document.definitions) {
    if (d->kind == ast::DefinitionKind::kOperation) {
      if (op != nullptr) return false;  // one operation
      op = &ast::as<ast::OperationDefinition>(*d);
    } else if (d->kind != ast::DefinitionKind::kFragment ||
               !certifier.add_fragment(ast::as<ast::FragmentDefinition>(*d))) {
      return false;
    }
  }
  if (op == nullptr || op->description != nullptr || !op->variables.empty() ||
      !op->directives.empty() || op->selection_set == nullptr) {
    return false;
  }
  const schema::TypeId root = certified_root(schema, op->operation);
  if (root == schema::kNone) return false;
  return certifier.selection_set(*op->selection_set, root) && certifier.every_fragment_used();
}

}  // namespace gqleval::validate
