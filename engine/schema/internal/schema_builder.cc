#include "engine/schema/internal/schema_builder.h"

#include <algorithm>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engine/base/concat.h"
#include "engine/schema/internal/default_value.h"
#include "engine/schema/internal/prelude.h"
#include "engine/schema/internal/schema_diagnostics.h"
#include "engine/schema/internal/type_relations.h"

namespace gqleval::schema {
namespace {

using ast::DefinitionKind;

constexpr std::string_view kDefaultDeprecationReason = "No longer supported";

TypeKind kind_of(DefinitionKind k) {
  switch (k) {
    case DefinitionKind::kScalar: return TypeKind::kScalar;
    case DefinitionKind::kObject: return TypeKind::kObject;
    case DefinitionKind::kInterface: return TypeKind::kInterface;
    case DefinitionKind::kUnion: return TypeKind::kUnion;
    case DefinitionKind::kEnum: return TypeKind::kEnum;
    default: return TypeKind::kInputObject;
  }
}

// Kept even when empty: `""""""` is a description, which graphql-js prints.
Description description_of(const ast::Value* v) {
  if (v == nullptr || v->kind != ast::ValueKind::kString) return std::nullopt;
  return v->text;
}

const ast::Directive* find_directive(ast::List<ast::Directive> directives, std::string_view name) {
  for (const ast::Directive* d : directives) {
    if (d->name.value == name) return d;
  }
  return nullptr;
}

const ast::Value* argument_value(const ast::Directive& d, std::string_view name) {
  for (const ast::Argument* a : d.arguments) {
    if (a->name.value == name) return a->value;
  }
  return nullptr;
}

struct Deprecation {
  bool deprecated = false;
  std::string_view reason;
};

// @deprecated(reason:) as graphql-js reads it: an explicit null means "not
// deprecated", a missing reason is the directive's default.
Deprecation deprecation_of(ast::List<ast::Directive> directives) {
  const ast::Directive* d = find_directive(directives, "deprecated");
  if (d == nullptr) return {};
  const ast::Value* reason = argument_value(*d, "reason");
  if (reason == nullptr) return {true, kDefaultDeprecationReason};
  if (reason->kind == ast::ValueKind::kNull) return {};
  if (reason->kind == ast::ValueKind::kString) return {true, reason->text};
  return {true, kDefaultDeprecationReason};
}

// Per-type contents while the schema is being built; frozen into arena spans.
struct TypeDraft {
  std::vector<FieldId> fields;
  std::vector<InputValue> input_fields;
  std::vector<EnumValue> enum_values;
  std::vector<TypeId> interfaces;  // as declared, duplicates included
  std::vector<TypeId> members;     // as declared, duplicates included
};

class Builder {
 public:
  Builder(Schema::Impl& s, const SdlCheck& check) : s_(s), check_(check) {}

  void run(const ast::Document& prelude, const ast::Document& document) {
    add_meta_field_slots();
    add_types(prelude, document);
    index_types();
    add_directives(prelude, document);
    for (TypeId t = 0; t < s_.types.size(); ++t) fill_type(t);
    fill_meta_fields();
    find_roots(document);
    if (!s_.options.strict) inherit_interface_fields();
    freeze();
  }

 private:
  // ------------------------------------------------------------ registration

  void add_meta_field_slots() {
    s_.typename_field = 0;
    s_.schema_field = 1;
    s_.type_field = 2;
    for (int i = 0; i < 3; ++i) {
      s_.fields.emplace_back();
      s_.field_syntax.emplace_back();
      field_args_.emplace_back();
    }
  }

  TypeId add_type(std::string_view name, TypeKind kind, const ast::TypeDefinition* def) {
    TypeId id = static_cast<TypeId>(s_.types.size());
    TypeDef t;
    t.id = id;
    t.name = name;
    t.kind = kind;
    if (def != nullptr) {
      t.description = description_of(def->description);
      t.loc = def->loc;
    }
    s_.types.push_back(t);
    TypeSyntax syntax;
    syntax.definition = def;
    s_.type_syntax.push_back(std::move(syntax));
    drafts_.emplace_back();
    by_name_.insert(NameTable::kNoScope, name, id);
    return id;
  }

