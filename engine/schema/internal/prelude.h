// The built-in prelude of every schema: graphql-js 16.15.0's specified scalars
// (String, Int, Float, Boolean, ID, in that order, so their ids are fixed), the
// specified directives (@include, @skip, @deprecated, @specifiedBy, @oneOf) and
// the introspection types (__Schema, __Directive, __DirectiveLocation, __Type,
// __Field, __InputValue, __EnumValue, __TypeKind), as SDL with graphql-js's
// descriptions. graphql-js 16.15.0 is the reference: @oneOf exists since 16.9;
// 16.14 added the deprecation of directive definitions, hence @deprecated's
// DIRECTIVE_DEFINITION location, __Schema.directives(includeDeprecated:) and
// __Directive.isDeprecated / deprecationReason. (Writing `@deprecated` on a
// directive definition needs graphql-js's experimental parser option, which
// this grammar does not follow.) It is parsed once per process, on first use
// (thread-safe), and lives until exit, so schemas may point into it.
//
// Also the dialect's list of StepZen scalars: the custom scalars StepZen documents
// as built in (https://stepzen.com/docs/design-a-graphql-schema/custom-scalars):
// Date, DateTime, JSON and Secret.
#pragma once

#include <span>
#include <string_view>

#include "engine/base/result.h"
#include "engine/graphql/ast.h"

namespace gqleval::schema {

// The parsed prelude; an error only if the parser rejects it (a bug).
const Result<const ast::Document*>& prelude_document();

bool is_stepzen_scalar(std::string_view name);

// The other types and directives StepZen provides to every schema, as SDL,
// parsed once like the prelude (the dialect declares them on demand):
//  - type PageInfo: the page information of StepZen's paginated connections
//    (@rest(pagination:) and @dbquery pagination), which StepZen documents as
//    the GraphQL Cursor Connections Specification's PageInfo
//    (https://www.ibm.com/docs/en/api-connect/graphql/1.1.x?topic=types-input-stepzen-restpagination);
//    its fields are that specification's.
//  - directive @sort on FIELD: StepZen's executable directive that sorts the
//    list a field returns (stepzen-dev/snippets reshape/fields), without
//    arguments.
const Result<const ast::Document*>& stepzen_document();
// The StepZen type named `name` (PageInfo), nullptr when StepZen provides none.
const ast::TypeDefinition* stepzen_type(std::string_view name);
// StepZen's executable directives (@sort), declared for a schema that applies
// one of StepZen's type-system directives (is_stepzen_directive).
std::span<const ast::DirectiveDefinition* const> stepzen_executable_directives();
// A directive StepZen documents for type-system locations: @rest, @dbquery,
// @graphql, @materializer, @sequence, @connector, @supplies, @sdl, @value,
// @inject, @mock, @mockfn, @tool (kept as server directives; this only marks a
// schema as written for StepZen).
bool is_stepzen_directive(std::string_view name);

// graphql-js's descriptions of the meta fields.
inline constexpr std::string_view kTypenameDescription =
    "The name of the current Object type at runtime.";
inline constexpr std::string_view kSchemaDescription =
    "Access the current type schema of this server.";
inline constexpr std::string_view kTypeDescription =
    "Request the type information of a single type.";

}  // namespace gqleval::schema
