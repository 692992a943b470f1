// Schema: a GraphQL schema built from SDL, with the lookups that validation and
// normalization need on the hot path, all by dense integer ids.
//
// Building accepts the "StepZen dialect" by default, because real benchmark
// schemas are not spec-clean: undeclared StepZen scalars (Date, DateTime, JSON,
// Secret: StepZen's documented set) are declared, identical duplicate definitions
// are merged, an object that implements an interface inherits the interface
// fields it does not repeat, unknown (server) directives on type-system
// definitions are kept, and repeated definitions of a root operation type whose
// fields do not clash are merged (StepZen joins one `type Query` per imported
// file). As StepZen serves projects assembled from several files: with a schema
// definition that names only some roots, the types named Query, Mutation and
// Subscription fill the others; an extension with no definition (`extend type
// Query {...}` alone) is the definition; a field (input field, enum value)
// repeated identically in a type and its extensions is merged, and so is a
// field repeated with only other directives (it takes the later ones, as a
// StepZen extension overrides them); an empty `{}` on an extension that only
// adds directives is ignored (the parser's
// ParseOptions::empty_extension_body); the types StepZen provides (PageInfo)
// are declared on first use, and a schema that applies StepZen's directives
// (@rest, @dbquery, @materializer, @sdl, ...) gets StepZen's executable
// directive @sort for its requests. Each fix is recorded as one warning with
// its location; the message starts with graphql-js's message for the problem.
// With strict = true each fix is an error instead, exactly as graphql-js
// reports it (a root the schema definition leaves out is then no root, as in
// graphql-js, and @sort is unknown). Genuine errors (an
// unknown type no dialect knows, two different definitions of one type, a field
// whose type is not an output type, ...) are errors in both modes.
//
// Errors follow graphql-js 16 buildSchema + validateSchema: the SDL rules first (in
// document order; if any fails, the schema checks do not run), then the schema
// checks, with graphql-js's messages and locations.
//
// A built Schema is immutable and safe to share between threads. It owns copies
// of the SDL it was built from; every string_view below points into it (or into
// the built-in prelude, which lives for the whole program).
//
// Costs: build is linear in the SDL size (a 2 KB schema builds in tens of
// microseconds). Lookups by name are one hash probe into open-addressing tables;
// find_field(type, name) hashes the name once and compares one or two slots.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/graphql/ast.h"

namespace gqleval::schema {

using TypeId = uint32_t;
using FieldId = uint32_t;  // dense over all fields of all object and interface types
using DirectiveId = uint32_t;
inline constexpr uint32_t kNone = UINT32_MAX;

// The built-in scalars have the same ids in every schema, so that hot code can
// test `t == kIntType` instead of comparing names.
inline constexpr TypeId kStringType = 0;
inline constexpr TypeId kIntType = 1;
inline constexpr TypeId kFloatType = 2;
inline constexpr TypeId kBooleanType = 3;
inline constexpr TypeId kIdType = 4;

enum class TypeKind : uint8_t { kScalar, kObject, kInterface, kUnion, kEnum, kInputObject };

// A type expression such as `[Int!]!`, packed: `list_depth` list wrappers around
// the named type; bit i of `non_null` says that wrapper level i is non-null,
// level 0 being the outermost and level list_depth the named type itself.
// `[Int!]!` = {Int, list_depth 1, non_null 0b11}; `Int` = {Int, 0, 0}.
struct TypeRef {
  TypeId named = kNone;
  uint8_t list_depth = 0;
  uint16_t non_null = 0;

