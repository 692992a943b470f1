// The canonical text of an SDL document: what the schema says, without what
// does not change it. Comments and whitespace go (each definition is printed
// by the graphql-js printer, graphql/printer.h); definitions are put in one
// order (sorted by their printed text) when no name is defined twice, since
// then the schema built from them is the same whatever their order (types,
// directives and extensions are collected by name before they are checked).
// A document that defines a name twice keeps its order: the dialect's
// identical-duplicate fix and its errors depend on which comes first.
//
// Descriptions and directives are kept: they are part of the schema. Two
// texts with the same canonical text build the same schema, except for the
// positions in its errors; so a cache that shares one built schema between
// such texts (batch/schema_cache.h) must report a failed build from each
// text's own source.
//
// Cost: a parse and a print, tens of microseconds for a 2 KB schema; it
// allocates. Meant for a cache miss, not for every row.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gqleval::schema {

// The canonical text, or nullopt when the text does not parse (then it has no
// canonical form: only the same text is the same schema).
std::optional<std::string> canonical_sdl(std::string_view sdl);

}  // namespace gqleval::schema
