// Schema coordinates: the GraphQL schema-coordinate forms `Type`,
// `Type.field` and `Type.field(argument:)`, as an agent benchmark lists what
// a correct answer must traverse (coverage.h). Read from text and resolved
// against a schema, each fault named: "not a schema coordinate", a type, a
// field or an argument the schema lacks.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/schema/schema.h"

namespace gqleval::score {

struct Coordinate {
  schema::TypeId type = schema::kNone;
  std::string_view field;     // empty: the bare type (views into the schema)
  std::string_view argument;  // empty: none
  std::string text;           // as a coordinate is written: `Repository.issues(first:)`;
                              // empty in one derived from a query until it is written
};

// `Repository.issues(first:)`: the coordinate as written.
std::string coordinate_text(const schema::Schema& schema, const Coordinate& c);

// Resolves `text` (surrounding white space ignored). Errors (rule
// "InvalidCoordinate"): text that is no schema coordinate ("'Repository
// issues' is not a schema coordinate: write Type, Type.field or
// Type.field(argument:)"), a type the schema lacks ("the schema has no type
// 'Repo'"), a field ("Repository has no field 'isues'"), an argument
// ("Repository.issues has no argument 'frist'"), a field on a type that has
// no fields ("Date is a scalar: it has no fields").
Result<Coordinate, Diagnostic> resolve_coordinate(const schema::Schema& schema,
                                                  std::string_view text);

// The entries of a list cell: a JSON array of strings, or one entry a line
// (blank lines skipped); a blank cell has none. Errors (rule
// "InvalidCoordinates"): a cell that starts with `[` and is not a JSON
// array of strings.
Result<std::vector<std::string>, Diagnostic> read_coordinate_list(std::string_view cell);

}  // namespace gqleval::score
