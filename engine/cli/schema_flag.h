// The schema of a command, as users have it (sources/schema_sources.h):
// `--schema SOURCE`, repeatable, a file, a glob pattern or a StepZen project,
// and Relay's spelling `--schemaPaths A B ...` (every argument up to the next
// flag). One reading for every command, and one way to print the schema's
// diagnostics at FILE:LINE:COLUMN of the file each came from.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/cli/args.h"
#include "engine/sources/schema_sources.h"

namespace gqleval::cli {

inline constexpr FlagSpec kSchemaFlag = {
    "schema", "SOURCE",
    "The schema: an SDL file, a glob ('schema/**/*.graphql') or a StepZen project (a folder "
    "or its index.graphql); repeatable, read as one document",
    true};
inline constexpr FlagSpec kSchemaPathsFlag = {
    "schemaPaths", "SOURCE...", "Relay's spelling of --schema: every argument up to the next flag",
    true,          '\0',        true};

// The schema sources given, --schema's then --schemaPaths', in order.
std::vector<std::string> read_schema_flags(const Args& args);

// `FILE:LINE:COLUMN: Rule: message` for each location, FILE being the file of
// the schema that the line came from.
void print_schema_diagnostics(const Diagnostics& diags, const sources::LoadedSchema& schema,
                              std::FILE* out);

}  // namespace gqleval::cli
