#include "engine/schema/internal/subgraph.h"

#include <cstdint>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

namespace gqleval::schema {
namespace {

enum class Federation : uint8_t { kNone, kOne, kTwo };

bool has_directive(ast::List<ast::Directive> directives, std::string_view name) {
  for (const ast::Directive* d : directives) {
    if (d->name.value == name) return true;
  }
  return false;
}

Federation federation_of(const ast::Document& doc) {
  bool keyed = false;
  bool key_declared = false;
  for (const ast::Definition* d : doc.definitions) {
    if (d->kind == ast::DefinitionKind::kSchema) {
      for (const ast::Directive* dir : ast::as<ast::SchemaDefinition>(*d).directives) {
        if (dir->name.value != "link") continue;
        for (const ast::Argument* a : dir->arguments) {
          if (a->name.value == "url" && a->value->kind == ast::ValueKind::kString &&
              a->value->text.find("specs.apollo.dev/federation/") != std::string_view::npos) {
            return Federation::kTwo;
          }
        }
      }
    } else if (d->kind == ast::DefinitionKind::kDirective) {
      key_declared = key_declared || ast::as<ast::DirectiveDefinition>(*d).name.value == "key";
    } else if (d->kind == ast::DefinitionKind::kObject ||
               d->kind == ast::DefinitionKind::kInterface) {
      keyed = keyed || has_directive(ast::as<ast::TypeDefinition>(*d).directives, "key");
    }
  }
  return keyed && !key_declared ? Federation::kOne : Federation::kNone;
}

struct Addition {
  std::string_view name;  // a type name, or a directive's name with '@'
  std::string_view sdl;
  bool federation_two_only = false;
};

// The subgraph specification's definitions (Federation 2.9; Federation 1
// takes the ones it had, with _FieldSet).
constexpr Addition kAdditions[] = {
    {"_Any", "scalar _Any"},
    {"FieldSet", "scalar FieldSet", true},
    {"link__Import", "scalar link__Import", true},
    {"federation__ContextFieldValue", "scalar federation__ContextFieldValue", true},
    {"federation__Scope", "scalar federation__Scope", true},
    {"federation__Policy", "scalar federation__Policy", true},
    {"link__Purpose", "enum link__Purpose {\n  SECURITY\n  EXECUTION\n}", true},
    {"@link",
     "directive @link(url: String!, as: String, for: link__Purpose, import: [link__Import]) "
     "repeatable on SCHEMA",
     true},
    {"@key",
     "directive @key(fields: FieldSet!, resolvable: Boolean = true) repeatable on OBJECT | "
     "INTERFACE",
     true},
    {"@requires", "directive @requires(fields: FieldSet!) on FIELD_DEFINITION", true},
    {"@provides", "directive @provides(fields: FieldSet!) on FIELD_DEFINITION", true},
    {"@external", "directive @external(reason: String) on OBJECT | FIELD_DEFINITION", true},
    {"@shareable", "directive @shareable repeatable on OBJECT | FIELD_DEFINITION", true},
    {"@extends", "directive @extends on OBJECT | INTERFACE"},
    {"@override", "directive @override(from: String!, label: String) on FIELD_DEFINITION", true},
    {"@inaccessible",
     "directive @inaccessible on FIELD_DEFINITION | OBJECT | INTERFACE | UNION | "
     "ARGUMENT_DEFINITION | SCALAR | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION",
     true},
    {"@tag",
     "directive @tag(name: String!) repeatable on FIELD_DEFINITION | OBJECT | INTERFACE | UNION "
     "| ARGUMENT_DEFINITION | SCALAR | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION "
     "| SCHEMA",
     true},
    {"@composeDirective", "directive @composeDirective(name: String!) repeatable on SCHEMA", true},
    {"@interfaceObject", "directive @interfaceObject on OBJECT", true},
    {"@authenticated",
     "directive @authenticated on FIELD_DEFINITION | OBJECT | INTERFACE | SCALAR | ENUM", true},
    {"@requiresScopes",
     "directive @requiresScopes(scopes: [[federation__Scope!]!]!) on FIELD_DEFINITION | OBJECT | "
     "INTERFACE | SCALAR | ENUM",
     true},
    {"@policy",
     "directive @policy(policies: [[federation__Policy!]!]!) on FIELD_DEFINITION | OBJECT | "
     "INTERFACE | SCALAR | ENUM",
     true},
    {"@context", "directive @context(name: String!) repeatable on INTERFACE | OBJECT | UNION",
     true},
    {"@fromContext",
     "directive @fromContext(field: federation__ContextFieldValue) on ARGUMENT_DEFINITION", true},
};

// Federation 1's directives, where they differ from Federation 2's.
constexpr Addition kFederationOne[] = {
    {"_FieldSet", "scalar _FieldSet"},
    {"@key", "directive @key(fields: _FieldSet!) repeatable on OBJECT | INTERFACE"},
    {"@requires", "directive @requires(fields: _FieldSet!) on FIELD_DEFINITION"},
    {"@provides", "directive @provides(fields: _FieldSet!) on FIELD_DEFINITION"},
    {"@external", "directive @external on FIELD_DEFINITION"},
};

}  // namespace

std::optional<std::string> subgraph_additions(const ast::Document& doc) {
  const Federation federation = federation_of(doc);
  if (federation == Federation::kNone) return std::nullopt;
  std::set<std::string> defined;
  std::vector<std::string_view> entities;
  bool has_query = false;
  std::string_view query_name = "Query";
  for (const ast::Definition* d : doc.definitions) {
    if (d->kind == ast::DefinitionKind::kSchema) {
      for (const ast::OperationTypeDefinition* o :
           ast::as<ast::SchemaDefinition>(*d).operation_types) {
        if (o->operation == ast::OperationType::kQuery) query_name = o->type.value;
      }
    } else if (d->kind == ast::DefinitionKind::kDirective) {
      std::string name = "@";
      name += ast::as<ast::DirectiveDefinition>(*d).name.value;
      defined.insert(std::move(name));
    } else if (ast::is_type_definition(d->kind)) {
      const auto& t = ast::as<ast::TypeDefinition>(*d);
      defined.insert(std::string(t.name.value));
      if (d->kind == ast::DefinitionKind::kObject && has_directive(t.directives, "key")) {
        bool listed = false;
        for (std::string_view e : entities) listed = listed || e == t.name.value;
        if (!listed) entities.push_back(t.name.value);
      }
    }
  }
  for (const ast::Definition* d : doc.definitions) {
    if (d->kind == ast::DefinitionKind::kObject &&
        ast::as<ast::TypeDefinition>(*d).name.value == query_name) {
      has_query = true;
    }
  }

  std::string out = "\n";
  auto add = [&](const Addition& a) {
    if (defined.contains(std::string(a.name))) return;
    defined.insert(std::string(a.name));
    out.append(a.sdl).append("\n\n");
  };
  if (federation == Federation::kOne) {
    for (const Addition& a : kFederationOne) add(a);
  }
  for (const Addition& a : kAdditions) {
    if (federation == Federation::kTwo || !a.federation_two_only) add(a);
  }
  const bool service_defined = defined.contains("_Service");
  if (!service_defined) {
    out += federation == Federation::kTwo ? "type _Service {\n  sdl: String!\n}\n\n"
                                          : "type _Service {\n  sdl: String\n}\n\n";
  }
  const bool entities_defined = defined.contains("_Entity");
  if (!entities.empty() && !entities_defined) {
    out += "union _Entity =";
    for (size_t i = 0; i < entities.size(); ++i) {
      out.append(i == 0 ? " " : " | ").append(entities[i]);
    }
    out += "\n\n";
  }
  out += has_query ? "extend type " : "type ";
  out.append(query_name).append(" {\n  _service: _Service!\n");
  if (!entities.empty()) out += "  _entities(representations: [_Any!]!): [_Entity]!\n";
  out += "}\n";
  return out;
}

}  // namespace gqleval::schema
