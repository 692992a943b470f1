// Schema::Impl: the storage behind a built Schema, shared by the files that
// build, check, query and print it. Not part of the public API.
//
// Element records (TypeDef, FieldDef, DirectiveDef) live in vectors indexed by
// their ids; the spans inside them point into `arena`. Beside each element the
// syntax it came from is kept (graphql-js's astNode and extensionASTNodes), for
// the locations of diagnostics and for printing.
#pragma once

#include <string>
#include <vector>

#include "engine/base/arena.h"
#include "engine/graphql/ast.h"
#include "engine/schema/internal/name_table.h"
#include "engine/schema/schema.h"

namespace gqleval::schema {

struct TypeSyntax {
  const ast::TypeDefinition* definition = nullptr;     // nullptr for a dialect-declared scalar
  std::vector<const ast::TypeDefinition*> extensions;  // in document order
  std::vector<const ast::InputValueDefinition*> input_fields;  // parallel to TypeDef::input_fields
  std::vector<const ast::EnumValueDefinition*> enum_values;    // parallel to TypeDef::enum_values
};

struct FieldSyntax {
  // For an inherited field, the interface field it copies; nullptr for meta fields.
  const ast::FieldDefinition* definition = nullptr;
  bool inherited = false;
};

struct DirectiveSyntax {
  const ast::DirectiveDefinition* definition = nullptr;  // nullptr for a kept unknown directive
};

struct Schema::Impl {
  std::string sdl;  // the owned source text; the user's AST points into it
  Arena arena{size_t{16} * 1024};
  BuildOptions options;
  Diagnostics warnings;

  std::vector<TypeDef> types;
  std::vector<FieldDef> fields;
  std::vector<DirectiveDef> directives;
  std::vector<TypeSyntax> type_syntax;
  std::vector<FieldSyntax> field_syntax;
  std::vector<DirectiveSyntax> directive_syntax;

  const ast::SchemaDefinition* schema_definition = nullptr;
  std::vector<const ast::SchemaDefinition*> schema_extensions;
  Description schema_description;

  TypeId roots[3] = {kNone, kNone, kNone};  // by ast::OperationType
  FieldId typename_field = kNone;
  FieldId schema_field = kNone;
  FieldId type_field = kNone;

  NameTable type_index;       // (kNoScope, type name) -> TypeId
  NameTable field_index;      // (TypeId, field name) -> FieldId, for objects and interfaces
  NameTable value_index;      // (TypeId, name) -> index of an input field or an enum value
  NameTable directive_index;  // (kNoScope, directive name) -> DirectiveId
};

}  // namespace gqleval::schema
