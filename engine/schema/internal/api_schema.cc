#include "engine/schema/internal/api_schema.h"

#include <string_view>
#include <unordered_set>
#include <vector>

namespace gqleval::schema {
namespace {

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// The directives of the core features that the router strips.
bool is_feature_directive(std::string_view name) {
  return name == "link" || name == "core" || name == "inaccessible" || name == "tag" ||
         starts_with(name, "join__");
}

bool is_feature_type(std::string_view name) {
  return starts_with(name, "join__") || starts_with(name, "link__") || starts_with(name, "core__");
}

bool inaccessible(ast::List<ast::Directive> directives) {
  for (const ast::Directive* d : directives) {
    if (d->name.value == "inaccessible") return true;
  }
  return false;
}

// Whether a schema definition or extension links (or, in Federation 1, cores)
// the join spec.
bool links_join_spec(const ast::Document& doc) {
  for (const ast::Definition* d : doc.definitions) {
    if (d->kind != ast::DefinitionKind::kSchema) continue;
    for (const ast::Directive* dir : ast::as<ast::SchemaDefinition>(*d).directives) {
      if (dir->name.value != "link" && dir->name.value != "core") continue;
      for (const ast::Argument* a : dir->arguments) {
        if ((a->name.value == "url" || a->name.value == "feature") &&
            a->value->kind == ast::ValueKind::kString &&
            a->value->text.find("specs.apollo.dev/join/") != std::string_view::npos) {
          return true;
        }
      }
    }
  }
  return false;
}

const ast::Type* named_of(const ast::Type* t) {
  while (t->kind != ast::TypeKind::kNamed) t = t->inner;
  return t;
}

class Filter {
 public:
  Filter(const ast::Document& doc, Arena& arena) : doc_(doc), arena_(arena) {
    for (const ast::Definition* d : doc.definitions) {
      if (!ast::is_type_definition(d->kind)) continue;
      const auto& t = ast::as<ast::TypeDefinition>(*d);
      if (inaccessible(t.directives) || is_feature_type(t.name.value)) {
        hidden_types_.insert(t.name.value);
      }
    }
  }

  const ast::Document* run() {
    std::vector<const ast::Definition*> kept;
    for (const ast::Definition* d : doc_.definitions) {
      if (const ast::Definition* k = keep(*d)) kept.push_back(k);
    }
    auto* out = arena_.make<ast::Document>();
    out->source = doc_.source;
    out->definitions = list(kept);
    return out;
  }

 private:
  template <class T>
  ast::List<T> list(const std::vector<const T*>& items) {
    std::span<T*> array = arena_.make_array<T*>(items.size());
    for (size_t i = 0; i < items.size(); ++i) array[i] = const_cast<T*>(items[i]);
    return ast::List<T>(array.data(), array.size());
  }

  ast::List<ast::Directive> directives(ast::List<ast::Directive> in) {
    std::vector<const ast::Directive*> out;
    for (const ast::Directive* d : in) {
      if (!is_feature_directive(d->name.value)) out.push_back(d);
    }
    return out.size() == in.size() ? in : list(out);
  }

  bool hidden(const ast::Type* type) const {
    return hidden_types_.contains(named_of(type)->name.value);
  }

  ast::List<ast::InputValueDefinition> inputs(ast::List<ast::InputValueDefinition> in) {
    std::vector<const ast::InputValueDefinition*> out;
    for (const ast::InputValueDefinition* v : in) {
      if (inaccessible(v->directives) || hidden(v->type)) continue;
      auto* copy = arena_.make<ast::InputValueDefinition>(*v);
      copy->directives = directives(v->directives);
      out.push_back(copy);
    }
    return list(out);
  }

  ast::List<ast::Name> names(ast::List<ast::Name> in) {
    std::vector<const ast::Name*> out;
    for (const ast::Name* n : in) {
      if (!hidden_types_.contains(n->value)) out.push_back(n);
    }
    return list(out);
  }

  const ast::Definition* keep(const ast::Definition& d) {
    switch (d.kind) {
      case ast::DefinitionKind::kDirective: {
        const auto& dd = ast::as<ast::DirectiveDefinition>(d);
        return is_feature_directive(dd.name.value) ? nullptr : &d;
      }
      case ast::DefinitionKind::kSchema: {
        auto* s = arena_.make<ast::SchemaDefinition>(ast::as<ast::SchemaDefinition>(d));
        s->directives = directives(s->directives);
        return s;
      }
      case ast::DefinitionKind::kOperation:
      case ast::DefinitionKind::kFragment: return &d;
      default: break;
    }
    const auto& t = ast::as<ast::TypeDefinition>(d);
    if (hidden_types_.contains(t.name.value)) return nullptr;
    auto* copy = arena_.make<ast::TypeDefinition>(t);
    copy->directives = directives(t.directives);
    copy->interfaces = names(t.interfaces);
    copy->members = names(t.members);
    copy->input_fields = inputs(t.input_fields);
    std::vector<const ast::FieldDefinition*> fields;
    for (const ast::FieldDefinition* f : t.fields) {
      if (inaccessible(f->directives) || hidden(f->type)) continue;
      auto* field = arena_.make<ast::FieldDefinition>(*f);
      field->directives = directives(f->directives);
      field->arguments = inputs(f->arguments);
      fields.push_back(field);
    }
    copy->fields = list(fields);
    std::vector<const ast::EnumValueDefinition*> values;
    for (const ast::EnumValueDefinition* v : t.values) {
      if (inaccessible(v->directives)) continue;
      auto* value = arena_.make<ast::EnumValueDefinition>(*v);
      value->directives = directives(v->directives);
      values.push_back(value);
    }
    copy->values = list(values);
    return copy;
  }

  const ast::Document& doc_;
  Arena& arena_;
  std::unordered_set<std::string_view> hidden_types_;
};

}  // namespace

const ast::Document* api_schema_of_supergraph(const ast::Document& doc, Arena& arena) {
  if (!links_join_spec(doc)) return nullptr;
  return Filter(doc, arena).run();
}

}  // namespace gqleval::schema
