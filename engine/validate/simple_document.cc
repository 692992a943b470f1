#include "engine/validate/simple_document.h"

#include <span>

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

class Certifier {
 public:
  explicit Certifier(const schema::Schema& s) : s_(s) {}

  bool selection_set(const ast::SelectionSet& set, schema::TypeId parent) {
    const auto& selections = set.selections;
    for (size_t i = 0; i < selections.size(); ++i) {
      if (selections[i]->kind != ast::SelectionKind::kField) return false;
      const auto& f = ast::as<ast::Field>(*selections[i]);
      for (size_t j = 0; j < i; ++j) {
        if (ast::as<ast::Field>(*selections[j]).response_key() == f.response_key()) return false;
      }
      if (!field(f, parent)) return false;
    }
    return true;
  }

 private:
  bool field(const ast::Field& f, schema::TypeId parent) {
    if (!f.directives.empty()) return false;
    const std::string_view name = f.name.value;
    if (name.size() > 1 && name[0] == '_' && name[1] == '_') {
      // __typename: a String on any composite type. __schema and __type (the
      // introspection depth rule) are the rules' business.
      return name == "__typename" && f.arguments.empty() && f.selection_set == nullptr;
    }
    const schema::FieldId id = s_.find_field(parent, name);
    if (id == schema::kNone) return false;
    f.resolved_in = &s_;  // normalization reads it (ast::Field)
    f.resolved_on = parent;
    f.resolved_field = id;
    const schema::FieldDef* def = &s_.field(id);
    if (!arguments(f, *def)) return false;
    const schema::TypeId type = def->type.named;
    if (type == schema::kNone) return false;
    if (s_.is_leaf(type)) return f.selection_set == nullptr;
    if (!s_.is_composite(type) || f.selection_set == nullptr) return false;
    return selection_set(*f.selection_set, type);
  }

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

}  // namespace

bool certify_simple_document(const schema::Schema& schema, const ast::Document& document) {
  if (document.definitions.size() != 1 ||
      document.definitions[0]->kind != ast::DefinitionKind::kOperation) {
    return false;
  }
  const auto& op = ast::as<ast::OperationDefinition>(*document.definitions[0]);
  if (op.operation == ast::OperationType::kSubscription || op.description != nullptr ||
      !op.variables.empty() || !op.directives.empty() || op.selection_set == nullptr) {
    return false;
  }
  const schema::TypeId root = schema.root_type(op.operation);
  if (root == schema::kNone || schema.type(root).kind != schema::TypeKind::kObject) return false;
  return Certifier(schema).selection_set(*op.selection_set, root);
}

}  // namespace gqleval::validate
