#include "engine/validate/internal/sdl_directives.h"

namespace gqleval::validate {

using schema::DirectiveLocation;

std::vector<SdlDirectiveList> sdl_directive_lists(const ast::Definition& definition) {
  std::vector<SdlDirectiveList> out;
  auto add_arguments = [&](ast::List<ast::InputValueDefinition> args, DirectiveLocation where) {
    for (const ast::InputValueDefinition* a : args)
      out.push_back({a->directives, where, false, {}});
  };
  switch (definition.kind) {
    case ast::DefinitionKind::kOperation:
    case ast::DefinitionKind::kFragment: break;
    case ast::DefinitionKind::kSchema:
      out.push_back({ast::as<ast::SchemaDefinition>(definition).directives,
                     DirectiveLocation::kSchema,
                     true,
                     {}});
      break;
    case ast::DefinitionKind::kDirective:
      add_arguments(ast::as<ast::DirectiveDefinition>(definition).arguments,
                    DirectiveLocation::kArgumentDefinition);
      break;
    default: {
      const auto& t = ast::as<ast::TypeDefinition>(definition);
      DirectiveLocation where = DirectiveLocation::kScalar;
      switch (definition.kind) {
        case ast::DefinitionKind::kObject: where = DirectiveLocation::kObject; break;
        case ast::DefinitionKind::kInterface: where = DirectiveLocation::kInterface; break;
        case ast::DefinitionKind::kUnion: where = DirectiveLocation::kUnion; break;
        case ast::DefinitionKind::kEnum: where = DirectiveLocation::kEnum; break;
        case ast::DefinitionKind::kInputObject: where = DirectiveLocation::kInputObject; break;
        default: break;
      }
      out.push_back({t.directives, where, false, t.name.value});
      for (const ast::FieldDefinition* f : t.fields) {
        add_arguments(f->arguments, DirectiveLocation::kArgumentDefinition);
        out.push_back({f->directives, DirectiveLocation::kFieldDefinition, false, {}});
      }
      for (const ast::EnumValueDefinition* v : t.values) {
        out.push_back({v->directives, DirectiveLocation::kEnumValue, false, {}});
      }
      add_arguments(t.input_fields, DirectiveLocation::kInputFieldDefinition);
      break;
    }
  }
  return out;
}

}  // namespace gqleval::validate
