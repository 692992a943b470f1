// The schema of a batch row, for every row kind: the one schema that serves
// every row when the run has one, else the row's schema cell, else the schema
// file its schema-path cell names (read once per run, relative to the input's
// folder). Entries come from the run's shared SchemaCache through a worker's
// SchemaMemo. A worker keeps the schema files its rows named, by path, so a
// row naming a file costs a lookup of its path: no lock, no look at the
// file's bytes (docs/performance.md). A schema file that cannot be read gives an entry that did not
// build, with the reason, so the row is scored (or validated) as having an
// invalid schema and the run goes on. One per worker thread; not thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>

#include "engine/batch/batch_input.h"
#include "engine/batch/columns.h"
#include "engine/batch/schema_cache.h"

namespace gqleval::batch {

// What the workers of a run share to find schemas (the caches are
// thread-safe).
struct SchemaSources {
  SchemaCache* cache = nullptr;
  const SchemaEntry* fixed = nullptr;  // one schema for every row, or null
  SchemaFiles* files = nullptr;        // for a schema path column
};

class RowSchemas {
 public:
  RowSchemas(const SchemaSources& sources, const ColumnMap& columns)
      : sources_(sources), columns_(columns), memo_(*sources.cache) {}

  // The entry for the record `reader` read last.
  const SchemaEntry& get(const RecordReader& reader);

 private:
  const SchemaFile& file(std::string_view path);

  // Transparent, so that a path cell is looked up without a copy.
  struct PathHash {
    using is_transparent = void;
    size_t operator()(std::string_view path) const { return std::hash<std::string_view>{}(path); }
  };
  const SchemaSources& sources_;
  const ColumnMap& columns_;
  SchemaMemo memo_;
  std::unordered_map<std::string, const SchemaFile*, PathHash, std::equal_to<>> files_;
  SchemaEntry path_failure_;  // scratch for a schema file that cannot be read
};

}  // namespace gqleval::batch
