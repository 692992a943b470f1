#include "engine/graphql/ast_equal.h"

#include <string_view>

#include "engine/base/concat.h"

namespace gqleval::graphql {

namespace {

using namespace ast;  // NOLINT(google-build-using-namespace): this file is all AST

// Compares two trees. On the first mismatch it records what differs and
// returns false; the path to it is built while the recursion unwinds, so
// nothing is allocated when the trees are equal.
class Comparer {
 public:
  std::string path;
  std::string detail;

  bool document(const Document& a, const Document& b) {
    return list(a.definitions, b.definitions, "definitions",
                [&](const Definition& x, const Definition& y) { return definition(x, y); });
  }

  bool value(const Value* a, const Value* b) {
    if (!a || !b) return present(a != nullptr, b != nullptr);
    if (a->kind != b->kind) return mismatch("kind");
    switch (a->kind) {
      case ValueKind::kBoolean:
        return a->boolean == b->boolean || mismatch(a->boolean ? "true vs false" : "false vs true");
      case ValueKind::kNull: return true;
      case ValueKind::kList:
        return list(a->list, b->list, "list",
                    [&](const Value& x, const Value& y) { return value(&x, &y); });
      case ValueKind::kObject:
        return list(
            a->fields, b->fields, "fields", [&](const ObjectField& x, const ObjectField& y) {
              return field("name", name(x.name, y.name)) && field("value", value(x.value, y.value));
            });
      case ValueKind::kString:
        if (a->block != b->block) return mismatch("block string vs string");
        return text(a->text, b->text);
      default: return text(a->text, b->text);
    }
  }

  bool type(const Type* a, const Type* b) {
    if (!a || !b) return present(a != nullptr, b != nullptr);
    if (a->kind != b->kind) return mismatch("type kind");
    if (a->kind == TypeKind::kNamed) return field("name", name(a->name, b->name));
    return field("inner", type(a->inner, b->inner));
  }

  bool selection_set(const SelectionSet* a, const SelectionSet* b) {
    if (!a || !b) return present(a != nullptr, b != nullptr);
    return list(a->selections, b->selections, "selections",
                [&](const Selection& x, const Selection& y) { return selection(x, y); });
  }

 private:
  bool mismatch(std::string what) {
    detail = std::move(what);
    return false;
  }

  bool present(bool a, bool b) {
    if (a == b) return true;
    return mismatch(a ? "present vs absent" : "absent vs present");
  }

  bool text(std::string_view a, std::string_view b) {
    if (a == b) return true;
    return mismatch(concat({"\"", a, "\" vs \"", b, "\""}));
  }

  bool name(const Name& a, const Name& b) { return text(a.value, b.value); }

  void prepend(std::string segment) {
    if (!path.empty() && path[0] != '[') segment.push_back('.');
    path.insert(0, segment);
  }

  // Passes ok through, naming the field on the way out of a mismatch.
  bool field(std::string_view label, bool ok) {
    if (!ok) prepend(std::string(label));
    return ok;
  }

  template <class T, class Eq>
  bool list(List<T> a, List<T> b, std::string_view label, Eq eq) {
    if (a.size() != b.size()) {
      mismatch(concat({std::to_string(a.size()), " vs ", std::to_string(b.size()), " items"}));
      return field(label, false);
    }
    for (size_t i = 0; i < a.size(); ++i) {
      if (!eq(*a[i], *b[i])) {
        prepend(concat({"[", std::to_string(i), "]"}));
        return field(label, false);
      }
    }
    return true;
  }

  bool names(List<Name> a, List<Name> b, std::string_view label) {
    return list(a, b, label, [&](const Name& x, const Name& y) { return name(x, y); });
  }

  bool arguments(List<Argument> a, List<Argument> b) {
    return list(a, b, "arguments", [&](const Argument& x, const Argument& y) {
      return field("name", name(x.name, y.name)) && field("value", value(x.value, y.value));
    });
  }

  bool directives(List<Directive> a, List<Directive> b) {
    return list(a, b, "directives", [&](const Directive& x, const Directive& y) {
      return field("name", name(x.name, y.name)) && arguments(x.arguments, y.arguments);
    });
  }

  bool selection(const Selection& a, const Selection& b) {
    if (a.kind != b.kind) return mismatch("selection kind");
    switch (a.kind) {
      case SelectionKind::kField: {
        const auto& x = as<Field>(a);
        const auto& y = as<Field>(b);
        return field("alias", name(x.alias, y.alias)) && field("name", name(x.name, y.name)) &&
               arguments(x.arguments, y.arguments) && directives(x.directives, y.directives) &&
               field("selection_set", selection_set(x.selection_set, y.selection_set));
      }
      case SelectionKind::kFragmentSpread: {
        const auto& x = as<FragmentSpread>(a);
        const auto& y = as<FragmentSpread>(b);
        return field("name", name(x.name, y.name)) && directives(x.directives, y.directives);
      }
      case SelectionKind::kInlineFragment: {
        const auto& x = as<InlineFragment>(a);
        const auto& y = as<InlineFragment>(b);
        return field("type_condition", name(x.type_condition, y.type_condition)) &&
               directives(x.directives, y.directives) &&
               field("selection_set", selection_set(x.selection_set, y.selection_set));
      }
    }
    return true;
  }

