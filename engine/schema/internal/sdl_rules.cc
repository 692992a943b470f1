#include "engine/schema/internal/sdl_rules.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "engine/base/concat.h"
#include "engine/graphql/printer.h"
#include "engine/schema/internal/definition_equal.h"
#include "engine/schema/internal/prelude.h"
#include "engine/schema/internal/schema_diagnostics.h"
#include "engine/schema/schema.h"
#include "engine/schema/suggestions.h"

namespace gqleval::schema {
namespace {

using ast::DefinitionKind;
using ast::List;

template <class V>
using NameMap = std::unordered_map<std::string_view, V>;
using NameSet = std::unordered_set<std::string_view>;
using SeenDirectives = NameMap<const ast::Directive*>;

constexpr uint32_t bit(DirectiveLocation l) { return 1u << static_cast<unsigned>(l); }

DirectiveLocation location_of(DefinitionKind kind) {
  switch (kind) {
    case DefinitionKind::kScalar: return DirectiveLocation::kScalar;
    case DefinitionKind::kObject: return DirectiveLocation::kObject;
    case DefinitionKind::kInterface: return DirectiveLocation::kInterface;
    case DefinitionKind::kUnion: return DirectiveLocation::kUnion;
    case DefinitionKind::kEnum: return DirectiveLocation::kEnum;
    default: return DirectiveLocation::kInputObject;
  }
}

DirectiveLocation location_of(ast::OperationType op) {
  switch (op) {
    case ast::OperationType::kQuery: return DirectiveLocation::kQuery;
    case ast::OperationType::kMutation: return DirectiveLocation::kMutation;
    case ast::OperationType::kSubscription: return DirectiveLocation::kSubscription;
  }
  return DirectiveLocation::kQuery;
}

// The word graphql-js uses in "Cannot extend non-<word> type".
std::string_view kind_word(DefinitionKind kind) {
  switch (kind) {
    case DefinitionKind::kScalar: return "scalar";
    case DefinitionKind::kObject: return "object";
    case DefinitionKind::kInterface: return "interface";
    case DefinitionKind::kUnion: return "union";
    case DefinitionKind::kEnum: return "enum";
    default: return "input object";
  }
}

// What graphql-js knows of a directive while it checks SDL (from the specified
// directives and the document's definitions; a later definition wins).
struct DirectiveInfo {
  uint32_t locations = 0;
  bool repeatable = false;
  std::vector<std::string_view> arguments;
  std::vector<std::pair<std::string_view, std::string>> required;  // name, type as written
};

DirectiveInfo info_of(const ast::DirectiveDefinition& d) {
  DirectiveInfo info;
  info.repeatable = d.repeatable;
  for (const ast::Name* l : d.locations) {
    DirectiveLocation loc;
    if (directive_location_from_name(l->value, &loc)) info.locations |= bit(loc);
  }
  for (const ast::InputValueDefinition* a : d.arguments) {
    info.arguments.push_back(a->name.value);
    if (a->type->kind == ast::TypeKind::kNonNull && a->default_value == nullptr) {
      // keyMap: a later argument of the same name replaces an earlier one in place
      auto same = [&](const auto& r) { return r.first == a->name.value; };
      auto it = std::find_if(info.required.begin(), info.required.end(), same);
      if (it != info.required.end()) {
        it->second = graphql::print(*a->type);
      } else {
        info.required.emplace_back(a->name.value, graphql::print(*a->type));
      }
    }
  }
  return info;
}

// The first message graphql-js would give for an extension written twice.
std::string repeated_extension_message(const ast::TypeDefinition& ext) {
  std::string_view name = ext.name.value;
  if (!ext.fields.empty()) {
    return concat(
        {"Field \"", name, ".", ext.fields[0]->name.value, "\" can only be defined once."});
  }
  if (!ext.input_fields.empty()) {
    return concat(
        {"Field \"", name, ".", ext.input_fields[0]->name.value, "\" can only be defined once."});
  }
  if (!ext.values.empty()) {
    return concat(
        {"Enum value \"", name, ".", ext.values[0]->name.value, "\" can only be defined once."});
  }
  if (!ext.members.empty()) {
    return concat(
        {"Union type ", name, " can only include type ", ext.members[0]->value, " once."});
  }
  return concat({"Type ", name, " can only implement ", ext.interfaces[0]->value, " once."});
}

// The names written more than once in a list of arguments, in order of first
// appearance, each with the locations of all its occurrences (graphql-js's
// groupBy). Quadratic, but argument lists are short, and nothing is allocated
// unless a name repeats.
template <class Item>
std::vector<std::pair<std::string_view, std::vector<ast::Loc>>> repeated_names(List<Item> items) {
  std::vector<std::pair<std::string_view, std::vector<ast::Loc>>> out;
  for (size_t i = 0; i < items.size(); ++i) {
    const ast::Name& name = items[i]->name;
    bool seen_before = false;
    for (size_t j = 0; j < i && !seen_before; ++j) seen_before = items[j]->name.value == name.value;
    if (seen_before) continue;
    std::vector<ast::Loc> locs;
    for (size_t j = i + 1; j < items.size(); ++j) {
      if (items[j]->name.value != name.value) continue;
      if (locs.empty()) locs.push_back(name.loc);
      locs.push_back(items[j]->name.loc);
    }
    if (!locs.empty()) out.emplace_back(name.value, std::move(locs));
  }
  return out;
}

class SdlChecker {
 public:
  SdlChecker(const ast::Document& document, const ast::Document& prelude, bool strict)
      : doc_(document), strict_(strict) {
    out_.disposition.assign(doc_.definitions.size(), Disposition::kKeep);
    read_prelude(prelude);
    read_document();
  }

