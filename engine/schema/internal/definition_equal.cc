#include "engine/schema/internal/definition_equal.h"

#include "engine/graphql/ast_equal.h"

namespace gqleval::schema {
namespace {

using graphql::ast_equal;

bool same_optional_value(const ast::Value* a, const ast::Value* b) {
  if (a == nullptr || b == nullptr) return a == b;
  return ast_equal(*a, *b);
}

template <class T, class Eq>
bool same_list(ast::List<T> a, ast::List<T> b, Eq eq) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!eq(*a[i], *b[i])) return false;
  }
  return true;
}

bool same_name(const ast::Name& a, const ast::Name& b) { return a.value == b.value; }

bool same_argument(const ast::Argument& a, const ast::Argument& b) {
  return a.name.value == b.name.value && ast_equal(*a.value, *b.value);
}

bool same_directive(const ast::Directive& a, const ast::Directive& b) {
  return a.name.value == b.name.value && same_list(a.arguments, b.arguments, same_argument);
}

bool same_directives(ast::List<ast::Directive> a, ast::List<ast::Directive> b) {
  return same_list(a, b, same_directive);
}

bool same_input_value(const ast::InputValueDefinition& a, const ast::InputValueDefinition& b) {
  return a.name.value == b.name.value && same_optional_value(a.description, b.description) &&
         ast_equal(*a.type, *b.type) && same_optional_value(a.default_value, b.default_value) &&
         same_directives(a.directives, b.directives);
}

bool same_field_except_directives(const ast::FieldDefinition& a, const ast::FieldDefinition& b) {
  return a.name.value == b.name.value && same_optional_value(a.description, b.description) &&
         same_list(a.arguments, b.arguments, same_input_value) && ast_equal(*a.type, *b.type);
}

bool same_field(const ast::FieldDefinition& a, const ast::FieldDefinition& b) {
  return same_field_except_directives(a, b) && same_directives(a.directives, b.directives);
}

bool same_enum_value(const ast::EnumValueDefinition& a, const ast::EnumValueDefinition& b) {
  return a.name.value == b.name.value && same_optional_value(a.description, b.description) &&
         same_directives(a.directives, b.directives);
}

bool same_operation_type(const ast::OperationTypeDefinition& a,
                         const ast::OperationTypeDefinition& b) {
  return a.operation == b.operation && a.type.value == b.type.value;
}

bool same_type_definition(const ast::TypeDefinition& a, const ast::TypeDefinition& b) {
  return a.name.value == b.name.value && same_optional_value(a.description, b.description) &&
         same_list(a.interfaces, b.interfaces, same_name) &&
         same_directives(a.directives, b.directives) && same_list(a.fields, b.fields, same_field) &&
         same_list(a.members, b.members, same_name) &&
         same_list(a.values, b.values, same_enum_value) &&
         same_list(a.input_fields, b.input_fields, same_input_value);
}

bool same_schema_definition(const ast::SchemaDefinition& a, const ast::SchemaDefinition& b) {
  return same_optional_value(a.description, b.description) &&
         same_directives(a.directives, b.directives) &&
         same_list(a.operation_types, b.operation_types, same_operation_type);
}

bool same_directive_definition(const ast::DirectiveDefinition& a,
                               const ast::DirectiveDefinition& b) {
  return a.name.value == b.name.value && same_optional_value(a.description, b.description) &&
         same_list(a.arguments, b.arguments, same_input_value) && a.repeatable == b.repeatable &&
         same_list(a.locations, b.locations, same_name);
}

}  // namespace

bool same_field_definition(const ast::FieldDefinition& a, const ast::FieldDefinition& b) {
  return same_field(a, b);
}
bool same_field_but_directives(const ast::FieldDefinition& a, const ast::FieldDefinition& b) {
  return same_field_except_directives(a, b);
}
bool same_input_value_definition(const ast::InputValueDefinition& a,
                                 const ast::InputValueDefinition& b) {
  return same_input_value(a, b);
}
bool same_enum_value_definition(const ast::EnumValueDefinition& a,
                                const ast::EnumValueDefinition& b) {
  return same_enum_value(a, b);
}

bool same_definition(const ast::Definition& a, const ast::Definition& b) {
  if (a.kind != b.kind || a.extension != b.extension) return false;
  if (ast::is_type_definition(a.kind)) {
    return same_type_definition(ast::as<ast::TypeDefinition>(a), ast::as<ast::TypeDefinition>(b));
  }
  switch (a.kind) {
    case ast::DefinitionKind::kSchema:
      return same_schema_definition(ast::as<ast::SchemaDefinition>(a),
                                    ast::as<ast::SchemaDefinition>(b));
    case ast::DefinitionKind::kDirective:
      return same_directive_definition(ast::as<ast::DirectiveDefinition>(a),
                                       ast::as<ast::DirectiveDefinition>(b));
    default: return false;  // executable definitions are never merged
  }
}

}  // namespace gqleval::schema
