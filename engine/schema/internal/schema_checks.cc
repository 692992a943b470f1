#include "engine/schema/internal/schema_checks.h"

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "engine/base/concat.h"
#include "engine/schema/internal/schema_diagnostics.h"
#include "engine/schema/internal/type_relations.h"

namespace gqleval::schema {
namespace {

using Locs = std::vector<ast::Loc>;

const ast::Directive* deprecated_directive(ast::List<ast::Directive> directives) {
  for (const ast::Directive* d : directives) {
    if (d->name.value == "deprecated") return d;
  }
  return nullptr;
}

class SchemaChecker {
 public:
  explicit SchemaChecker(const Schema::Impl& s) : s_(s) {}

  Diagnostics run() {
    check_root_types();
    for (const DirectiveDef& d : s_.directives) {
      if (d.declared) check_directive(d);
    }
    for (const TypeDef& t : s_.types) check_type(t);
    return std::move(errors_);
  }

 private:
  void report(std::string message, const Locs& locs) {
    errors_.push_back(schema_diagnostic(kSchemaValidationRule, std::move(message), locs));
  }

  std::string str(TypeRef t) const { return type_ref_string(s_, t); }

  // ------------------------------------------------------------ locations

  // graphql-js's [astNode, ...extensionASTNodes] of a type.
  Locs type_locs(TypeId t) const {
    Locs out;
    const TypeSyntax& syntax = s_.type_syntax[t];
    if (syntax.definition != nullptr) out.push_back(syntax.definition->loc);
    for (const ast::TypeDefinition* ext : syntax.extensions) out.push_back(ext->loc);
    return out;
  }

  // The `implements X` (or union member X) names of a type, over all its nodes.
  Locs named_locs(TypeId t, std::string_view name, bool members) const {
    Locs out;
    const TypeSyntax& syntax = s_.type_syntax[t];
    auto scan = [&](const ast::TypeDefinition* node) {
      for (const ast::Name* n : members ? node->members : node->interfaces) {
        if (n->value == name) out.push_back(n->loc);
      }
    };
    if (syntax.definition != nullptr) scan(syntax.definition);
    for (const ast::TypeDefinition* ext : syntax.extensions) scan(ext);
    return out;
  }

  const ast::FieldDefinition* field_node(FieldId f) const { return s_.field_syntax[f].definition; }

  const ast::InputValueDefinition* argument_node(FieldId f, size_t i) const {
    const ast::FieldDefinition* node = field_node(f);
    return node != nullptr && i < node->arguments.size() ? node->arguments[i] : nullptr;
  }

  static void add_loc(Locs& locs, const ast::InputValueDefinition* node) {
    if (node != nullptr) locs.push_back(node->loc);
  }
  static void add_type_loc(Locs& locs, const ast::InputValueDefinition* node) {
    if (node != nullptr) locs.push_back(node->type->loc);
  }
  static void add_deprecated_loc(Locs& locs, const ast::InputValueDefinition* node) {
    if (node == nullptr) return;
    if (const ast::Directive* d = deprecated_directive(node->directives)) locs.push_back(d->loc);
  }

  // ------------------------------------------------------------ checks

  void check_root_types() {
    static constexpr std::string_view kNames[3] = {"Query", "Mutation", "Subscription"};
    for (int op = 0; op < 3; ++op) {
      TypeId root = s_.roots[op];
      if (root == kNone) {
        if (op == 0) {
          Locs locs;
          if (s_.schema_definition != nullptr) locs.push_back(s_.schema_definition->loc);
          report("Query root type must be provided.", locs);
        }
        continue;
      }
      if (s_.types[root].kind == TypeKind::kObject) continue;
      report(concat({kNames[op], " root type must be Object type", op == 0 ? "" : " if provided",
                     ", it cannot be ", s_.types[root].name, "."}),
             {root_location(op, root)});
    }
  }

  // The `query: X` name in the schema definition or its extensions, else the type.
  ast::Loc root_location(int op, TypeId root) const {
    std::vector<const ast::SchemaDefinition*> nodes;
    if (s_.schema_definition != nullptr) nodes.push_back(s_.schema_definition);
    nodes.insert(nodes.end(), s_.schema_extensions.begin(), s_.schema_extensions.end());
    for (const ast::SchemaDefinition* sd : nodes) {
      for (const ast::OperationTypeDefinition* o : sd->operation_types) {
        if (static_cast<int>(o->operation) == op) return o->type.loc;
      }
    }
    return s_.types[root].loc;
  }