  bool is_non_null() const { return (non_null & 1u) != 0; }
  bool is_list() const { return list_depth > 0; }
  // The type one level in: strips NonNull first, then one List.
  TypeRef nullable() const { return {named, list_depth, static_cast<uint16_t>(non_null & ~1u)}; }
  TypeRef item() const;  // precondition: is_list(); the item type of the (nullable) list
  friend bool operator==(const TypeRef&, const TypeRef&) = default;
};

// A description as the SDL wrote it: nullopt when none is written, "" for an
// empty one (`""""""`, which GitLab's schema has). graphql-js keeps the two
// apart: printSchema prints `""""""` and introspection gives "" rather than null.
using Description = std::optional<std::string_view>;

struct InputValue {  // an argument definition or an input-object field
  std::string_view name;
  TypeRef type;
  const ast::Value* default_value = nullptr;  // nullptr when there is none (also when the
                                              // written default does not coerce to the type,
                                              // as graphql-js then keeps none)
  Description description;
  bool deprecated = false;
  std::string_view deprecation_reason;  // set when deprecated
  ast::Loc loc;
  // Non-null and without a default: a caller must provide it.
  bool required() const { return type.is_non_null() && default_value == nullptr; }
};

// The argument or input field `name` in a list of them, nullptr when absent.
const InputValue* find_input_value(std::span<const InputValue> values, std::string_view name);

struct FieldDef {
  std::string_view name;
  TypeRef type;
  TypeId owner = kNone;  // the type that declares (or inherits) it;
                         // kNone for the meta fields __typename, __schema, __type
  std::span<const InputValue> arguments;
  Description description;
  bool deprecated = false;
  std::string_view deprecation_reason;
  ast::Loc loc;
};

struct EnumValue {
  std::string_view name;
  Description description;
  bool deprecated = false;
  std::string_view deprecation_reason;
  ast::Loc loc;
};

struct TypeDef {
  TypeId id = kNone;
  std::string_view name;
  TypeKind kind = TypeKind::kScalar;
  bool built_in = false;          // Int, Float, String, Boolean, ID and the __ introspection types
  bool one_of = false;            // input object marked @oneOf
  bool dialect_declared = false;  // a StepZen scalar or type (PageInfo) that the dialect
                                  // declared (see warnings())
  Description description;
  std::string_view specified_by_url;
  std::span<const FieldId> fields;           // kObject, kInterface: definition, extensions,
                                             // then fields inherited by the dialect
  std::span<const InputValue> input_fields;  // kInputObject: in definition order
  std::span<const EnumValue> enum_values;    // kEnum: in definition order
  std::span<const TypeId> interfaces;        // kObject, kInterface: all, transitively (a valid
                                             // schema declares each one; definition order)
  std::span<const TypeId> possible_types;    // kInterface, kUnion: concrete object types, sorted by
                                             // id; kObject: itself
  std::span<const TypeId> union_members;     // kUnion, in definition order
  ast::Loc loc;
};

// Directive locations as a bit set, in the spec's order.
enum class DirectiveLocation : uint8_t {
  kQuery,
  kMutation,
  kSubscription,
  kField,
  kFragmentDefinition,
  kFragmentSpread,
  kInlineFragment,
  kVariableDefinition,
  kSchema,
  kScalar,
  kObject,
  kFieldDefinition,
  kArgumentDefinition,
  kInterface,
  kUnion,
  kEnum,
  kEnumValue,
  kInputObject,
  kInputFieldDefinition,
  kDirectiveDefinition,  // graphql-js 16.14+; only @deprecated allows it
};
std::string_view directive_location_name(DirectiveLocation l);  // "FIELD", ...
// The location named `name` ("FIELD", ...); false when there is none.
bool directive_location_from_name(std::string_view name, DirectiveLocation* out);

struct DirectiveDef {
  DirectiveId id = kNone;
  std::string_view name;  // without '@'
  Description description;
  std::span<const InputValue> arguments;
  uint32_t locations = 0;  // bit (1u << DirectiveLocation)
  bool repeatable = false;
  bool built_in = false;          // skip, include, deprecated, specifiedBy, oneOf
  bool declared = true;           // false for an unknown directive the dialect kept
  bool dialect_declared = false;  // a StepZen executable directive the dialect declared (@sort)
  ast::Loc loc;
  bool allows(DirectiveLocation l) const { return (locations >> static_cast<unsigned>(l)) & 1u; }
};

struct BuildOptions {
  bool strict = false;  // the dialect fixes become errors
};

class Schema {
 public:
  // Builds a schema from SDL text. On success, warnings() lists the dialect
  // fixes; on failure the diagnostics say what is wrong and where (there may be
  // several). The Schema keeps its own copy of sdl.
  static Result<std::shared_ptr<const Schema>, Diagnostics> build(std::string_view sdl,
                                                                  const BuildOptions& options = {});

  const Diagnostics& warnings() const;

  // ---- types
  size_t type_count() const;
  const TypeDef& type(TypeId id) const;
  TypeId find_type(std::string_view name) const;  // kNone when unknown
  const TypeDef* type_named(std::string_view name) const;