  SdlCheck run() {
    for (size_t i = 0; i < doc_.definitions.size(); ++i) walk_definition(*doc_.definitions[i], i);
    if (first_stepzen_directive_ != nullptr) declare_stepzen_executable_directives();
    return std::move(out_);
  }

 private:
  // ------------------------------------------------------------ setup

  void read_prelude(const ast::Document& prelude) {
    for (const ast::Definition* d : prelude.definitions) {
      if (ast::is_type_definition(d->kind)) {
        std::string_view name = ast::as<ast::TypeDefinition>(*d).name.value;
        standard_types_.push_back(name);
        standard_set_.insert(name);
      } else if (d->kind == DefinitionKind::kDirective) {
        const auto& dd = ast::as<ast::DirectiveDefinition>(*d);
        directives_[dd.name.value] = info_of(dd);
      }
    }
  }

  void read_document() {
    bool has_schema_definition = false;
    bool root_named[3] = {false, false, false};
    for (const ast::Definition* d : doc_.definitions) {
      if (ast::is_type_definition(d->kind)) {
        const auto& td = ast::as<ast::TypeDefinition>(*d);
        if (d->extension) continue;
        if (defined_set_.insert(td.name.value).second) defined_types_.push_back(td.name.value);
        last_definition_[td.name.value] = &td;
      } else if (d->kind == DefinitionKind::kDirective) {
        const auto& dd = ast::as<ast::DirectiveDefinition>(*d);
        directives_[dd.name.value] = info_of(dd);
      } else if (d->kind == DefinitionKind::kSchema) {
        const auto& sd = ast::as<ast::SchemaDefinition>(*d);
        if (!d->extension) has_schema_definition = true;
        for (const ast::OperationTypeDefinition* op : sd.operation_types) {
          root_names_.insert(op->type.value);
          root_named[static_cast<int>(op->operation)] = true;
        }
      }
    }
    // graphql-js takes the root types by name only when there is no schema
    // definition; the dialect (as StepZen) also for the slots it leaves empty.
    static constexpr std::string_view kRootNames[3] = {"Query", "Mutation", "Subscription"};
    for (int op = 0; op < 3; ++op) {
      if (!has_schema_definition || (!strict_ && !root_named[op]))
        root_names_.insert(kRootNames[op]);
    }
    if (!strict_) promote_lone_extensions();
  }

  // The dialect: the first extension of a type that has no definition (and is
  // not a standard type) defines it.
  void promote_lone_extensions() {
    const auto& defs = doc_.definitions;
    for (size_t i = 0; i < defs.size(); ++i) {
      const ast::Definition& d = *defs[i];
      if (!ast::is_type_definition(d.kind) || !d.extension) continue;
      const auto& td = ast::as<ast::TypeDefinition>(d);
      std::string_view name = td.name.value;
      if (defined_set_.contains(name) || standard_set_.contains(name)) continue;
      defined_set_.insert(name);
      defined_types_.push_back(name);
      last_definition_[name] = &td;
      out_.disposition[i] = Disposition::kDefinition;
    }
  }

  // ------------------------------------------------------------ reporting

  void error(std::string_view rule, std::string message, const std::vector<ast::Loc>& locs) {
    out_.errors.push_back(schema_diagnostic(rule, std::move(message), locs));
  }
  void warn(std::string_view rule, std::string message, const std::vector<ast::Loc>& locs) {
    out_.warnings.push_back(schema_diagnostic(rule, std::move(message), locs, Severity::kWarning));
  }
  static ast::Loc at(const ast::Name& n) { return n.loc; }

  // ------------------------------------------------------------ walking

