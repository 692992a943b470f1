// Introspection JSON: a schema as a GraphQL server describes itself, in the
// answer to graphql-js's getIntrospectionQuery(). Many public APIs and
// evaluation sets ship their schema this way instead of as SDL. This front end
// reads that JSON as graphql-js 16 buildClientSchema() reads it, by turning it
// into SDL that engine/schema builds, and writes it as graphql-js 16.15
// introspectionFromSchema() does.
//
//   is_introspection_json(text)       is this text introspection JSON?
//   introspection_to_sdl(json, file)  JSON -> SDL text (then schema::Schema::build)
//   schema_to_introspection_json(s)   built Schema -> JSON
//
// Reading. Both shapes are accepted: a server response `{"data": {"__schema":
// ...}}` and the bare `{"__schema": ...}`. The SDL is what graphql-js printSchema
// prints for buildClientSchema's schema: the schema definition when the roots
// do not have the default names (or a type has a default root name without
// being that root, as Schema::print_sdl also does) or the schema has a
// description; the directives that are not built in (with `repeatable` and
// their locations as listed); then every type in the JSON's order, leaving
// out the built-in scalars (String, Int, Float, Boolean, ID), the
// introspection types (__Schema, ...) and the specified directives (include,
// skip, deprecated, specifiedBy, oneOf). Types, fields, arguments, enum values
// and input fields keep their descriptions; `deprecationReason` becomes
// `@deprecated(reason:)` (bare `@deprecated` for "No longer supported"; as in
// buildClientSchema, isDeprecated is not read), `specifiedByURL` becomes
// `@specifiedBy(url:)`, `isOneOf` becomes `@oneOf`, interfaces of interfaces
// and union members (`possibleTypes`) are kept. So building the SDL gives the
// schema buildClientSchema gives, and Schema::print_sdl() of it is graphql-js's
// printSchema(buildClientSchema(json)).
//
// A `defaultValue` is a GraphQL literal in a string; it is parsed (a syntax
// error is an error) and printed back in graphql-js print() form, as written:
// Schema::build then coerces it against the declared type as buildClientSchema
// does (`"3"` for a `[Int]` argument prints `[3]`; a default that does not
// coerce is dropped). A default that holds a variable has no value in
// graphql-js and is left out. A description that is the empty string is
// kept as `""""""` (null or absent is none), as printSchema prints it; like
// printSchema, arguments none of which has a non-empty description print on
// one line, without their empty ones. A directive's deprecation (16.15's
// experimental directive deprecation) is not kept, since graphql-js 16's SDL
// cannot say it.
//
// Errors are values: the rule is "Introspection", the message names the file
// (when file_name is not empty) and the JSON path of the problem, e.g.
//   schema.json: __schema.types[3]: a type without "kind"
//   schema.json: data.__schema.types[5].fields[2].type: unknown type "Foo" (Invalid or
//     incomplete schema. Ensure that a full introspection query is used ...)
// and carries graphql-js's own message where buildClientSchema has one
// ("Introspection result missing interfaces.", "Expected Foo to be a GraphQL
// Object type.", "Names must start with [_a-zA-Z] but "1a" does not.", "a
// NON_NULL without "ofType" (Decorated type deeper than introspection
// query.)", ...), with the path in place of graphql-js's dump of the object.
// The first problem found is reported, with no source location. Text that is
// not JSON, a JSON without `__schema` (a response's first "errors" message is
// quoted), a part that is missing or has the wrong JSON type, a reference to a
// type the list does not hold (built-in scalars included, as in graphql-js), a
// NON_NULL or LIST without `ofType`, a NON_NULL inside a NON_NULL, an input
// type where an output type belongs and the reverse, a name that is not a
// GraphQL name, the same name twice among the types, directives, a type's
// fields, arguments or enum values, an unknown directive location and a
// defaultValue that does not parse are errors; nothing crashes, and type
// references are followed in a loop (simdjson and the GraphQL parser bound the
// nesting of the rest). The checks that need the whole schema (an object
// missing a field of its interface, an empty enum, ...) are Schema::build's,
// on the SDL.
//
// Writing. `{"data":{"__schema":...}}` with, inside "data", exactly the bytes of
// JSON.stringify(introspectionFromSchema(schema)) for graphql-js 16.15.0 with
// default options, when schema is built from Schema::print_sdl() text:
// descriptions, specifiedByURL, isRepeatable, the schema description,
// deprecated arguments and input fields (includeDeprecated: true everywhere),
// isOneOf and directive deprecation (isDeprecated false for every directive),
// in getIntrospectionQuery's field order, types in graphql-js's type-map order
// (the schema's types in definition order, each built-in scalar right after
// the first type that refers to it, then those the directives refer to, then
// the introspection types), type references nested at most 9 `ofType` deep.
// Kept unknown server directives are left out, as print_sdl leaves them out.
//
// Costs: introspection_to_sdl is one simdjson DOM parse plus one pass over the
// types, linear in the JSON; the SDL is about a seventh of the JSON's size. A
// schema of 1 MB of SDL (7.4 MB of JSON, 4,500 types) converts in about 25 ms
// of CPU, and converts and builds in about 55 ms (introspection_benchmark.cc).
// schema_to_introspection_json is linear in the schema (about 20 ms for that
// one). Both allocate freely: they run once per schema, never per row.
#pragma once

#include <string>
#include <string_view>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/schema/schema.h"

namespace gqleval::introspection {

// True when text is a JSON object with a "__schema" member, at the top or
// inside a top-level "data" object (leading whitespace and a UTF-8 byte order
// mark allowed). A cheap look at the first bytes rules out SDL and other JSON
// first; only then is the text parsed. Not a promise that the JSON is
// complete: introspection_to_sdl says what is wrong with it.
bool is_introspection_json(std::string_view text);

// The SDL of the schema that the introspection JSON describes (see above), or
// the first problem found. file_name is put before each message ("" for none).
Result<std::string, Diagnostics> introspection_to_sdl(std::string_view json,
                                                      std::string_view file_name);

struct IntrospectionJsonOptions {
  // 0: compact, as JSON.stringify(value); n > 0: one member per line indented by
  // n spaces per level, as JSON.stringify(value, null, n).
  int indent = 0;
};

// The introspection JSON of schema, `{"data":{"__schema":...}}` (see above).
std::string schema_to_introspection_json(const schema::Schema& schema,
                                         const IntrospectionJsonOptions& options = {});

}  // namespace gqleval::introspection