  void add_types(const ast::Document& prelude, const ast::Document& document) {
    for (const ast::Definition* d : prelude.definitions) {
      if (!ast::is_type_definition(d->kind)) continue;
      const auto& td = ast::as<ast::TypeDefinition>(*d);
      TypeId id = add_type(td.name.value, kind_of(td.kind), &td);
      s_.types[id].built_in = true;
    }
    for (std::string_view name : check_.dialect_scalars) {
      TypeId id = add_type(name, TypeKind::kScalar, nullptr);
      s_.types[id].dialect_declared = true;
    }
    for (const ast::TypeDefinition* td : check_.dialect_types) {
      TypeId id = add_type(td->name.value, kind_of(td->kind), td);
      s_.types[id].dialect_declared = true;
      s_.types[id].loc = {};  // its syntax is StepZen's, not the document's
    }
    const auto& defs = document.definitions;
    for (size_t i = 0; i < defs.size(); ++i) {
      const ast::Definition& d = *defs[i];
      if (!ast::is_type_definition(d.kind)) continue;
      bool defines = check_.disposition[i] == Disposition::kDefinition;
      if (!defines && (d.extension || check_.disposition[i] != Disposition::kKeep)) continue;
      const auto& td = ast::as<ast::TypeDefinition>(d);
      // A document that defines a standard type gets the standard one, as in graphql-js.
      if (by_name_.find(NameTable::kNoScope, td.name.value) != NameTable::kMissing) continue;
      add_type(td.name.value, kind_of(td.kind), &td);
    }
    for (size_t i = 0; i < defs.size(); ++i) {
      const ast::Definition& d = *defs[i];
      if (!ast::is_type_definition(d.kind)) continue;
      bool merged = check_.disposition[i] == Disposition::kMergeAsExtension;
      if (!(d.extension && check_.disposition[i] == Disposition::kKeep) && !merged) continue;
      const auto& td = ast::as<ast::TypeDefinition>(d);
      TypeId id = by_name_.find(NameTable::kNoScope, td.name.value);
      if (id == NameTable::kMissing || s_.types[id].built_in) continue;
      s_.type_syntax[id].extensions.push_back(&td);
      if (s_.type_syntax[id].definition == nullptr) s_.types[id].loc = td.loc;
    }
  }

  void add_directives(const ast::Document& prelude, const ast::Document& document) {
    for (const ast::Definition* d : prelude.definitions) {
      if (d->kind != DefinitionKind::kDirective) continue;
      DirectiveId id = add_directive(ast::as<ast::DirectiveDefinition>(*d).name.value);
      s_.directives[id].built_in = true;
      directive_nodes_.push_back(&ast::as<ast::DirectiveDefinition>(*d));
    }
    const auto& defs = document.definitions;
    for (size_t i = 0; i < defs.size(); ++i) {
      if (defs[i]->kind != DefinitionKind::kDirective) continue;
      if (check_.disposition[i] != Disposition::kKeep) continue;
      const auto& dd = ast::as<ast::DirectiveDefinition>(*defs[i]);
      // Like graphql-js, a document's own @skip (say) replaces the specified one.
      DirectiveId id = directive_ids_.find(NameTable::kNoScope, dd.name.value);
      if (id == NameTable::kMissing) {
        id = add_directive(dd.name.value);
        directive_nodes_.push_back(&dd);
      } else {
        directive_nodes_[id] = &dd;
      }
    }
    for (const ast::DirectiveDefinition* dd : check_.dialect_directives) {
      add_directive(dd->name.value);
      directive_nodes_.push_back(dd);
    }
    for (DirectiveId id = 0; id < s_.directives.size(); ++id) fill_directive(id);
    for (const ast::DirectiveDefinition* dd : check_.dialect_directives) {
      DirectiveDef& d = s_.directives[directive_ids_.find(NameTable::kNoScope, dd->name.value)];
      d.dialect_declared = true;
      d.loc = {};
    }
    for (const KeptDirective& k : check_.kept_directives) {
      DirectiveId id = add_directive(k.name);
      directive_nodes_.push_back(nullptr);
      DirectiveDef& d = s_.directives[id];
      d.locations = k.locations;
      d.repeatable = true;  // unknown, so nothing to enforce
      d.declared = false;
      d.loc = k.first_use;
    }
  }