  // `locs` computes the locations, only when the name is reserved.
  template <class MakeLocs>
  void check_name(std::string_view name, MakeLocs locs) {
    if (name.substr(0, 2) != "__") return;
    report(concat({"Name ", quoted(name),
                   " must not begin with \"__\", which is reserved by GraphQL introspection."}),
           locs());
  }

  // The start of a node, or nothing when there is none (built on the error path only).
  template <class Node>
  static Locs loc_of(const Node* node) {
    return node != nullptr ? Locs{node->loc} : Locs{};
  }
  static Locs type_loc_of(const ast::InputValueDefinition* node) {
    return node != nullptr ? Locs{node->type->loc} : Locs{};
  }
  // graphql-js: [the @deprecated directive, the type] of a required input value.
  static Locs deprecated_locs(const ast::InputValueDefinition* node) {
    Locs locs;
    add_deprecated_loc(locs, node);
    add_type_loc(locs, node);
    return locs;
  }

  void check_directive(const DirectiveDef& d) {
    const ast::DirectiveDefinition* node = s_.directive_syntax[d.id].definition;
    check_name(d.name, [&] { return loc_of(node); });
    for (size_t i = 0; i < d.arguments.size(); ++i) {
      const InputValue& arg = d.arguments[i];
      const ast::InputValueDefinition* arg_node =
          node != nullptr && i < node->arguments.size() ? node->arguments[i] : nullptr;
      check_name(arg.name, [&] { return loc_of(arg_node); });
      if (!is_input_type(s_, arg.type)) {
        report(concat({"The type of @", d.name, "(", arg.name,
                       ":) must be Input Type but got: ", describe(arg.type), "."}),
               loc_of(arg_node));
      }
      if (arg.required() && arg.deprecated) {
        report(concat({"Required argument @", d.name, "(", arg.name, ":) cannot be deprecated."}),
               deprecated_locs(arg_node));
      }
    }
  }

  // A type as graphql-js's inspect() prints it; a type we could not represent
  // (lists nested too deep) says so.
  std::string describe(TypeRef t) const {
    if (t.named == kNone) {
      return concat({"a type with lists nested deeper than ", std::to_string(kMaxListDepth),
                     " levels (not supported)"});
    }
    return str(t);
  }

  void check_type(const TypeDef& t) {
    bool introspection = t.built_in && t.name.substr(0, 2) == "__";
    if (!introspection) check_name(t.name, [&] { return type_locs(t.id); });
    switch (t.kind) {
      case TypeKind::kObject:
      case TypeKind::kInterface:
        check_fields(t);
        check_interfaces(t);
        break;
      case TypeKind::kUnion: check_union(t); break;
      case TypeKind::kEnum: check_enum(t); break;
      case TypeKind::kInputObject:
        check_input_fields(t);
        check_input_cycles(t.id);
        break;
      case TypeKind::kScalar: break;
    }
  }

  void check_fields(const TypeDef& t) {
    if (t.fields.empty()) {
      report(concat({"Type ", t.name, " must define one or more fields."}), type_locs(t.id));
    }
    for (FieldId f : t.fields) {
      if (s_.field_syntax[f].inherited) continue;  // checked on the interface it came from
      const FieldDef& field = s_.fields[f];
      const ast::FieldDefinition* node = field_node(f);
      check_name(field.name, [&] { return loc_of(node); });
      if (!is_output_type(s_, field.type)) {
        report(concat({"The type of ", t.name, ".", field.name,
                       " must be Output Type but got: ", describe(field.type), "."}),
               node != nullptr ? Locs{node->type->loc} : Locs{});
      }
      for (size_t i = 0; i < field.arguments.size(); ++i) {
        const InputValue& arg = field.arguments[i];
        const ast::InputValueDefinition* arg_node = argument_node(f, i);
        check_name(arg.name, [&] { return loc_of(arg_node); });
        if (!is_input_type(s_, arg.type)) {
          report(concat({"The type of ", t.name, ".", field.name, "(", arg.name,
                         ":) must be Input Type but got: ", describe(arg.type), "."}),
                 type_loc_of(arg_node));
        }
        if (arg.required() && arg.deprecated) {
          report(concat({"Required argument ", t.name, ".", field.name, "(", arg.name,
                         ":) cannot be deprecated."}),
                 deprecated_locs(arg_node));
        }
      }
    }
  }

  void check_interfaces(const TypeDef& t) {
    std::unordered_set<TypeId> seen;
    std::string_view type_name = t.name;
    for (TypeId i : t.interfaces) {
      if (i == kNone) continue;
      const TypeDef& iface = s_.types[i];
      auto locs = [&] { return named_locs(t.id, iface.name, false); };
      if (iface.kind != TypeKind::kInterface) {
        report(
            concat({"Type ", type_name,
                    " must only implement Interface types, it cannot implement ", iface.name, "."}),
            locs());
        continue;
      }
      if (i == t.id) {
        report(concat({"Type ", type_name,
                       " cannot implement itself because it would create a circular reference."}),
               locs());
        continue;
      }
      if (!seen.insert(i).second) {
        report(concat({"Type ", type_name, " can only implement ", iface.name, " once."}), locs());
        continue;
      }
      check_ancestors(t, iface);
      check_implementation(t, iface);
    }
  }

