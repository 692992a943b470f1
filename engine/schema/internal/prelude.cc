#include "engine/schema/internal/prelude.h"

#include <array>
#include <vector>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"

namespace gqleval::schema {
namespace {

// Printed by graphql-js 16.15.0 (printType for each specified scalar and
// introspection type, printIntrospectionSchema for the directives).
constexpr std::string_view kPrelude =
    "\"\"\"\n"
    "The `String` scalar type represents textual data, represented as UTF-8 "
    "character sequences. The String type is most often used by GraphQL to "
    "represent free-form human-readable text.\n"
    "\"\"\"\n"
    "scalar String\n"
    "\n"
    "\"\"\"\n"
    "The `Int` scalar type represents non-fractional signed whole numeric "
    "values. Int can represent values between -(2^31) and 2^31 - 1.\n"
    "\"\"\"\n"
    "scalar Int\n"
    "\n"
    "\"\"\"\n"
    "The `Float` scalar type represents signed double-precision fractional "
    "values as specified by [IEEE "
    "754](https://en.wikipedia.org/wiki/IEEE_floating_point).\n"
    "\"\"\"\n"
    "scalar Float\n"
    "\n"
    "\"\"\"The `Boolean` scalar type represents `true` or `false`.\"\"\"\n"
    "scalar Boolean\n"
    "\n"
    "\"\"\"\n"
    "The `ID` scalar type represents a unique identifier, often used to refetch "
    "an object or as key for a cache. The ID type appears in a JSON response as "
    "a String; however, it is not intended to be human-readable. When expected "
    "as an input type, any string (such as `\"4\"`) or integer (such as `4`) input "
    "value will be accepted as an ID.\n"
    "\"\"\"\n"
    "scalar ID\n"
    "\n"
    "\"\"\"\n"
    "Directs the executor to include this field or fragment only when the `if` "
    "argument is true.\n"
    "\"\"\"\n"
    "directive @include(\n"
    "  \"\"\"Included when true.\"\"\"\n"
    "  if: Boolean!\n"
    ") on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT\n"
    "\n"
    "\"\"\"\n"
    "Directs the executor to skip this field or fragment when the `if` argument "
    "is true.\n"
    "\"\"\"\n"
    "directive @skip(\n"
    "  \"\"\"Skipped when true.\"\"\"\n"
    "  if: Boolean!\n"
    ") on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT\n"
    "\n"
    "\"\"\"Marks an element of a GraphQL schema as no longer supported.\"\"\"\n"
    "directive @deprecated(\n"
    "  \"\"\"\n"
    "  Explains why this element was deprecated, usually also including a "
    "suggestion for how to access supported similar data. Formatted using the "
    "Markdown syntax, as specified by [CommonMark](https://commonmark.org/).\n"
    "  \"\"\"\n"
    "  reason: String = \"No longer supported\"\n"
    ") on FIELD_DEFINITION | ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION | ENUM_VALUE | "
    "DIRECTIVE_DEFINITION\n"
    "\n"
    "\"\"\"Exposes a URL that specifies the behavior of this scalar.\"\"\"\n"
    "directive @specifiedBy(\n"
    "  \"\"\"The URL that specifies the behavior of this scalar.\"\"\"\n"
    "  url: String!\n"
    ") on SCALAR\n"
    "\n"
    "\"\"\"\n"
    "Indicates exactly one field must be supplied and this field must not be `null`.\n"
    "\"\"\"\n"
    "directive @oneOf on INPUT_OBJECT\n"
    "\n"
    "\"\"\"\n"
    "A GraphQL Schema defines the capabilities of a GraphQL server. It exposes "
    "all available types and directives on the server, as well as the entry "
    "points for query, mutation, and subscription operations.\n"
    "\"\"\"\n"
    "type __Schema {\n"
    "  description: String\n"
    "\n"
    "  \"\"\"A list of all types supported by this server.\"\"\"\n"
    "  types: [__Type!]!\n"
    "\n"
    "  \"\"\"The type that query operations will be rooted at.\"\"\"\n"
    "  queryType: __Type!\n"
    "\n"
    "  \"\"\"\n"
    "  If this server supports mutation, the type that mutation operations will "
    "be rooted at.\n"
    "  \"\"\"\n"
    "  mutationType: __Type\n"
    "\n"
    "  \"\"\"\n"
    "  If this server support subscription, the type that subscription "
    "operations will be rooted at.\n"
    "  \"\"\"\n"
    "  subscriptionType: __Type\n"
    "\n"
    "  \"\"\"A list of all directives supported by this server.\"\"\"\n"
    "  directives(includeDeprecated: Boolean! = false): [__Directive!]!\n"
    "}\n"
    "\n"
    "\"\"\"\n"
    "A Directive provides a way to describe alternate runtime execution and type "
    "validation behavior in a GraphQL document.\n"
    "\n"
    "In some cases, you need to provide options to alter GraphQL's execution "
    "behavior in ways field arguments will not suffice, such as conditionally "
    "including or skipping a field. Directives provide this by describing "
    "additional information to the executor.\n"
    "\"\"\"\n"
    "type __Directive {\n"
    "  name: String!\n"
    "  description: String\n"
    "  isRepeatable: Boolean!\n"
    "  locations: [__DirectiveLocation!]!\n"
    "  args(includeDeprecated: Boolean = false): [__InputValue!]!\n"
    "  isDeprecated: Boolean!\n"
    "  deprecationReason: String\n"
    "}\n"
    "\n"
    "\"\"\"\n"
    "A Directive can be adjacent to many parts of the GraphQL language, a "
    "__DirectiveLocation describes one such possible adjacencies.\n"
    "\"\"\"\n"
    "enum __DirectiveLocation {\n"
    "  \"\"\"Location adjacent to a query operation.\"\"\"\n"
    "  QUERY\n"
    "\n"
    "  \"\"\"Location adjacent to a mutation operation.\"\"\"\n"
    "  MUTATION\n"
    "\n"
    "  \"\"\"Location adjacent to a subscription operation.\"\"\"\n"
    "  SUBSCRIPTION\n"
    "\n"
    "  \"\"\"Location adjacent to a field.\"\"\"\n"
    "  FIELD\n"
    "\n"
    "  \"\"\"Location adjacent to a fragment definition.\"\"\"\n"
    "  FRAGMENT_DEFINITION\n"
    "\n"
    "  \"\"\"Location adjacent to a fragment spread.\"\"\"\n"
    "  FRAGMENT_SPREAD\n"
    "\n"
    "  \"\"\"Location adjacent to an inline fragment.\"\"\"\n"
    "  INLINE_FRAGMENT\n"
    "\n"
    "  \"\"\"Location adjacent to a variable definition.\"\"\"\n"
    "  VARIABLE_DEFINITION\n"
    "\n"
    "  \"\"\"Location adjacent to a schema definition.\"\"\"\n"
    "  SCHEMA\n"
    "\n"
    "  \"\"\"Location adjacent to a scalar definition.\"\"\"\n"
    "  SCALAR\n"
    "\n"
    "  \"\"\"Location adjacent to an object type definition.\"\"\"\n"
    "  OBJECT\n"
    "\n"
    "  \"\"\"Location adjacent to a field definition.\"\"\"\n"
    "  FIELD_DEFINITION\n"
    "\n"
    "  \"\"\"Location adjacent to an argument definition.\"\"\"\n"
    "  ARGUMENT_DEFINITION\n"
    "\n"
    "  \"\"\"Location adjacent to an interface definition.\"\"\"\n"
    "  INTERFACE\n"
    "\n"
    "  \"\"\"Location adjacent to a union definition.\"\"\"\n"
    "  UNION\n"
    "\n"
    "  \"\"\"Location adjacent to an enum definition.\"\"\"\n"
    "  ENUM\n"
    "\n"
    "  \"\"\"Location adjacent to an enum value definition.\"\"\"\n"
    "  ENUM_VALUE\n"
    "\n"
    "  \"\"\"Location adjacent to an input object type definition.\"\"\"\n"
    "  INPUT_OBJECT\n"
    "\n"
    "  \"\"\"Location adjacent to an input object field definition.\"\"\"\n"
    "  INPUT_FIELD_DEFINITION\n"
    "\n"
    "  \"\"\"Location adjacent to a directive definition.\"\"\"\n"
    "  DIRECTIVE_DEFINITION\n"
    "}\n"
    "\n"
    "\"\"\"\n"
    "The fundamental unit of any GraphQL Schema is the type. There are many "
    "kinds of types in GraphQL as represented by the `__TypeKind` enum.\n"
    "\n"
    "Depending on the kind of a type, certain fields describe information about "
    "that type. Scalar types provide no information beyond a name, description "
    "and optional `specifiedByURL`, while Enum types provide their values. "
    "Object and Interface types provide the fields they describe. Abstract "
    "types, Union and Interface, provide the Object types possible at runtime. "
    "List and NonNull types compose other types.\n"
    "\"\"\"\n"
    "type __Type {\n"
    "  kind: __TypeKind!\n"
    "  name: String\n"
    "  description: String\n"
    "  specifiedByURL: String\n"
    "  fields(includeDeprecated: Boolean = false): [__Field!]\n"
    "  interfaces: [__Type!]\n"
    "  possibleTypes: [__Type!]\n"
    "  enumValues(includeDeprecated: Boolean = false): [__EnumValue!]\n"
    "  inputFields(includeDeprecated: Boolean = false): [__InputValue!]\n"
    "  ofType: __Type\n"
    "  isOneOf: Boolean\n"
    "}\n"
    "\n"
    "\"\"\"\n"
    "Object and Interface types are described by a list of Fields, each of which "
    "has a name, potentially a list of arguments, and a return type.\n"
    "\"\"\"\n"
    "type __Field {\n"
    "  name: String!\n"
    "  description: String\n"
    "  args(includeDeprecated: Boolean = false): [__InputValue!]!\n"
    "  type: __Type!\n"
    "  isDeprecated: Boolean!\n"
    "  deprecationReason: String\n"
    "}\n"
    "\n"
    "\"\"\"\n"
    "Arguments provided to Fields or Directives and the input fields of an "
    "InputObject are represented as Input Values which describe their type and "
    "optionally a default value.\n"
    "\"\"\"\n"
    "type __InputValue {\n"
    "  name: String!\n"
    "  description: String\n"
    "  type: __Type!\n"
    "\n"
    "  \"\"\"\n"
    "  A GraphQL-formatted string representing the default value for this input value.\n"
    "  \"\"\"\n"
    "  defaultValue: String\n"
    "  isDeprecated: Boolean!\n"
    "  deprecationReason: String\n"
    "}\n"
    "\n"
    "\"\"\"\n"
    "One possible value for a given Enum. Enum values are unique values, not a "
    "placeholder for a string or numeric value. However an Enum value is "
    "returned in a JSON response as a string.\n"
    "\"\"\"\n"
    "type __EnumValue {\n"
    "  name: String!\n"
    "  description: String\n"
    "  isDeprecated: Boolean!\n"
    "  deprecationReason: String\n"
    "}\n"
    "\n"
    "\"\"\"An enum describing what kind of type a given `__Type` is.\"\"\"\n"
    "enum __TypeKind {\n"
    "  \"\"\"Indicates this type is a scalar.\"\"\"\n"
    "  SCALAR\n"
    "\n"
    "  \"\"\"\n"
    "  Indicates this type is an object. `fields` and `interfaces` are valid fields.\n"
    "  \"\"\"\n"
    "  OBJECT\n"
    "\n"
    "  \"\"\"\n"
    "  Indicates this type is an interface. `fields`, `interfaces`, and "
    "`possibleTypes` are valid fields.\n"
    "  \"\"\"\n"
    "  INTERFACE\n"
    "\n"
    "  \"\"\"Indicates this type is a union. `possibleTypes` is a valid field.\"\"\"\n"
    "  UNION\n"
    "\n"
    "  \"\"\"Indicates this type is an enum. `enumValues` is a valid field.\"\"\"\n"
    "  ENUM\n"
    "\n"
    "  \"\"\"\n"
    "  Indicates this type is an input object. `inputFields` is a valid field.\n"
    "  \"\"\"\n"
    "  INPUT_OBJECT\n"
    "\n"
    "  \"\"\"Indicates this type is a list. `ofType` is a valid field.\"\"\"\n"
    "  LIST\n"
    "\n"
    "  \"\"\"Indicates this type is a non-null. `ofType` is a valid field.\"\"\"\n"
    "  NON_NULL\n"
    "}\n";

constexpr std::array<std::string_view, 4> kStepZenScalars = {"Date", "DateTime", "JSON", "Secret"};

constexpr std::string_view kStepZenDeclarations =
    "type PageInfo {\n"
    "  hasPreviousPage: Boolean!\n"
    "  hasNextPage: Boolean!\n"
    "  startCursor: String\n"
    "  endCursor: String\n"
    "}\n"
    "\n"
    "directive @sort on FIELD\n";

constexpr std::array<std::string_view, 13> kStepZenDirectives = {
    "rest", "dbquery", "graphql", "materializer", "sequence", "connector", "supplies",
    "sdl",  "value",   "inject",  "mock",         "mockfn",   "tool"};

struct ParsedStepZen {
  Arena arena{size_t{4} * 1024};
  Result<const ast::Document*> document;
  std::vector<const ast::DirectiveDefinition*> executable_directives;
  ParsedStepZen() : document(graphql::parse(kStepZenDeclarations, arena)) {
    if (!document.ok()) return;
    for (const ast::Definition* d : (*document)->definitions) {
      if (d->kind == ast::DefinitionKind::kDirective) {
        executable_directives.push_back(&ast::as<ast::DirectiveDefinition>(*d));
      }
    }
  }
};

const ParsedStepZen& parsed_stepzen() {
  static const ParsedStepZen* parsed = new ParsedStepZen();  // never destroyed, as the prelude
  return *parsed;
}

struct ParsedPrelude {
  Arena arena{size_t{32} * 1024};
  Result<const ast::Document*> document;
  ParsedPrelude() : document(graphql::parse(kPrelude, arena)) {}
};

}  // namespace

const Result<const ast::Document*>& prelude_document() {
  // Never destroyed: built schemas point into it.
  static const ParsedPrelude* parsed = new ParsedPrelude();
  return parsed->document;
}

bool is_stepzen_scalar(std::string_view name) {
  for (std::string_view s : kStepZenScalars) {
    if (s == name) return true;
  }
  return false;
}

const Result<const ast::Document*>& stepzen_document() { return parsed_stepzen().document; }

const ast::TypeDefinition* stepzen_type(std::string_view name) {
  const Result<const ast::Document*>& doc = stepzen_document();
  if (!doc.ok()) return nullptr;
  for (const ast::Definition* d : (*doc)->definitions) {
    if (!ast::is_type_definition(d->kind)) continue;
    const auto& td = ast::as<ast::TypeDefinition>(*d);
    if (td.name.value == name) return &td;
  }
  return nullptr;
}

std::span<const ast::DirectiveDefinition* const> stepzen_executable_directives() {
  return parsed_stepzen().executable_directives;
}

bool is_stepzen_directive(std::string_view name) {
  for (std::string_view s : kStepZenDirectives) {
    if (s == name) return true;
  }
  return false;
}

}  // namespace gqleval::schema