  DirectiveId add_directive(std::string_view name) {
    DirectiveId id = static_cast<DirectiveId>(s_.directives.size());
    DirectiveDef d;
    d.id = id;
    d.name = name;
    s_.directives.push_back(d);
    s_.directive_syntax.emplace_back();
    directive_args_.emplace_back();
    directive_ids_.insert(NameTable::kNoScope, name, id);
    return id;
  }

  void index_types() {
    s_.type_index.reserve(s_.types.size());
    for (const TypeDef& t : s_.types) s_.type_index.insert(NameTable::kNoScope, t.name, t.id);
  }

  // ------------------------------------------------------------ contents

  InputValue input_value(const ast::InputValueDefinition& v) {
    InputValue out;
    out.name = v.name.value;
    out.type = resolve_type(s_, *v.type);
    out.default_value = v.default_value;
    out.description = description_of(v.description);
    Deprecation dep = deprecation_of(v.directives);
    out.deprecated = dep.deprecated;
    out.deprecation_reason = dep.reason;
    out.loc = v.loc;
    return out;
  }

  void fill_directive(DirectiveId id) {
    const ast::DirectiveDefinition& node = *directive_nodes_[id];
    DirectiveDef& d = s_.directives[id];
    d.description = description_of(node.description);
    d.repeatable = node.repeatable;
    d.loc = node.loc;
    d.locations = 0;
    for (const ast::Name* l : node.locations) {
      DirectiveLocation loc;
      if (directive_location_from_name(l->value, &loc))
        d.locations |= 1u << static_cast<unsigned>(loc);
    }
    s_.directive_syntax[id].definition = &node;
    directive_args_[id].clear();
    for (const ast::InputValueDefinition* a : node.arguments) {
      directive_args_[id].push_back(input_value(*a));
    }
  }

  TypeId type_named(const ast::Name& name) const {
    TypeId id = s_.type_index.find(NameTable::kNoScope, name.value);
    return id == NameTable::kMissing ? kNone : id;
  }

  void fill_type(TypeId t) {
    TypeSyntax& syntax = s_.type_syntax[t];
    std::vector<const ast::TypeDefinition*> nodes;
    if (syntax.definition != nullptr) nodes.push_back(syntax.definition);
    nodes.insert(nodes.end(), syntax.extensions.begin(), syntax.extensions.end());
    TypeDraft& draft = drafts_[t];
    auto dropped = [&](const void* member) { return check_.dropped_members.contains(member); };
    for (const ast::TypeDefinition* node : nodes) {
      for (const ast::Name* i : node->interfaces) draft.interfaces.push_back(type_named(*i));
      for (const ast::FieldDefinition* f : node->fields) {
        if (!dropped(f) && !check_.repeated_fields.contains(f)) add_field(t, *f);
      }
      for (const ast::Name* m : node->members) draft.members.push_back(type_named(*m));
      for (const ast::EnumValueDefinition* v : node->values) {
        if (dropped(v)) continue;
        EnumValue value;
        value.name = v->name.value;
        value.description = description_of(v->description);
        Deprecation dep = deprecation_of(v->directives);
        value.deprecated = dep.deprecated;
        value.deprecation_reason = dep.reason;
        value.loc = v->loc;
        draft.enum_values.push_back(value);
        syntax.enum_values.push_back(v);
      }
      for (const ast::InputValueDefinition* f : node->input_fields) {
        if (dropped(f)) continue;
        draft.input_fields.push_back(input_value(*f));
        syntax.input_fields.push_back(f);
      }
      // As graphql-js 16: @specifiedBy and @oneOf count on the definition
      // only; on an extension (`extend input P @oneOf`) they change nothing.
      if (node != syntax.definition) continue;
      if (const ast::Directive* d = find_directive(node->directives, "specifiedBy")) {
        const ast::Value* url = argument_value(*d, "url");
        if (url != nullptr && url->kind == ast::ValueKind::kString)
          s_.types[t].specified_by_url = url->text;
      }
      if (find_directive(node->directives, "oneOf") != nullptr) s_.types[t].one_of = true;
    }
  }