  void walk_definition(const ast::Definition& d, size_t index) {
    if (ast::is_type_definition(d.kind)) {
      const auto& td = ast::as<ast::TypeDefinition>(d);
      if (d.extension) {
        walk_type_extension(td, index);
      } else {
        walk_type_definition(td, index);
      }
      return;
    }
    switch (d.kind) {
      case DefinitionKind::kSchema: walk_schema(ast::as<ast::SchemaDefinition>(d), index); break;
      case DefinitionKind::kDirective:
        walk_directive_definition(ast::as<ast::DirectiveDefinition>(d), index);
        break;
      case DefinitionKind::kOperation: walk_operation(ast::as<ast::OperationDefinition>(d)); break;
      case DefinitionKind::kFragment: walk_fragment(ast::as<ast::FragmentDefinition>(d)); break;
      default: break;
    }
  }

  void walk_schema(const ast::SchemaDefinition& sd, size_t index) {
    if (!sd.extension) {
      // LoneSchemaDefinition
      if (first_schema_ != nullptr) {
        if (!strict_ && same_definition(*first_schema_, sd)) {
          drop(index, "LoneSchemaDefinition",
               "Must provide only one schema definition. It is identical to the first one; "
               "merged them.",
               {first_schema_->loc, sd.loc});
          return;
        }
        error("LoneSchemaDefinition", "Must provide only one schema definition.", {sd.loc});
      } else {
        first_schema_ = &sd;
      }
    } else if (drop_repeated_schema_extension(sd, index)) {
      return;
    }
    // UniqueOperationTypes
    for (const ast::OperationTypeDefinition* op : sd.operation_types) {
      const ast::OperationTypeDefinition*& seen = operation_types_[static_cast<int>(op->operation)];
      if (seen != nullptr) {
        error("UniqueOperationTypes",
              concat({"There can be only one ", ast::operation_type_name(op->operation),
                      " type in schema."}),
              {seen->loc, op->loc});
      } else {
        seen = op;
      }
    }
    unique_directives_per_location(sd.directives, schema_directives_);
    walk_directives(sd.directives, DirectiveLocation::kSchema, true);
    for (const ast::OperationTypeDefinition* op : sd.operation_types) known_type(op->type, true);
  }

  bool drop_repeated_schema_extension(const ast::SchemaDefinition& sd, size_t index) {
    if (strict_ || sd.operation_types.empty()) return false;
    for (const ast::SchemaDefinition* prev : schema_extensions_) {
      if (!same_definition(*prev, sd)) continue;
      const ast::OperationTypeDefinition* op = sd.operation_types[0];
      drop(index, "UniqueOperationTypes",
           concat({"There can be only one ", ast::operation_type_name(op->operation),
                   " type in schema. The schema extension repeats an identical one; merged them."}),
           {prev->operation_types[0]->loc, op->loc});
      return true;
    }
    schema_extensions_.push_back(&sd);
    return false;
  }

  void walk_type_definition(const ast::TypeDefinition& td, size_t index) {
    std::string_view name = td.name.value;
    // UniqueTypeNames, and the dialect's merges of repeated definitions.
    auto known = known_type_names_.find(name);
    if (known != known_type_names_.end()) {
      const ast::TypeDefinition& first = *known->second;
      std::string message = concat({"There can be only one type named ", quoted(name), "."});
      if (!strict_ && same_definition(first, td)) {
        drop(index, "UniqueTypeNames",
             concat({message, " The definitions are identical; merged them."}),
             {at(first.name), at(td.name)});
        return;
      }
      if (!strict_ && can_merge_root_type(first, td)) {
        out_.disposition[index] = Disposition::kMergeAsExtension;
        warn("UniqueTypeNames",
             concat(
                 {message, " Merged the definitions, whose fields do not clash, as StepZen does."}),
             {at(first.name), at(td.name)});
      } else {
        error("UniqueTypeNames", std::move(message), {at(first.name), at(td.name)});
      }
    } else {
      known_type_names_[name] = &td;
    }
    check_type_members(td);
    SeenDirectives& seen = type_directives_[name];
    unique_directives_per_location(td.directives, seen);
    walk_type_children(td);
  }

  void walk_type_extension(const ast::TypeDefinition& td, size_t index) {
    if (td.empty_body.line != 0) {
      // Only a non-strict build parses these (ParseOptions::empty_extension_body).
      warn("Syntax",
           "Syntax Error: Expected Name, found \"}\". The extension only adds directives; "
           "ignored its empty field list, as StepZen does.",
           {td.empty_body});
    }
    if (drop_repeated_extension(td, index)) return;
    check_type_members(td);
    unique_directives_per_location(td.directives, type_directives_[td.name.value]);
    if (out_.disposition[index] == Disposition::kDefinition) {
      warn("PossibleTypeExtensions",
           concat({"Cannot extend type ", quoted(td.name.value),
                   " because it is not defined. Took the extension as its definition, as StepZen "
                   "does."}),
           {at(td.name)});
    } else {
      possible_type_extension(td);
    }
    walk_type_children(td);
  }