  void check_ancestors(const TypeDef& t, const TypeDef& iface) {
    for (TypeId transitive : iface.interfaces) {
      if (transitive == kNone) continue;
      bool declared = false;
      for (TypeId own : t.interfaces) declared = declared || own == transitive;
      if (declared) continue;
      std::string message =
          transitive == t.id
              ? concat({"Type ", t.name, " cannot implement ", iface.name,
                        " because it would create a circular reference."})
              : concat({"Type ", t.name, " must implement ", s_.types[transitive].name,
                        " because it is implemented by ", iface.name, "."});
      Locs locs = named_locs(iface.id, s_.types[transitive].name, false);
      Locs own = named_locs(t.id, iface.name, false);
      locs.insert(locs.end(), own.begin(), own.end());
      report(std::move(message), locs);
    }
  }

  FieldId field_named(TypeId t, std::string_view name) const {
    uint32_t f = s_.field_index.find(t, name);
    return f == NameTable::kMissing ? kNone : f;
  }

  void check_implementation(const TypeDef& t, const TypeDef& iface) {
    std::string_view type_name = t.name;
    std::string_view iface_name = iface.name;
    for (FieldId iface_field_id : iface.fields) {
      const FieldDef& iface_field = s_.fields[iface_field_id];
      const ast::FieldDefinition* iface_node = field_node(iface_field_id);
      std::string_view field_name = iface_field.name;
      FieldId type_field_id = field_named(t.id, iface_field.name);
      if (type_field_id == kNone) {
        Locs locs;
        if (iface_node != nullptr) locs.push_back(iface_node->loc);
        Locs own = type_locs(t.id);
        locs.insert(locs.end(), own.begin(), own.end());
        report(concat({"Interface field ", iface_name, ".", field_name, " expected but ", type_name,
                       " does not provide it."}),
               locs);
        continue;
      }
      const FieldDef& type_field = s_.fields[type_field_id];
      const ast::FieldDefinition* type_node = field_node(type_field_id);
      if (!is_type_sub_type_of(s_, type_field.type, iface_field.type)) {
        Locs locs;
        if (iface_node != nullptr) locs.push_back(iface_node->type->loc);
        if (type_node != nullptr) locs.push_back(type_node->type->loc);
        report(concat({"Interface field ", iface_name, ".", field_name, " expects type ",
                       str(iface_field.type), " but ", type_name, ".", field_name, " is type ",
                       str(type_field.type), "."}),
               locs);
      }
      for (size_t i = 0; i < iface_field.arguments.size(); ++i) {
        const InputValue& iface_arg = iface_field.arguments[i];
        std::string arg_path = concat({"(", iface_arg.name, ":)"});
        const InputValue* type_arg = find_input_value(type_field.arguments, iface_arg.name);
        if (type_arg == nullptr) {
          Locs locs;
          add_loc(locs, argument_node(iface_field_id, i));
          if (type_node != nullptr) locs.push_back(type_node->loc);
          report(concat({"Interface field argument ", iface_name, ".", field_name, arg_path,
                         " expected but ", type_name, ".", field_name, " does not provide it."}),
                 locs);
          continue;
        }
        if (!(type_arg->type == iface_arg.type)) {
          Locs locs;
          add_type_loc(locs, argument_node(iface_field_id, i));
          add_type_loc(locs, argument_node(type_field_id, type_arg - type_field.arguments.data()));
          report(concat({"Interface field argument ", iface_name, ".", field_name, arg_path,
                         " expects type ", str(iface_arg.type), " but ", type_name, ".", field_name,
                         arg_path, " is type ", str(type_arg->type), "."}),
                 locs);
        }
      }
      for (size_t i = 0; i < type_field.arguments.size(); ++i) {
        const InputValue& type_arg = type_field.arguments[i];
        if (find_input_value(iface_field.arguments, type_arg.name) != nullptr) continue;
        if (!type_arg.required()) continue;
        Locs locs;
        add_loc(locs, argument_node(type_field_id, i));
        if (iface_node != nullptr) locs.push_back(iface_node->loc);
        report(concat({"Object field ", type_name, ".", field_name, " includes required argument ",
                       type_arg.name, " that is missing from the Interface field ", iface_name, ".",
                       field_name, "."}),
               locs);
      }
    }
  }