  void add_field(TypeId owner, const ast::FieldDefinition& f) {
    FieldId id = static_cast<FieldId>(s_.fields.size());
    FieldDef def;
    def.name = f.name.value;
    def.type = resolve_type(s_, *f.type);
    def.owner = owner;
    def.description = description_of(f.description);
    // A field an extension repeated with other directives has the later ones.
    auto repeated = check_.field_directives.find(&f);
    const ast::FieldDefinition& directives =
        repeated == check_.field_directives.end() ? f : *repeated->second;
    Deprecation dep = deprecation_of(directives.directives);
    def.deprecated = dep.deprecated;
    def.deprecation_reason = dep.reason;
    def.loc = f.loc;
    s_.fields.push_back(def);
    s_.field_syntax.push_back(FieldSyntax{&f, false});
    field_args_.emplace_back();
    for (const ast::InputValueDefinition* a : f.arguments)
      field_args_[id].push_back(input_value(*a));
    drafts_[owner].fields.push_back(id);
  }

  void fill_meta_fields() {
    TypeId schema_type = s_.type_index.find(NameTable::kNoScope, "__Schema");
    TypeId type_type = s_.type_index.find(NameTable::kNoScope, "__Type");
    auto meta = [&](FieldId id, std::string_view name, TypeRef type, std::string_view description) {
      FieldDef& f = s_.fields[id];
      f.name = name;
      f.type = type;
      f.owner = kNone;
      f.description = description;
    };
    meta(s_.typename_field, "__typename", TypeRef{kStringType, 0, 1}, kTypenameDescription);
    meta(s_.schema_field, "__schema", TypeRef{schema_type, 0, 1}, kSchemaDescription);
    meta(s_.type_field, "__type", TypeRef{type_type, 0, 0}, kTypeDescription);
    InputValue name_arg;
    name_arg.name = "name";
    name_arg.type = TypeRef{kStringType, 0, 1};
    field_args_[s_.type_field].push_back(name_arg);
  }

  void find_roots(const ast::Document& document) {
    const auto& defs = document.definitions;
    for (size_t i = 0; i < defs.size(); ++i) {
      if (defs[i]->kind != DefinitionKind::kSchema) continue;
      if (check_.disposition[i] != Disposition::kKeep) continue;
      const auto& sd = ast::as<ast::SchemaDefinition>(*defs[i]);
      if (sd.extension) {
        s_.schema_extensions.push_back(&sd);
      } else if (s_.schema_definition == nullptr) {
        s_.schema_definition = &sd;
        s_.schema_description = description_of(sd.description);
      }
    }
    auto take = [&](const ast::SchemaDefinition* sd) {
      for (const ast::OperationTypeDefinition* op : sd->operation_types) {
        s_.roots[static_cast<int>(op->operation)] = type_named(op->type);
      }
    };
    if (s_.schema_definition != nullptr) take(s_.schema_definition);
    for (const ast::SchemaDefinition* sd : s_.schema_extensions) take(sd);
    const std::string_view names[3] = {"Query", "Mutation", "Subscription"};
    if (s_.schema_definition == nullptr) {
      // graphql-js: without a schema definition, the types named Query, Mutation
      // and Subscription are the roots.
      for (int op = 0; op < 3; ++op) {
        TypeId id = s_.type_index.find(NameTable::kNoScope, names[op]);
        if (id != NameTable::kMissing && !s_.types[id].built_in) s_.roots[op] = id;
      }
      return;
    }
    if (s_.options.strict) return;
    // The dialect: StepZen takes the object types named Query, Mutation and
    // Subscription as the roots the schema definition does not name.
    for (int op = 0; op < 3; ++op) {
      if (s_.roots[op] != kNone) continue;
      TypeId id = s_.type_index.find(NameTable::kNoScope, names[op]);
      if (id == NameTable::kMissing || s_.types[id].built_in) continue;
      if (s_.types[id].kind != TypeKind::kObject) continue;
      if (std::find(std::begin(s_.roots), std::end(s_.roots), id) != std::end(s_.roots)) continue;
      s_.roots[op] = id;
      // The message starts with what graphql-js says of the missing root: the
      // schema check's error for Query, validation's for the others.
      std::string_view op_name = ast::operation_type_name(static_cast<ast::OperationType>(op));
      std::string graphqljs =
          op == 0 ? std::string("Query root type must be provided.")
                  : concat({"Schema is not configured to execute ", op_name, " operation."});
      const ast::TypeDefinition* node = s_.type_syntax[id].definition;
      s_.warnings.push_back(schema_diagnostic(
          op == 0 ? kSchemaValidationRule : std::string_view("OperationTypeExistence"),
          concat({graphqljs, " The schema definition names no ", op_name,
                  " root type; took the type ", names[op], " by its name, as StepZen does."}),
          {node != nullptr ? node->name.loc : s_.types[id].loc, s_.schema_definition->loc},
          Severity::kWarning));
    }
  }