  bool drop_repeated_extension(const ast::TypeDefinition& td, size_t index) {
    if (strict_) return false;
    if (td.fields.empty() && td.input_fields.empty() && td.values.empty() && td.members.empty() &&
        td.interfaces.empty()) {
      return false;  // only directives: graphql-js may not even object
    }
    std::vector<const ast::TypeDefinition*>& previous = extensions_[td.name.value];
    for (const ast::TypeDefinition* prev : previous) {
      if (!same_definition(*prev, td)) continue;
      drop(index, rule_of_repeated_extension(td),
           concat({repeated_extension_message(td),
                   " The extension repeats an identical one; merged them."}),
           {prev->loc, td.loc});
      return true;
    }
    previous.push_back(&td);
    return false;
  }

  static std::string_view rule_of_repeated_extension(const ast::TypeDefinition& td) {
    if (!td.fields.empty() || !td.input_fields.empty()) return "UniqueFieldDefinitionNames";
    if (!td.values.empty()) return "UniqueEnumValueNames";
    return kSchemaValidationRule;
  }

  // A repeated root type definition can be merged when no field is defined twice.
  bool can_merge_root_type(const ast::TypeDefinition& first, const ast::TypeDefinition& td) {
    if (first.kind != DefinitionKind::kObject || td.kind != DefinitionKind::kObject) return false;
    if (!root_names_.contains(td.name.value)) return false;
    const NameMap<const void*>& seen = member_nodes_[kFieldMembers][td.name.value];
    NameSet own;
    for (const ast::FieldDefinition* f : td.fields) {
      if (!own.insert(f->name.value).second) return false;
      auto it = seen.find(f->name.value);
      if (it == seen.end()) continue;
      // A field the same but for its directives is merged (check_type_members
      // warns); another one clashes.
      if (!same_field_but_directives(*static_cast<const ast::FieldDefinition*>(it->second), *f)) {
        return false;
      }
    }
    return true;
  }

  void drop(size_t index, std::string_view rule, std::string message,
            const std::vector<ast::Loc>& locs) {
    out_.disposition[index] = Disposition::kDrop;
    warn(rule, std::move(message), locs);
  }

  // UniqueEnumValueNames, UniqueFieldDefinitionNames, UniqueArgumentDefinitionNames.
  void check_type_members(const ast::TypeDefinition& td) {
    std::string_view type_name = td.name.value;
    // A name defined as two kinds of type (an error reported elsewhere) keeps
    // one table per kind of member, so a member is only compared with its own kind.
    const size_t members = td.kind == DefinitionKind::kEnum          ? kEnumMembers
                           : td.kind == DefinitionKind::kInputObject ? kInputMembers
                                                                     : kFieldMembers;
    NameMap<const void*>& nodes = member_nodes_[members][type_name];
    NameSet own;  // names in this definition: a repetition within it stays an error
    if (td.kind == DefinitionKind::kEnum) {
      NameMap<const ast::Name*>& seen = enum_values_[td.name.value];
      for (const ast::EnumValueDefinition* v : td.values) {
        auto [it, fresh] = seen.emplace(v->name.value, &v->name);
        bool first_here = own.insert(v->name.value).second;
        if (!fresh && first_here && drop_identical_member(nodes, *v, "Enum value", type_name)) {
          continue;
        }
        nodes.emplace(v->name.value, v);
        if (!fresh) {
          error("UniqueEnumValueNames",
                concat({"Enum value \"", type_name, ".", v->name.value,
                        "\" can only be defined once."}),
                {it->second->loc, v->name.loc});
        }
      }
    }
    if (td.kind == DefinitionKind::kObject || td.kind == DefinitionKind::kInterface ||
        td.kind == DefinitionKind::kInputObject) {
      NameMap<const ast::Name*>& seen = field_names_[td.name.value];
      auto check = [&](const auto& field) {
        auto [it, fresh] = seen.emplace(field.name.value, &field.name);
        bool first_here = own.insert(field.name.value).second;
        if (!fresh && first_here &&
            (drop_identical_member(nodes, field, "Field", type_name) ||
             merge_field_directives(nodes, field, type_name))) {
          return;
        }
        nodes.emplace(field.name.value, &field);
        if (!fresh) {
          error("UniqueFieldDefinitionNames",
                concat(
                    {"Field \"", type_name, ".", field.name.value, "\" can only be defined once."}),
                {it->second->loc, field.name.loc});
        }
      };
      for (const ast::FieldDefinition* f : td.fields) check(*f);
      for (const ast::InputValueDefinition* f : td.input_fields) check(*f);
    }
    if (td.kind == DefinitionKind::kObject || td.kind == DefinitionKind::kInterface) {
      for (const ast::FieldDefinition* f : td.fields) {
        // A repetition merged for its directives has the arguments checked first.
        if (out_.dropped_members.contains(f) || out_.repeated_fields.contains(f)) continue;
        unique_argument_definitions(
            [&] {
              return concat({type_name, ".", f->name.value});
            },
            f->arguments);
      }
    }
  }

