#include "engine/validate/internal/sdl_named_types.h"

namespace gqleval::validate {
namespace {

void add_type(const ast::Type* t, std::vector<const ast::Name*>& out) {
  while (t && t->kind != ast::TypeKind::kNamed) t = t->inner;
  if (t) out.push_back(&t->name);
}

void add_arguments(ast::List<ast::InputValueDefinition> args, std::vector<const ast::Name*>& out) {
  for (const ast::InputValueDefinition* a : args) add_type(a->type, out);
}

}  // namespace

std::vector<const ast::Name*> sdl_named_types(const ast::Definition& definition) {
  std::vector<const ast::Name*> out;
  switch (definition.kind) {
    case ast::DefinitionKind::kOperation:
    case ast::DefinitionKind::kFragment:
    case ast::DefinitionKind::kScalar:
    case ast::DefinitionKind::kEnum: break;
    case ast::DefinitionKind::kSchema:
      for (const ast::OperationTypeDefinition* o :
           ast::as<ast::SchemaDefinition>(definition).operation_types) {
        out.push_back(&o->type);
      }
      break;
    case ast::DefinitionKind::kDirective:
      add_arguments(ast::as<ast::DirectiveDefinition>(definition).arguments, out);
      break;
    case ast::DefinitionKind::kObject:
    case ast::DefinitionKind::kInterface:
    case ast::DefinitionKind::kUnion:
    case ast::DefinitionKind::kInputObject: {
      const auto& t = ast::as<ast::TypeDefinition>(definition);
      for (const ast::Name* i : t.interfaces) out.push_back(i);
      for (const ast::FieldDefinition* f : t.fields) {
        add_arguments(f->arguments, out);
        add_type(f->type, out);
      }
      for (const ast::Name* m : t.members) out.push_back(m);
      add_arguments(t.input_fields, out);
      break;
    }
  }
  return out;
}

}  // namespace gqleval::validate