  // ------------------------------------------------------------ dialect: inheritance

  void inherit_interface_fields() {
    std::vector<uint8_t> state(s_.types.size(), 0);  // 0 new, 1 in progress, 2 done
    for (TypeId t = 0; t < s_.types.size(); ++t) {
      if (!s_.types[t].built_in) inherit_into(t, state);
    }
  }

  bool has_field(TypeId t, std::string_view name) const {
    for (FieldId f : drafts_[t].fields) {
      if (s_.fields[f].name == name) return true;
    }
    return false;
  }

  // Interfaces first, so that a field an interface inherits passes on.
  void inherit_into(TypeId t, std::vector<uint8_t>& state) {
    TypeKind kind = s_.types[t].kind;
    if (state[t] != 0 || (kind != TypeKind::kObject && kind != TypeKind::kInterface)) return;
    state[t] = 1;
    std::vector<TypeId> interfaces = drafts_[t].interfaces;
    for (TypeId i : interfaces) {
      if (i == kNone || i == t || s_.types[i].kind != TypeKind::kInterface) continue;
      inherit_into(i, state);
      std::vector<FieldId> interface_fields = drafts_[i].fields;
      for (FieldId f : interface_fields) {
        if (!has_field(t, s_.fields[f].name)) inherit_field(t, i, f);
      }
    }
    state[t] = 2;
  }

  void inherit_field(TypeId t, TypeId iface, FieldId source) {
    FieldId id = static_cast<FieldId>(s_.fields.size());
    FieldDef copy = s_.fields[source];
    copy.owner = t;
    s_.fields.push_back(copy);
    s_.field_syntax.push_back(FieldSyntax{s_.field_syntax[source].definition, true});
    field_args_.push_back(field_args_[source]);
    drafts_[t].fields.push_back(id);

    std::vector<ast::Loc> locs;
    if (const ast::FieldDefinition* node = s_.field_syntax[source].definition) {
      locs.push_back(node->loc);
    }
    if (s_.type_syntax[t].definition != nullptr) locs.push_back(s_.type_syntax[t].definition->loc);
    for (const ast::TypeDefinition* ext : s_.type_syntax[t].extensions) locs.push_back(ext->loc);
    std::string_view type_name = s_.types[t].name;
    s_.warnings.push_back(schema_diagnostic(
        kSchemaValidationRule,
        concat({"Interface field ", s_.types[iface].name, ".", copy.name, " expected but ",
                type_name, " does not provide it. ", type_name, " inherits it, as in StepZen."}),
        locs, Severity::kWarning));
  }

  // ------------------------------------------------------------ freezing

  template <class T>
  std::span<const T> keep(const std::vector<T>& items) {
    return s_.arena.copy(std::span<const T>(items));
  }