  // The dialect: a field, input field or enum value that repeats an identical
  // one of an earlier definition or extension of its type is dropped with
  // a warning. False when there is no earlier one of that name that is identical
  // (or in strict mode): then the caller reports graphql-js's error.
  template <class Member>
  bool drop_identical_member(const NameMap<const void*>& nodes, const Member& member,
                             std::string_view what, std::string_view type_name) {
    if (strict_) return false;
    auto it = nodes.find(member.name.value);
    if (it == nodes.end()) return false;
    const auto& first = current(*static_cast<const Member*>(it->second));
    if (!same_member(first, member)) return false;
    out_.dropped_members.insert(&member);
    warn(what == "Field" ? "UniqueFieldDefinitionNames" : "UniqueEnumValueNames",
         concat({what, " \"", type_name, ".", member.name.value,
                 "\" can only be defined once. The definitions are identical; merged them."}),
         {first.name.loc, member.name.loc});
    return true;
  }
  // The dialect: a field repeated in a later definition or extension of its
  // type with the same type, arguments and description but other applied
  // directives is one field that takes the later directives, as StepZen lets
  // an extension override a field (`summary: T @materializer(...)` again with
  // other arguments). The field keeps the place of its first definition.
  // False in strict mode, for input fields, and when anything else differs.
  bool merge_field_directives(const NameMap<const void*>& nodes, const ast::FieldDefinition& field,
                              std::string_view type_name) {
    if (strict_) return false;
    auto it = nodes.find(field.name.value);
    if (it == nodes.end()) return false;
    const auto& first = *static_cast<const ast::FieldDefinition*>(it->second);
    if (!same_field_but_directives(first, field)) return false;
    out_.field_directives[&first] = &field;
    out_.repeated_fields.insert(&field);
    warn("UniqueFieldDefinitionNames",
         concat({"Field \"", type_name, ".", field.name.value,
                 "\" can only be defined once. The definitions differ only in their directives; "
                 "merged them and kept the later one's directives, as StepZen does."}),
         {first.name.loc, field.name.loc});
    return true;
  }
  bool merge_field_directives(const NameMap<const void*>&, const ast::InputValueDefinition&,
                              std::string_view) {
    return false;
  }
  // What a member stands for now: for a field merged for its directives, the
  // repetition whose directives it took, so that a later copy of that one is
  // identical and a later copy of the first one overrides again.
  const ast::FieldDefinition& current(const ast::FieldDefinition& f) const {
    auto it = out_.field_directives.find(&f);
    return it == out_.field_directives.end() ? f : *it->second;
  }
  template <class Member>
  const Member& current(const Member& m) const {
    return m;
  }

  static bool same_member(const ast::FieldDefinition& a, const ast::FieldDefinition& b) {
    return same_field_definition(a, b);
  }
  static bool same_member(const ast::InputValueDefinition& a, const ast::InputValueDefinition& b) {
    return same_input_value_definition(a, b);
  }
  static bool same_member(const ast::EnumValueDefinition& a, const ast::EnumValueDefinition& b) {
    return same_enum_value_definition(a, b);
  }

  // `parent` names the field or directive, only when there is an error to report.
  template <class Parent>
  void unique_argument_definitions(Parent parent, List<ast::InputValueDefinition> arguments) {
    for (const auto& [name, locs] : repeated_names(arguments)) {
      error("UniqueArgumentDefinitionNames",
            concat({"Argument \"", parent(), "(", name, ":)\" can only be defined once."}), locs);
    }
  }

  void possible_type_extension(const ast::TypeDefinition& ext) {
    std::string_view name = ext.name.value;
    auto def = last_definition_.find(name);
    if (def != last_definition_.end()) {
      if (def->second->kind != ext.kind) {
        error("PossibleTypeExtensions",
              concat({"Cannot extend non-", kind_word(ext.kind), " type ", quoted(name), "."}),
              {def->second->loc, ext.loc});
      }
      return;
    }
    std::vector<std::string_view> suggestions = suggestion_list(name, defined_types_);
    error("PossibleTypeExtensions",
          concat({"Cannot extend type ", quoted(name), " because it is not defined.",
                  did_you_mean(suggestions)}),
          {at(ext.name)});
  }

