// A federation subgraph builds with what its server adds to it, as Apollo's
// subgraph specification says: a Federation 2 subgraph (a schema that
// @link's https://specs.apollo.dev/federation/v2.x) or a Federation 1 one
// (types with @key, and no @key declared) gets the federation directives,
// the scalars they take (`FieldSet`, or `_FieldSet` in Federation 1;
// `link__Import`, `link__Purpose`, ...), `_Any`, `type _Service { sdl }`,
// `union _Entity` of the object types with @key, and the root fields
// `Query._service` and `Query._entities(representations:)` (the latter only
// when some type has @key); a subgraph without a Query type gets one with
// just those fields. Only names the document does not define are added.
//
// The additions are SDL text appended after the document, so the positions
// of the document's own lines do not move.
#pragma once

#include <optional>
#include <string>

#include "engine/graphql/ast.h"

namespace gqleval::schema {

// The SDL to append, or nullopt when `doc` is not a subgraph.
std::optional<std::string> subgraph_additions(const ast::Document& doc);

}  // namespace gqleval::schema
