// Schemas as users have them: the sources of one schema, read into one SDL
// document that engine/schema builds.
//
// A source is
//   - an SDL file;
//   - a glob pattern (`schema/**/*.graphql`: `*`, `?` and `[...]` within a
//     path segment, `**` for any number of folders), whose files are taken in
//     sorted order; a pattern that matches nothing is an error;
//   - introspection JSON (a file whose content is `{"data": {"__schema": ...}}`
//     or `{"__schema": ...}`, engine/introspection), read as SDL;
//   - a StepZen project: an `index.graphql` (or a folder that holds one) whose
//     `schema @sdl(files: [...])` names the other files, relative to the
//     including file, followed recursively; each file is read once (a file
//     named again is skipped), an include cycle is an error naming the chain,
//     and `executables:` (request documents) are not part of the schema.
// Several sources are read as one document, files in the order given (a
// project's including file before the files it names). Extensions are
// applied after all definitions, whatever their place (engine/schema), so
// the order of files never changes the schema.
//
// Positions: the document is the files' texts joined, each starting on a new
// line; LoadedSchema::where() turns a position in it back into FILE:LINE:COL.
//
// Errors are values naming the file (and the file that included it): a
// missing file, an include cycle, a glob that matches nothing, a file that
// is neither SDL nor introspection JSON, introspection JSON with missing or
// wrong parts (with the JSON path).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"

namespace gqleval::sources {

// One file of a loaded schema.
struct SchemaPart {
  std::string file;            // as the user or the including file named it, joined to its folder
  std::string included_by;     // the file whose @sdl named it; empty for a source given
  uint32_t first_line = 1;     // its first line in the document
  bool introspection = false;  // read from introspection JSON (its lines are the SDL made of it)
};

struct LoadedSchema {
  std::string sdl;                // the whole schema as one SDL document
  std::vector<SchemaPart> parts;  // in document order

  // "FILE:LINE:COL" of a position in `sdl` ("FILE" alone for an unknown
  // position); the position within the file its line came from.
  std::string where(SourcePos pos) const;
  // The part a line of `sdl` belongs to, or null.
  const SchemaPart* part_of(uint32_t line) const;
};

// Reads the sources, in order, as one schema.
Result<LoadedSchema, Diagnostic> load_schema(std::span<const std::string> sources);

}  // namespace gqleval::sources