  void check_union(const TypeDef& u) {
    std::string_view union_name = u.name;
    if (u.union_members.empty()) {
      report(concat({"Union type ", union_name, " must define one or more member types."}),
             type_locs(u.id));
    }
    std::unordered_set<TypeId> seen;
    for (TypeId m : u.union_members) {
      if (m == kNone) continue;
      auto locs = [&] { return named_locs(u.id, s_.types[m].name, true); };
      if (!seen.insert(m).second) {
        report(concat({"Union type ", union_name, " can only include type ", s_.types[m].name,
                       " once."}),
               locs());
        continue;
      }
      if (s_.types[m].kind != TypeKind::kObject) {
        report(
            concat({"Union type ", union_name, " can only include Object types, it cannot include ",
                    s_.types[m].name, "."}),
            locs());
      }
    }
  }

  void check_enum(const TypeDef& e) {
    if (e.enum_values.empty()) {
      report(concat({"Enum type ", e.name, " must define one or more values."}), type_locs(e.id));
    }
    const TypeSyntax& syntax = s_.type_syntax[e.id];
    for (size_t i = 0; i < e.enum_values.size(); ++i) {
      check_name(e.enum_values[i].name, [&] {
        return i < syntax.enum_values.size() ? Locs{syntax.enum_values[i]->loc} : Locs{};
      });
    }
  }

  void check_input_fields(const TypeDef& t) {
    std::string_view type_name = t.name;
    if (t.input_fields.empty()) {
      report(concat({"Input Object type ", type_name, " must define one or more fields."}),
             type_locs(t.id));
    }
    const TypeSyntax& syntax = s_.type_syntax[t.id];
    for (size_t i = 0; i < t.input_fields.size(); ++i) {
      const InputValue& field = t.input_fields[i];
      const ast::InputValueDefinition* node =
          i < syntax.input_fields.size() ? syntax.input_fields[i] : nullptr;
      auto path = [&] { return concat({type_name, ".", field.name}); };
      check_name(field.name, [&] { return loc_of(node); });
      if (!is_input_type(s_, field.type)) {
        report(concat({"The type of ", path(),
                       " must be Input Type but got: ", describe(field.type), "."}),
               type_loc_of(node));
      }
      if (field.required() && field.deprecated) {
        report(concat({"Required input field ", path(), " cannot be deprecated."}),
               deprecated_locs(node));
      }
      if (t.one_of) {
        if (field.type.is_non_null()) {
          report(concat({"OneOf input field ", path(), " must be nullable."}), type_loc_of(node));
        }
        if (field.default_value != nullptr) {
          report(concat({"OneOf input field ", path(), " cannot have a default value."}),
                 loc_of(node));
        }
      }
    }
  }

  // Non-null input-object fields may not lead back to their own type: such a
  // value could never be written. Depth-first, as graphql-js does, so that the
  // same cycle is reported from the same place.
  void check_input_cycles(TypeId t) {
    if (!visited_.insert(t).second) return;
    path_index_[t] = path_.size();
    const TypeDef& type = s_.types[t];
    for (size_t i = 0; i < type.input_fields.size(); ++i) {
      TypeRef ft = type.input_fields[i].type;
      if (!(ft.is_non_null() && ft.list_depth == 0 && ft.named != kNone &&
            s_.types[ft.named].kind == TypeKind::kInputObject)) {
        continue;
      }
      path_.emplace_back(t, i);
      auto cycle = path_index_.find(ft.named);
      if (cycle == path_index_.end()) {
        check_input_cycles(ft.named);
      } else {
        std::string names;
        Locs locs;
        for (size_t k = cycle->second; k < path_.size(); ++k) {
          auto [owner, index] = path_[k];
          if (!names.empty()) names.push_back('.');
          names.append(s_.types[owner].input_fields[index].name);
          const auto& nodes = s_.type_syntax[owner].input_fields;
          if (index < nodes.size()) locs.push_back(nodes[index]->loc);
        }
        report(concat({"Cannot reference Input Object ", quoted(s_.types[ft.named].name),
                       " within itself through a series of non-null fields: ", quoted(names), "."}),
               locs);
      }
      path_.pop_back();
    }
    path_index_.erase(t);
  }

  const Schema::Impl& s_;
  Diagnostics errors_;
  std::unordered_set<TypeId> visited_;
  std::vector<std::pair<TypeId, size_t>> path_;
  std::unordered_map<TypeId, size_t> path_index_;
};

}  // namespace

Diagnostics check_schema(const Schema::Impl& s) { return SchemaChecker(s).run(); }

}  // namespace gqleval::schema
