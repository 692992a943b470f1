// The SDL validation that graphql-js's buildSchema() runs before it builds
// anything (its specifiedSDLRules: LoneSchemaDefinition, UniqueOperationTypes,
// UniqueTypeNames, UniqueEnumValueNames, UniqueFieldDefinitionNames,
// UniqueArgumentDefinitionNames, UniqueDirectiveNames, KnownTypeNames,
// KnownDirectives, UniqueDirectivesPerLocation, PossibleTypeExtensions,
// KnownArgumentNames on directives, UniqueArgumentNames, UniqueInputFieldNames,
// ProvidedRequiredArguments on directives), walked in graphql-js's visiting
// order so that the errors come out in the same order, with the same messages
// and locations.
//
// Where the StepZen dialect has a fix and `strict` is off, the check records the
// fix instead of an error: a StepZen scalar to declare, a duplicate definition or
// extension to drop (identical) or to merge (a root type whose fields do not
// clash), an identical field, input field or enum value repeated in a type and
// its extensions to drop, a field repeated with only other directives to
// merge (the later directives count), an extension with no definition to take as the
// definition, an empty `{}` on an extension (parsed with
// ParseOptions::empty_extension_body) to ignore, an unknown directive on a
// type-system definition to keep. With a schema definition that names only some
// root types, the types named Mutation and Subscription (Query too) fill the
// slots it leaves empty, as StepZen takes them (so their repeated definitions
// merge like other root types; the builder warns). Each fix yields one warning.
// Definitions and members that are dropped are not checked further, as if they
// had not been written.
#pragma once

#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/graphql/ast.h"

namespace gqleval::schema {

enum class Disposition : uint8_t {
  kKeep,
  kDrop,              // an identical duplicate: ignore it
  kMergeAsExtension,  // a repeated root type definition: treat it as an extension
  kDefinition,        // the first extension of a type with no definition: it defines the type
};

struct KeptDirective {
  std::string_view name;
  uint32_t locations = 0;  // bit set of DirectiveLocation where it is applied
  ast::Loc first_use;
};

struct SdlCheck {
  Diagnostics errors;
  Diagnostics warnings;
  std::vector<Disposition> disposition;           // one per definition of the document
  std::vector<std::string_view> dialect_scalars;  // StepZen scalars to declare, by first use
  std::vector<KeptDirective> kept_directives;     // by first use
  // StepZen types to declare (PageInfo), by first use; nodes of stepzen_document().
  std::vector<const ast::TypeDefinition*> dialect_types;
  // StepZen's executable directives to declare: the schema applies a StepZen
  // directive and defines none of them itself.
  std::vector<const ast::DirectiveDefinition*> dialect_directives;
  // Fields, input fields and enum values that repeat an identical earlier one
  // of the same type: skipped when building.
  std::unordered_set<const void*> dropped_members;
  // A field that a later definition or extension of its type repeats with
  // other directives (and nothing else different) -> the last such
  // repetition, whose directives the one field takes. The repetitions are in
  // `repeated_fields`: checked like any field (their directives too), but
  // not built.
  std::unordered_map<const ast::FieldDefinition*, const ast::FieldDefinition*> field_directives;
  std::unordered_set<const ast::FieldDefinition*> repeated_fields;
};

// `prelude` supplies the standard type names and the specified directives.
SdlCheck check_sdl(const ast::Document& document, const ast::Document& prelude, bool strict);

}  // namespace gqleval::schema
