#include "engine/schema/schema.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "engine/graphql/parser.h"
#include "engine/schema/internal/api_schema.h"
#include "engine/schema/internal/default_value.h"
#include "engine/schema/internal/prelude.h"
#include "engine/schema/internal/schema_builder.h"
#include "engine/schema/internal/schema_checks.h"
#include "engine/schema/internal/schema_impl.h"
#include "engine/schema/internal/sdl_rules.h"
#include "engine/schema/internal/subgraph.h"
#include "engine/schema/internal/type_relations.h"

namespace gqleval::schema {

// ---------------------------------------------------------------- small helpers

TypeRef TypeRef::item() const {
  return {named, static_cast<uint8_t>(list_depth - 1), static_cast<uint16_t>(non_null >> 1)};
}

const InputValue* find_input_value(std::span<const InputValue> values, std::string_view name) {
  for (const InputValue& v : values) {
    if (v.name == name) return &v;
  }
  return nullptr;
}

std::string_view directive_location_name(DirectiveLocation l) {
  auto names = ast::directive_location_names();
  auto i = static_cast<size_t>(l);
  return i < names.size() ? names[i] : std::string_view();
}

bool directive_location_from_name(std::string_view name, DirectiveLocation* out) {
  auto names = ast::directive_location_names();
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) {
      *out = static_cast<DirectiveLocation>(i);
      return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------- building

Result<std::shared_ptr<const Schema>, Diagnostics> Schema::build(std::string_view sdl,
                                                                 const BuildOptions& options) {
  const Result<const ast::Document*>& prelude = prelude_document();
  if (!prelude.ok()) return Unexpected{Diagnostics{prelude.error()}};
  auto impl = std::make_unique<Impl>();
  impl->sdl.assign(sdl);
  impl->options = options;
  // The dialect accepts `extend type T @d {}` (sdl_rules warns); strict mode
  // parses exactly as graphql-js.
  graphql::ParseOptions parse_options;
  parse_options.empty_extension_body = !options.strict;
  Result<const ast::Document*> document = graphql::parse(impl->sdl, impl->arena, parse_options);
  if (!document.ok()) return Unexpected{Diagnostics{std::move(document).error()}};
  // A federated supergraph is the API schema its router serves; a subgraph
  // gets what its server adds (the dialect's reading: strict is graphql-js's).
  const ast::Document* doc = *document;
  if (const ast::Document* api = api_schema_of_supergraph(*doc, impl->arena)) {
    doc = api;
  } else if (std::optional<std::string> additions;
             !options.strict && (additions = subgraph_additions(*doc))) {
    impl->sdl += *additions;  // after the document: its own positions stay
    Result<const ast::Document*> with = graphql::parse(impl->sdl, impl->arena, parse_options);
    if (!with.ok()) return Unexpected{Diagnostics{std::move(with).error()}};
    doc = *with;
  }

  SdlCheck check = check_sdl(*doc, **prelude, options.strict);
  if (!check.errors.empty()) return Unexpected{std::move(check.errors)};
  impl->warnings = std::move(check.warnings);
  build_schema(*impl, **prelude, *doc, check);
  Diagnostics errors = check_schema(*impl);
  if (!errors.empty()) return Unexpected{std::move(errors)};
  return std::shared_ptr<const Schema>(std::make_shared<Schema>(std::move(impl)));
}

Schema::Schema(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Schema::~Schema() = default;

const Diagnostics& Schema::warnings() const { return impl_->warnings; }

// ---------------------------------------------------------------- types

size_t Schema::type_count() const { return impl_->types.size(); }
const TypeDef& Schema::type(TypeId id) const { return impl_->types[id]; }

TypeId Schema::find_type(std::string_view name) const {
  return impl_->type_index.find(NameTable::kNoScope, name);
}

const TypeDef* Schema::type_named(std::string_view name) const {
  TypeId id = find_type(name);
  return id == kNone ? nullptr : &impl_->types[id];
}

TypeId Schema::query_type() const { return impl_->roots[0]; }
TypeId Schema::mutation_type() const { return impl_->roots[1]; }
TypeId Schema::subscription_type() const { return impl_->roots[2]; }
TypeId Schema::root_type(ast::OperationType op) const { return impl_->roots[static_cast<int>(op)]; }
bool Schema::is_root_type(TypeId t) const {
  return t != kNone && (t == impl_->roots[0] || t == impl_->roots[1] || t == impl_->roots[2]);
}

// ---------------------------------------------------------------- fields

size_t Schema::field_count() const { return impl_->fields.size(); }
const FieldDef& Schema::field(FieldId id) const { return impl_->fields[id]; }

FieldId Schema::find_field(TypeId type, std::string_view name) const {
  // No schema field may start with "__" (validation rejects it), so that prefix
  // is the meta fields' and the common case is one probe.
  if (name.size() > 1 && name[0] == '_' && name[1] == '_') {
    if (!is_composite(type)) return kNone;
    if (name == "__typename") return impl_->typename_field;
    if (type == impl_->roots[0]) {
      if (name == "__schema") return impl_->schema_field;
      if (name == "__type") return impl_->type_field;
    }
    return kNone;
  }
  return impl_->field_index.find(type, name);
}

const FieldDef* Schema::field_named(TypeId type, std::string_view name) const {
  FieldId id = find_field(type, name);
  return id == kNone ? nullptr : &impl_->fields[id];
}

FieldId Schema::typename_field() const { return impl_->typename_field; }
FieldId Schema::schema_field() const { return impl_->schema_field; }
FieldId Schema::type_field() const { return impl_->type_field; }

const InputValue* Schema::input_field_named(TypeId input_type, std::string_view name) const {
  if (input_type >= impl_->types.size()) return nullptr;
  const TypeDef& t = impl_->types[input_type];
  if (t.kind != TypeKind::kInputObject) return nullptr;
  uint32_t i = impl_->value_index.find(input_type, name);
  return i == NameTable::kMissing ? nullptr : &t.input_fields[i];
}

const EnumValue* Schema::enum_value_named(TypeId enum_type, std::string_view name) const {
  if (enum_type >= impl_->types.size()) return nullptr;
  const TypeDef& t = impl_->types[enum_type];
  if (t.kind != TypeKind::kEnum) return nullptr;
  uint32_t i = impl_->value_index.find(enum_type, name);
  return i == NameTable::kMissing ? nullptr : &t.enum_values[i];
}

// ---------------------------------------------------------------- directives

std::span<const DirectiveDef> Schema::directives() const { return impl_->directives; }
const DirectiveDef& Schema::directive(DirectiveId id) const { return impl_->directives[id]; }

const DirectiveDef* Schema::directive_named(std::string_view name) const {
  DirectiveId id = impl_->directive_index.find(NameTable::kNoScope, name);
  return id == kNone ? nullptr : &impl_->directives[id];
}

// ---------------------------------------------------------------- for printers

Description Schema::description() const { return impl_->schema_description; }

std::vector<DirectiveLocation> Schema::directive_locations(DirectiveId id) const {
  std::vector<DirectiveLocation> out;
  if (const ast::DirectiveDefinition* node = impl_->directive_syntax[id].definition) {
    for (const ast::Name* name : node->locations) {
      DirectiveLocation l;
      if (directive_location_from_name(name->value, &l)) out.push_back(l);
    }
    return out;
  }
  const uint32_t set = impl_->directives[id].locations;
  for (uint32_t l = 0; l < 32; ++l) {
    if ((set >> l) & 1u) out.push_back(static_cast<DirectiveLocation>(l));
  }
  return out;
}

std::optional<std::string> Schema::default_value_text(const InputValue& value) const {
  if (value.default_value == nullptr) return std::nullopt;
  return print_default_value(*impl_, value.type, *value.default_value);
}

// ---------------------------------------------------------------- type relations

bool Schema::is_input_type(TypeRef t) const { return schema::is_input_type(*impl_, t); }
bool Schema::is_output_type(TypeRef t) const { return schema::is_output_type(*impl_, t); }

bool Schema::is_composite(TypeId t) const {
  if (t >= impl_->types.size()) return false;
  TypeKind k = impl_->types[t].kind;
  return k == TypeKind::kObject || k == TypeKind::kInterface || k == TypeKind::kUnion;
}

bool Schema::is_abstract(TypeId t) const {
  return t < impl_->types.size() && is_abstract_kind(impl_->types[t].kind);
}

bool Schema::is_leaf(TypeId t) const {
  if (t >= impl_->types.size()) return false;
  TypeKind k = impl_->types[t].kind;
  return k == TypeKind::kScalar || k == TypeKind::kEnum;
}

std::span<const TypeId> Schema::possible_types(TypeId t) const {
  return t < impl_->types.size() ? impl_->types[t].possible_types : std::span<const TypeId>();
}

bool Schema::is_possible_type(TypeId abstract_type, TypeId object_type) const {
  std::span<const TypeId> possible = possible_types(abstract_type);
  return std::binary_search(possible.begin(), possible.end(), object_type);
}

bool Schema::is_sub_type(TypeId super, TypeId sub) const {
  return schema::is_sub_type(*impl_, super, sub);
}

bool Schema::is_type_sub_type_of(TypeRef maybe_sub, TypeRef super) const {
  return schema::is_type_sub_type_of(*impl_, maybe_sub, super);
}

bool Schema::types_overlap(TypeId a, TypeId b) const { return schema::types_overlap(*impl_, a, b); }

std::string Schema::type_to_string(TypeRef t) const { return type_ref_string(*impl_, t); }

TypeRef Schema::resolve(const ast::Type& t) const { return resolve_type(*impl_, t); }

}  // namespace gqleval::schema