  void walk_type_children(const ast::TypeDefinition& td) {
    for (const ast::Name* i : td.interfaces) known_type(*i, true);
    walk_directives(td.directives, location_of(td.kind), true);
    for (const ast::FieldDefinition* f : td.fields) {
      if (!out_.dropped_members.contains(f)) walk_field_definition(*f);
    }
    for (const ast::Name* m : td.members) known_type(*m, true);
    for (const ast::EnumValueDefinition* v : td.values) {
      if (out_.dropped_members.contains(v)) continue;
      SeenDirectives seen;
      unique_directives_per_location(v->directives, seen);
      walk_directives(v->directives, DirectiveLocation::kEnumValue, true);
    }
    for (const ast::InputValueDefinition* f : td.input_fields) {
      if (!out_.dropped_members.contains(f)) {
        walk_input_value(*f, DirectiveLocation::kInputFieldDefinition);
      }
    }
  }

  void walk_field_definition(const ast::FieldDefinition& f) {
    SeenDirectives seen;
    unique_directives_per_location(f.directives, seen);
    for (const ast::InputValueDefinition* a : f.arguments) {
      walk_input_value(*a, DirectiveLocation::kArgumentDefinition);
    }
    walk_type_ref(*f.type, true);
    walk_directives(f.directives, DirectiveLocation::kFieldDefinition, true);
  }

  void walk_input_value(const ast::InputValueDefinition& v, DirectiveLocation location) {
    SeenDirectives seen;
    unique_directives_per_location(v.directives, seen);
    walk_type_ref(*v.type, true);
    if (v.default_value != nullptr) walk_value(*v.default_value);
    walk_directives(v.directives, location, true);
  }

  void walk_directive_definition(const ast::DirectiveDefinition& dd, size_t index) {
    auto known = directive_names_.find(dd.name.value);
    if (known != directive_names_.end() && !strict_ && same_definition(*known->second, dd)) {
      drop(index, "UniqueDirectiveNames",
           concat({"There can be only one directive named \"@", dd.name.value,
                   "\". The definitions are identical; merged them."}),
           {at(known->second->name), at(dd.name)});
      return;
    }
    unique_argument_definitions([&] { return concat({"@", dd.name.value}); }, dd.arguments);
    if (known != directive_names_.end()) {
      error("UniqueDirectiveNames",
            concat({"There can be only one directive named \"@", dd.name.value, "\"."}),
            {at(known->second->name), at(dd.name)});
    } else {
      directive_names_[dd.name.value] = &dd;
    }
    for (const ast::InputValueDefinition* a : dd.arguments) {
      walk_input_value(*a, DirectiveLocation::kArgumentDefinition);
    }
  }

  // ---- executable definitions: graphql-js's SDL rules visit them too.

  void walk_operation(const ast::OperationDefinition& op) {
    SeenDirectives seen;
    unique_directives_per_location(op.directives, seen);
    for (const ast::VariableDefinition* v : op.variables) {
      SeenDirectives seen_on_variable;
      unique_directives_per_location(v->directives, seen_on_variable);
      walk_type_ref(*v->type, false);
      if (v->default_value != nullptr) walk_value(*v->default_value);
      walk_directives(v->directives, DirectiveLocation::kVariableDefinition, false);
    }
    walk_directives(op.directives, location_of(op.operation), false);
    if (op.selection_set != nullptr) walk_selection_set(*op.selection_set);
  }

  void walk_fragment(const ast::FragmentDefinition& f) {
    SeenDirectives seen;
    unique_directives_per_location(f.directives, seen);
    known_type(f.type_condition, false);
    walk_directives(f.directives, DirectiveLocation::kFragmentDefinition, false);
    if (f.selection_set != nullptr) walk_selection_set(*f.selection_set);
  }