  void freeze() {
    for (FieldId f = 0; f < s_.fields.size(); ++f) s_.fields[f].arguments = keep(field_args_[f]);
    for (DirectiveId d = 0; d < s_.directives.size(); ++d) {
      s_.directives[d].arguments = keep(directive_args_[d]);
    }
    std::vector<std::vector<TypeId>> possible(s_.types.size());
    for (TypeId t = 0; t < s_.types.size(); ++t) {
      TypeDef& type = s_.types[t];
      const TypeDraft& draft = drafts_[t];
      type.fields = keep(draft.fields);
      type.input_fields = keep(draft.input_fields);
      type.enum_values = keep(draft.enum_values);
      type.interfaces = keep(draft.interfaces);
      type.union_members = keep(draft.members);
      if (type.kind == TypeKind::kObject) {
        possible[t].push_back(t);
        for (TypeId i : draft.interfaces) {
          if (i == kNone || s_.types[i].kind != TypeKind::kInterface) continue;
          if (possible[i].empty() || possible[i].back() != t) possible[i].push_back(t);
        }
      }
    }
    for (TypeId t = 0; t < s_.types.size(); ++t) {
      if (s_.types[t].kind != TypeKind::kUnion) continue;
      for (TypeId m : drafts_[t].members) {
        if (m != kNone && s_.types[m].kind == TypeKind::kObject) possible[t].push_back(m);
      }
      std::sort(possible[t].begin(), possible[t].end());
      possible[t].erase(std::unique(possible[t].begin(), possible[t].end()), possible[t].end());
    }
    for (TypeId t = 0; t < s_.types.size(); ++t) {
      std::sort(possible[t].begin(), possible[t].end());
      possible[t].erase(std::unique(possible[t].begin(), possible[t].end()), possible[t].end());
      s_.types[t].possible_types = keep(possible[t]);
    }
    index_members();
    drop_defaults_that_do_not_coerce();
  }

  // graphql-js reads each default with valueFromAST and keeps none when that
  // fails, so `a: Int! = "x"` is a required argument there. Do the same, so that
  // required(), the @oneOf checks and printing agree with it. The spans point
  // into our own arena and nothing else has seen them yet, hence the casts.
  void drop_defaults_that_do_not_coerce() {
    auto check = [&](std::span<const InputValue> values) {
      for (const InputValue& v : values) {
        if (v.default_value != nullptr && !default_value_coerces(s_, v.type, *v.default_value)) {
          const_cast<InputValue&>(v).default_value = nullptr;
        }
      }
    };
    for (const FieldDef& f : s_.fields) check(f.arguments);
    for (const DirectiveDef& d : s_.directives) check(d.arguments);
    for (const TypeDef& t : s_.types) check(t.input_fields);
  }

  void index_members() {
    size_t count = 0;
    for (const TypeDef& t : s_.types) count += t.input_fields.size() + t.enum_values.size();
    s_.field_index.reserve(s_.fields.size());
    s_.value_index.reserve(count);
    for (const TypeDef& t : s_.types) {
      for (FieldId f : t.fields) s_.field_index.insert(t.id, s_.fields[f].name, f);
      for (uint32_t i = 0; i < t.input_fields.size(); ++i) {
        s_.value_index.insert(t.id, t.input_fields[i].name, i);
      }
      for (uint32_t i = 0; i < t.enum_values.size(); ++i) {
        s_.value_index.insert(t.id, t.enum_values[i].name, i);
      }
    }
    s_.directive_index.reserve(s_.directives.size());
    for (const DirectiveDef& d : s_.directives) {
      s_.directive_index.insert(NameTable::kNoScope, d.name, d.id);
    }
  }

  Schema::Impl& s_;
  const SdlCheck& check_;
  std::vector<TypeDraft> drafts_;
  std::vector<std::vector<InputValue>> field_args_;      // by FieldId
  std::vector<std::vector<InputValue>> directive_args_;  // by DirectiveId
  std::vector<const ast::DirectiveDefinition*> directive_nodes_;
  NameTable by_name_;        // types registered so far
  NameTable directive_ids_;  // directives registered so far
};

}  // namespace

void build_schema(Schema::Impl& s, const ast::Document& prelude, const ast::Document& document,
                  const SdlCheck& check) {
  Builder(s, check).run(prelude, document);
}

}  // namespace gqleval::schema
