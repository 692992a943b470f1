// --schema-cache-mb N for the batch commands (score, validate --input): the
// bound of the run's schema cache (batch/schema_cache.h), one flag and one
// reading of it for both commands.
#pragma once

#include <cstddef>

#include "engine/cli/args.h"

namespace gqleval::cli {

inline constexpr FlagSpec kSchemaCacheFlag = {
    "schema-cache-mb", "N",
    "Memory for built schemas, in MiB; least recently used ones are dropped and rebuilt "
    "when seen again (default: 256, or an eighth of the memory when less; 0: no bound)"};

// The bound in bytes (0: none); the default when the flag is absent; a
// malformed value fails `args`.
size_t read_schema_cache_flag(Args& args);

}  // namespace gqleval::cli