  void walk_selection_set(const ast::SelectionSet& set) {
    for (const ast::Selection* s : set.selections) {
      SeenDirectives seen;
      switch (s->kind) {
        case ast::SelectionKind::kField: {
          const auto& f = ast::as<ast::Field>(*s);
          unique_directives_per_location(f.directives, seen);
          unique_arguments(f.arguments);
          for (const ast::Argument* a : f.arguments) walk_value(*a->value);
          walk_directives(f.directives, DirectiveLocation::kField, false);
          if (f.selection_set != nullptr) walk_selection_set(*f.selection_set);
          break;
        }
        case ast::SelectionKind::kFragmentSpread: {
          const auto& f = ast::as<ast::FragmentSpread>(*s);
          unique_directives_per_location(f.directives, seen);
          walk_directives(f.directives, DirectiveLocation::kFragmentSpread, false);
          break;
        }
        case ast::SelectionKind::kInlineFragment: {
          const auto& f = ast::as<ast::InlineFragment>(*s);
          unique_directives_per_location(f.directives, seen);
          if (!f.type_condition.empty()) known_type(f.type_condition, false);
          walk_directives(f.directives, DirectiveLocation::kInlineFragment, false);
          if (f.selection_set != nullptr) walk_selection_set(*f.selection_set);
          break;
        }
      }
    }
  }

  // ---- shared pieces

  void walk_type_ref(const ast::Type& t, bool sdl) {
    if (t.kind == ast::TypeKind::kNamed) {
      known_type(t.name, sdl);
    } else {
      walk_type_ref(*t.inner, sdl);
    }
  }

  // KnownTypeNames. In SDL the standard types are known; the dialect declares
  // the StepZen scalars on first use.
  void known_type(const ast::Name& name, bool sdl) {
    std::string_view n = name.value;
    if (defined_set_.contains(n)) return;
    if (sdl && standard_set_.contains(n)) return;
    if (sdl && !strict_ && stepzen_type(n) != nullptr) {
      if (declared_scalars_.insert(n).second) {
        out_.dialect_types.push_back(stepzen_type(n));
        warn("KnownTypeNames",
             concat({"Unknown type ", quoted(n), ". Declared it as the StepZen type ", n, "."}),
             {name.loc});
      }
      return;
    }
    if (sdl && !strict_ && is_stepzen_scalar(n)) {
      if (declared_scalars_.insert(n).second) {
        out_.dialect_scalars.push_back(n);
        warn("KnownTypeNames",
             concat({"Unknown type ", quoted(n), ". Declared it as the StepZen scalar ", n, "."}),
             {name.loc});
      }
      return;
    }
    std::vector<std::string_view> options;
    if (sdl) options = standard_types_;
    options.insert(options.end(), defined_types_.begin(), defined_types_.end());
    std::vector<std::string_view> suggestions = suggestion_list(n, options);
    error("KnownTypeNames", concat({"Unknown type ", quoted(n), ".", did_you_mean(suggestions)}),
          {name.loc});
  }

  void walk_directives(List<ast::Directive> directives, DirectiveLocation location, bool sdl) {
    for (const ast::Directive* d : directives) walk_directive(*d, location, sdl);
  }

  void walk_directive(const ast::Directive& d, DirectiveLocation location, bool sdl) {
    std::string at_name = concat({"\"@", d.name.value, "\""});
    auto info = directives_.find(d.name.value);
    // KnownDirectives
    if (info == directives_.end()) {
      if (sdl && !strict_) {
        keep_directive(d, location);
      } else {
        error("KnownDirectives", concat({"Unknown directive ", at_name, "."}), {d.loc});
      }
    } else if ((info->second.locations & bit(location)) == 0) {
      error("KnownDirectives",
            concat({"Directive ", at_name, " may not be used on ",
                    directive_location_name(location), "."}),
            {d.loc});
    }
    // KnownArgumentNames (on directives)
    if (info != directives_.end()) {
      const std::vector<std::string_view>& known = info->second.arguments;
      for (const ast::Argument* a : d.arguments) {
        if (std::find(known.begin(), known.end(), a->name.value) != known.end()) continue;
        error("KnownArgumentNames",
              concat({"Unknown argument ", quoted(a->name.value), " on directive ", at_name, ".",
                      did_you_mean(suggestion_list(a->name.value, known))}),
              {a->loc});
      }
    }
    unique_arguments(d.arguments);
    for (const ast::Argument* a : d.arguments) walk_value(*a->value);
    // ProvidedRequiredArguments (on directives), on leaving the directive
    if (info != directives_.end()) {
      for (const auto& [arg, type] : info->second.required) {
        // The lambda captures a copy: clang 14 cannot capture a structured binding.
        auto provided = [name = arg](const ast::Argument* a) { return a->name.value == name; };
        if (std::any_of(d.arguments.begin(), d.arguments.end(), provided)) continue;
        error("ProvidedRequiredArguments",
              concat({"Directive ", at_name, " argument ", quoted(arg), " of type ", quoted(type),
                      " is required, but it was not provided."}),
              {d.loc});
      }
    }
  }

