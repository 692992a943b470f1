#include "engine/cli/schema_cache_flag.h"

#include "engine/batch/schema_cache.h"

namespace gqleval::cli {

size_t read_schema_cache_flag(Args& args) {
  auto mb = args.integer("schema-cache-mb");
  if (!mb) return batch::default_schema_cache_bytes();
  if (*mb > (1LL << 30)) {
    args.fail("--schema-cache-mb must be at most 1073741824");
    return 0;
  }
  return static_cast<size_t>(*mb) << 20;
}

}  // namespace gqleval::cli
