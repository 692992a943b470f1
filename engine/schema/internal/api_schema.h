// A federated supergraph read as the API schema its router serves (Apollo
// Federation 2: a schema that @link's the join spec, or a Federation 1 core
// schema that @core's it). The router never exposes:
//   - elements marked @inaccessible: types, fields, arguments, input fields,
//     enum values (and union members and interfaces that name an
//     inaccessible type);
//   - the types and directives of the core features it was composed with:
//     `join__*`, `link__*`, `core__*` types; the @link, @core, @join__*,
//     @inaccessible and @tag directive definitions, and their applications.
// So a query on an @inaccessible field is refused with graphql-js's
// FieldsOnCorrectType message, as the router refuses it.
//
// The filter works on the parsed document: the nodes kept are the source's
// own (positions stay the file's), in new lists in the arena. Cost: one pass
// over the definitions, only for a document that is a supergraph.
#pragma once

#include "engine/base/arena.h"
#include "engine/graphql/ast.h"

namespace gqleval::schema {

// The API schema's definitions, or null when `doc` is not a supergraph.
const ast::Document* api_schema_of_supergraph(const ast::Document& doc, Arena& arena);

}  // namespace gqleval::schema