  TypeId query_type() const;  // kNone when absent
  TypeId mutation_type() const;
  TypeId subscription_type() const;
  // Whether t is the query, mutation or subscription type.
  bool is_root_type(TypeId t) const;
  TypeId root_type(ast::OperationType op) const;

  // ---- fields
  size_t field_count() const;
  const FieldDef& field(FieldId id) const;
  // The field `name` on an object or interface type, including the meta fields
  // __typename (on every composite type, unions too) and __schema / __type (on
  // the query root). kNone when there is no such field.
  FieldId find_field(TypeId type, std::string_view name) const;
  const FieldDef* field_named(TypeId type, std::string_view name) const;
  FieldId typename_field() const;  // the shared __typename meta field
  FieldId schema_field() const;    // __schema: __Schema! (query root only)
  FieldId type_field() const;      // __type(name: String!): __Type (query root only)
  // The input field `name` of an input object type, nullptr when there is none.
  const InputValue* input_field_named(TypeId input_type, std::string_view name) const;
  // The value `name` of an enum type, nullptr when there is none.
  const EnumValue* enum_value_named(TypeId enum_type, std::string_view name) const;

  // ---- directives
  // Built-in directives first (include, skip, deprecated, specifiedBy, oneOf), then
  // the schema's own in definition order, then StepZen's executable directives the
  // dialect declared (dialect_declared), then kept unknown ones (declared = false).
  std::span<const DirectiveDef> directives() const;
  const DirectiveDef& directive(DirectiveId id) const;
  const DirectiveDef* directive_named(std::string_view name) const;

  // ---- for printers (print_sdl, introspection); not for the hot path
  // The schema's description (the string before `schema {`), nullopt when none.
  Description description() const;
  // The locations of directive `id` in the order its definition writes them
  // (graphql-js keeps that order; DirectiveDef::locations is a set). A kept
  // unknown directive has none written: its set's locations in spec order.
  std::vector<DirectiveLocation> directive_locations(DirectiveId id) const;
  // The default of an argument or input field as graphql-js prints it (its
  // astFromValue of the coerced value, see print_sdl): "[3]" for `[Int] = 3`;
  // nullopt when it has none. Allocates.
  std::optional<std::string> default_value_text(const InputValue& value) const;

  // ---- type relations
  bool is_input_type(TypeRef t) const;   // scalar, enum, input object (through wrappers)
  bool is_output_type(TypeRef t) const;  // scalar, enum, object, interface, union
  bool is_composite(TypeId t) const;     // object, interface, union
  bool is_abstract(TypeId t) const;      // interface, union
  bool is_leaf(TypeId t) const;          // scalar, enum
  // Concrete object types an abstract type may be (sorted by id); {t} for an object.
  std::span<const TypeId> possible_types(TypeId t) const;
  bool is_possible_type(TypeId abstract_type, TypeId object_type) const;
  // `sub` is a subtype of `super` for named composite types: equal, an
  // implementation of the interface, or a member of the union.
  bool is_sub_type(TypeId super, TypeId sub) const;
  // The spec's IsTypeSubTypeOf / graphql-js isTypeSubTypeOf on full type refs.
  bool is_type_sub_type_of(TypeRef maybe_sub, TypeRef super) const;
  // The spec's "overlap": the two composite types can share an object type.
  bool types_overlap(TypeId a, TypeId b) const;

  // `[Int!]!` as text.
  std::string type_to_string(TypeRef t) const;
  // Converts a type as written, kNone in `named` when the name is unknown (or
  // the lists nest deeper than 15 levels, which a TypeRef cannot hold).
  TypeRef resolve(const ast::Type& t) const;

  // The schema as SDL, graphql-js printSchema style: built-in scalars, built-in
  // directives and introspection types are left out; dialect fixes are applied
  // (declared StepZen scalars and types, inherited fields, merged duplicates);
  // kept server directives and StepZen's executable directives (@sort) are
  // dropped from the output. Defaults print as graphql-js
  // coerces them (`x: Float = 1.0` prints `x: Float = 1`). One deviation: the
  // schema definition is kept when a type has a default root name without being
  // that root (graphql-js 16 drops it; the spec and graphql-js 17 keep it).
  std::string print_sdl() const;

  struct Impl;
  explicit Schema(std::unique_ptr<Impl> impl);
  ~Schema();
  Schema(const Schema&) = delete;
  Schema& operator=(const Schema&) = delete;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace gqleval::schema