  bool input_values(List<InputValueDefinition> a, List<InputValueDefinition> b,
                    std::string_view label) {
    return list(a, b, label, [&](const InputValueDefinition& x, const InputValueDefinition& y) {
      return field("description", value(x.description, y.description)) &&
             field("name", name(x.name, y.name)) && field("type", type(x.type, y.type)) &&
             field("default_value", value(x.default_value, y.default_value)) &&
             directives(x.directives, y.directives);
    });
  }

  bool definition(const Definition& a, const Definition& b) {
    if (a.kind != b.kind) return mismatch("definition kind");
    if (a.extension != b.extension) return mismatch("extension vs definition");
    switch (a.kind) {
      case DefinitionKind::kOperation: {
        const auto& x = as<OperationDefinition>(a);
        const auto& y = as<OperationDefinition>(b);
        if (x.operation != y.operation) return mismatch("operation type");
        return field("description", value(x.description, y.description)) &&
               field("name", name(x.name, y.name)) &&
               list(x.variables, y.variables, "variables",
                    [&](const VariableDefinition& v, const VariableDefinition& w) {
                      return field("description", value(v.description, w.description)) &&
                             field("variable", name(v.variable, w.variable)) &&
                             field("type", type(v.type, w.type)) &&
                             field("default_value", value(v.default_value, w.default_value)) &&
                             directives(v.directives, w.directives);
                    }) &&
               directives(x.directives, y.directives) &&
               field("selection_set", selection_set(x.selection_set, y.selection_set));
      }
      case DefinitionKind::kFragment: {
        const auto& x = as<FragmentDefinition>(a);
        const auto& y = as<FragmentDefinition>(b);
        return field("description", value(x.description, y.description)) &&
               field("name", name(x.name, y.name)) &&
               field("type_condition", name(x.type_condition, y.type_condition)) &&
               directives(x.directives, y.directives) &&
               field("selection_set", selection_set(x.selection_set, y.selection_set));
      }
      case DefinitionKind::kSchema: {
        const auto& x = as<SchemaDefinition>(a);
        const auto& y = as<SchemaDefinition>(b);
        return field("description", value(x.description, y.description)) &&
               directives(x.directives, y.directives) &&
               list(x.operation_types, y.operation_types, "operation_types",
                    [&](const OperationTypeDefinition& v, const OperationTypeDefinition& w) {
                      if (v.operation != w.operation) return mismatch("operation type");
                      return field("type", name(v.type, w.type));
                    });
      }
      case DefinitionKind::kDirective: {
        const auto& x = as<DirectiveDefinition>(a);
        const auto& y = as<DirectiveDefinition>(b);
        if (x.repeatable != y.repeatable) return mismatch("repeatable");
        return field("description", value(x.description, y.description)) &&
               field("name", name(x.name, y.name)) &&
               input_values(x.arguments, y.arguments, "arguments") &&
               names(x.locations, y.locations, "locations");
      }
      default: {
        const auto& x = as<TypeDefinition>(a);
        const auto& y = as<TypeDefinition>(b);
        return field("description", value(x.description, y.description)) &&
               field("name", name(x.name, y.name)) &&
               names(x.interfaces, y.interfaces, "interfaces") &&
               directives(x.directives, y.directives) &&
               list(x.fields, y.fields, "fields",
                    [&](const FieldDefinition& v, const FieldDefinition& w) {
                      return field("description", value(v.description, w.description)) &&
                             field("name", name(v.name, w.name)) &&
                             input_values(v.arguments, w.arguments, "arguments") &&
                             field("type", type(v.type, w.type)) &&
                             directives(v.directives, w.directives);
                    }) &&
               names(x.members, y.members, "members") &&
               list(x.values, y.values, "values",
                    [&](const EnumValueDefinition& v, const EnumValueDefinition& w) {
                      return field("description", value(v.description, w.description)) &&
                             field("name", name(v.name, w.name)) &&
                             directives(v.directives, w.directives);
                    }) &&
               input_values(x.input_fields, y.input_fields, "input_fields");
      }
    }
  }
};

}  // namespace

bool ast_equal(const Document& a, const Document& b) { return Comparer().document(a, b); }
bool ast_equal(const Value& a, const Value& b) { return Comparer().value(&a, &b); }
bool ast_equal(const Type& a, const Type& b) { return Comparer().type(&a, &b); }
bool ast_equal(const SelectionSet& a, const SelectionSet& b) {
  return Comparer().selection_set(&a, &b);
}

std::optional<std::string> first_difference(const Document& a, const Document& b) {
  Comparer c;
  if (c.document(a, b)) return std::nullopt;
  return concat({c.path, " (", c.detail, ")"});
}

}  // namespace gqleval::graphql
