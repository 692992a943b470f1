#include "engine/batch/internal/row_schema.h"

#include "io/content_hash.h"

namespace gqleval::batch {

const SchemaEntry& RowSchemas::get(const RecordReader& reader) {
  if (sources_.fixed != nullptr) return *sources_.fixed;
  if (columns_.schema.present()) return memo_.get(reader.cell(columns_.schema));
  const std::string_view path = trim_cell(reader.cell(columns_.schema_path));
  const SchemaFile& f = file(path);
  if (!f.error) return memo_.get(f);
  path_failure_.errors.assign(1, *f.error);
  path_failure_.content_hash = io::hash64(path);
  path_failure_.identity_hash = path_failure_.content_hash;
  return path_failure_;
}

// The worker's own map holds one pointer per distinct path its rows named
// (the files themselves are the run's, in SchemaFiles).
const SchemaFile& RowSchemas::file(std::string_view path) {
  auto it = files_.find(path);
  if (it == files_.end()) it = files_.emplace(std::string(path), &sources_.files->read(path)).first;
  return *it->second;
}

}  // namespace gqleval::batch