  // A schema that applies StepZen's directives is served by StepZen, whose
  // requests may use its executable directives: declare those the document
  // does not define, with one warning at the first StepZen directive.
  void declare_stepzen_executable_directives() {
    std::string names;
    for (const ast::DirectiveDefinition* d : stepzen_executable_directives()) {
      if (directives_.contains(d->name.value)) continue;
      out_.dialect_directives.push_back(d);
      names += concat({names.empty() ? "" : ", ", "@", d->name.value});
    }
    if (names.empty()) return;
    warn("KnownDirectives",
         concat({"Unknown directive \"@", first_stepzen_directive_->name.value,
                 "\". The schema is written for StepZen; declared StepZen's executable directives ",
                 names, "."}),
         {first_stepzen_directive_->loc});
  }

  void keep_directive(const ast::Directive& d, DirectiveLocation location) {
    if (first_stepzen_directive_ == nullptr && is_stepzen_directive(d.name.value)) {
      first_stepzen_directive_ = &d;
    }
    auto [it, fresh] = kept_index_.emplace(d.name.value, out_.kept_directives.size());
    if (fresh) {
      out_.kept_directives.push_back(KeptDirective{d.name.value, 0, d.loc});
      warn("KnownDirectives",
           concat({"Unknown directive \"@", d.name.value, "\". Kept it as a server directive."}),
           {d.loc});
    }
    out_.kept_directives[it->second].locations |= bit(location);
  }

  // UniqueDirectivesPerLocation: a non-repeatable directive at most once per
  // element (a type and its extensions count as one element).
  void unique_directives_per_location(List<ast::Directive> directives, SeenDirectives& seen) {
    for (const ast::Directive* d : directives) {
      auto info = directives_.find(d->name.value);
      if (info == directives_.end() || info->second.repeatable) continue;
      auto [it, fresh] = seen.emplace(d->name.value, d);
      if (!fresh) {
        error("UniqueDirectivesPerLocation",
              concat({"The directive \"@", d->name.value,
                      "\" can only be used once at this location."}),
              {it->second->loc, d->loc});
      }
    }
  }

  // UniqueArgumentNames
  void unique_arguments(List<ast::Argument> arguments) {
    for (const auto& [name, locs] : repeated_names(arguments)) {
      error("UniqueArgumentNames",
            concat({"There can be only one argument named ", quoted(name), "."}), locs);
    }
  }

  // UniqueInputFieldNames, in every object value.
  void walk_value(const ast::Value& v) {
    if (v.kind == ast::ValueKind::kList) {
      for (const ast::Value* item : v.list) walk_value(*item);
    } else if (v.kind == ast::ValueKind::kObject) {
      NameMap<const ast::Name*> seen;
      for (const ast::ObjectField* f : v.fields) {
        auto [it, fresh] = seen.emplace(f->name.value, &f->name);
        if (!fresh) {
          error("UniqueInputFieldNames",
                concat({"There can be only one input field named ", quoted(f->name.value), "."}),
                {it->second->loc, f->name.loc});
        }
        walk_value(*f->value);
      }
    }
  }

  const ast::Document& doc_;
  const bool strict_;
  SdlCheck out_;

  std::vector<std::string_view> standard_types_;
  NameSet standard_set_;
  std::vector<std::string_view> defined_types_;  // type definitions, by first appearance
  NameSet defined_set_;
  NameMap<const ast::TypeDefinition*> last_definition_;
  NameMap<DirectiveInfo> directives_;
  NameSet root_names_;

  const ast::SchemaDefinition* first_schema_ = nullptr;
  std::vector<const ast::SchemaDefinition*> schema_extensions_;
  const ast::OperationTypeDefinition* operation_types_[3] = {nullptr, nullptr, nullptr};
  NameMap<const ast::TypeDefinition*> known_type_names_;
  NameMap<NameMap<const ast::Name*>> enum_values_;
  NameMap<NameMap<const ast::Name*>> field_names_;
  // By kind of member and type, the first node of each field (FieldDefinition),
  // input field (InputValueDefinition) or enum value (EnumValueDefinition) name.
  static constexpr size_t kFieldMembers = 0, kInputMembers = 1, kEnumMembers = 2;
  NameMap<NameMap<const void*>> member_nodes_[3];
  NameMap<const ast::DirectiveDefinition*> directive_names_;
  SeenDirectives schema_directives_;
  NameMap<SeenDirectives> type_directives_;
  NameMap<std::vector<const ast::TypeDefinition*>> extensions_;
  NameSet declared_scalars_;  // and StepZen types
  const ast::Directive* first_stepzen_directive_ = nullptr;
  NameMap<size_t> kept_index_;
};

}  // namespace

SdlCheck check_sdl(const ast::Document& document, const ast::Document& prelude, bool strict) {
  return SdlChecker(document, prelude, strict).run();
}

}  // namespace gqleval::schema
