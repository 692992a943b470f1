// The GraphQL abstract syntax tree, for executable documents and type-system
// documents (October 2021 specification plus the draft additions graphql-js
// 16.15 parses: descriptions on executable definitions, the DIRECTIVE_DEFINITION
// directive location).
//
// Every node lives in an Arena and is trivially destructible; a whole document
// is freed by resetting its arena. Names and raw numbers are string_views into
// the source text; decoded strings (escapes resolved, block strings dedented)
// are views into the arena. Each node carries the 1-based line and column of
// its first token, and its byte offset, so that every later stage can point a
// user at the source.
//
// Lists are spans of pointers (List<T>); a missing optional node is nullptr,
// a missing optional name has an empty value.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "engine/base/diagnostic.h"

namespace gqleval::ast {

struct Loc {
  uint32_t line = 0;    // 1-based
  uint32_t column = 0;  // 1-based, in UTF-16 code units as graphql-js counts them
  uint32_t offset = 0;  // byte offset of the first token in the source
  SourcePos pos() const { return {line, column}; }
};

template <class T>
using List = std::span<T* const>;

struct Name {
  std::string_view value;  // empty when absent
  Loc loc;
  bool empty() const { return value.empty(); }
};

// ---------------------------------------------------------------- values

enum class ValueKind : uint8_t {
  kVariable,
  kInt,
  kFloat,
  kString,
  kBoolean,
  kNull,
  kEnum,
  kList,
  kObject
};

struct ObjectField;

struct Value {
  ValueKind kind;
  Loc loc;
  // kVariable: the name without '$'; kInt, kFloat: the source text of the number;
  // kString: the decoded value; kEnum: the name. Empty otherwise.
  std::string_view text;
  bool boolean = false;      // kBoolean
  bool block = false;        // kString written as a """block string"""
  List<Value> list;          // kList
  List<ObjectField> fields;  // kObject, in source order
};

struct ObjectField {
  Name name;
  Value* value;
  Loc loc;
};

// ---------------------------------------------------------------- directives, types

struct Argument {
  Name name;
  Value* value;
  Loc loc;
};

struct Directive {
  Name name;  // without '@'
  List<Argument> arguments;
  Loc loc;  // of the '@'
};

enum class TypeKind : uint8_t { kNamed, kList, kNonNull };

// A type reference as written: `[Int!]!` is NonNull(List(NonNull(Named Int))).
struct Type {
  TypeKind kind;
  Name name;    // kNamed
  Type* inner;  // kList, kNonNull
  Loc loc;
};

// ---------------------------------------------------------------- selections

enum class SelectionKind : uint8_t { kField, kFragmentSpread, kInlineFragment };

struct Selection;

struct SelectionSet {
  List<Selection> selections;
  Loc loc;  // of the '{'
};

struct Selection {
  SelectionKind kind;
  Loc loc;
};

struct Field : Selection {
  Name alias;  // empty when no alias
  Name name;
  List<Argument> arguments;
  List<Directive> directives;
  SelectionSet* selection_set;  // nullptr for a leaf
  // A memo of a schema's answer to "which field is `name` on type
  // resolved_on": the first walk that looks the name up (validation's
  // certificate) writes it, later walks (normalization) read it when their
  // schema and type are the same, so each field is looked up by name once.
  // Ids are engine/schema's TypeId and FieldId; resolved_in is the Schema.
  // Mutable: a cache on a parsed document that one thread owns, not content.
  mutable const void* resolved_in = nullptr;
  mutable uint32_t resolved_on = 0;
  mutable uint32_t resolved_field = 0;
  // The key of this field in the response: the alias, else the name.
  std::string_view response_key() const { return alias.empty() ? name.value : alias.value; }
};

struct FragmentSpread : Selection {
  Name name;
  List<Directive> directives;
};

struct InlineFragment : Selection {
  Name type_condition;  // empty when absent
  List<Directive> directives;
  SelectionSet* selection_set;
};

template <class T>
const T& as(const Selection& s) {
  return static_cast<const T&>(s);
}

// ---------------------------------------------------------------- definitions

enum class DefinitionKind : uint8_t {
  kOperation,
  kFragment,
  kSchema,
  kScalar,
  kObject,
  kInterface,
  kUnion,
  kEnum,
  kInputObject,
  kDirective,
};

enum class OperationType : uint8_t { kQuery, kMutation, kSubscription };

struct Definition {
  DefinitionKind kind;
  bool extension = false;  // `extend schema` / `extend type ...`
  Loc loc;
};

// Executable definitions may carry a description (graphql-js 16.15, the
// draft specification): operations other than the `{ ... }` shorthand,
// fragments and variable definitions. It is documentation only: validation
// and comparison ignore it; print() writes it. A node with a description
// starts at it (its loc is the description's), as in graphql-js.
struct VariableDefinition {
  Value* description = nullptr;  // a kString value or nullptr
  Name variable;                 // without '$'
  Type* type;
  Value* default_value;  // nullptr when absent
  List<Directive> directives;
  Loc loc;  // of the description when present, else of the '$'
};

struct OperationDefinition : Definition {
  OperationType operation;
  bool shorthand = false;        // written as a bare selection set `{ ... }`
  Value* description = nullptr;  // never on the shorthand
  Name name;                     // empty when anonymous
  List<VariableDefinition> variables;
  List<Directive> directives;
  SelectionSet* selection_set;
};

struct FragmentDefinition : Definition {
  Value* description = nullptr;
  Name name;
  Name type_condition;
  List<Directive> directives;
  SelectionSet* selection_set;
};

// Argument definitions and input-object fields.
struct InputValueDefinition {
  Value* description;  // a kString value or nullptr
  Name name;
  Type* type;
  Value* default_value;  // nullptr when absent
  List<Directive> directives;
  Loc loc;
};

struct FieldDefinition {
  Value* description;
  Name name;
  List<InputValueDefinition> arguments;
  Type* type;
  List<Directive> directives;
  Loc loc;
};

struct EnumValueDefinition {
  Value* description;
  Name name;
  List<Directive> directives;
  Loc loc;
};

struct OperationTypeDefinition {
  OperationType operation;
  Name type;
  Loc loc;
};

struct SchemaDefinition : Definition {
  Value* description;  // not allowed on extensions
  List<Directive> directives;
  List<OperationTypeDefinition> operation_types;
};

// One struct for the six type kinds and their extensions; the members that a
// kind does not have stay empty.
struct TypeDefinition : Definition {
  Value* description;  // not allowed on extensions
  Name name;
  List<Name> interfaces;  // kObject, kInterface
  List<Directive> directives;
  List<FieldDefinition> fields;             // kObject, kInterface
  List<Name> members;                       // kUnion
  List<EnumValueDefinition> values;         // kEnum
  List<InputValueDefinition> input_fields;  // kInputObject
  // Where the `}` of an empty `{}` body was, on an extension parsed with
  // ParseOptions::empty_extension_body; line 0 when there was none.
  Loc empty_body;
};

struct DirectiveDefinition : Definition {
  Value* description;
  Name name;  // without '@'
  List<InputValueDefinition> arguments;
  bool repeatable = false;
  List<Name> locations;  // e.g. FIELD, FRAGMENT_SPREAD, OBJECT
};

template <class T>
const T& as(const Definition& d) {
  return static_cast<const T&>(d);
}

inline bool is_type_definition(DefinitionKind k) {
  return k >= DefinitionKind::kScalar && k <= DefinitionKind::kInputObject;
}

struct Document {
  std::string_view source;
  List<Definition> definitions;
};

std::string_view operation_type_name(OperationType op);  // "query", "mutation", "subscription"

// The 20 directive location names graphql-js 16.15 knows ("QUERY" ... "INPUT_FIELD_DEFINITION",
// then "DIRECTIVE_DEFINITION"), executable locations first, in the specification's order.
std::span<const std::string_view> directive_location_names();

}  // namespace gqleval::ast
