#include "engine/batch/internal/row_schema.h"

#include "io/content_hash.h"

namespace gqleval::batch {

const SchemaEntry& RowSchemas::get(const RecordReader& reader) {
  if (sources_.fixed != nullptr) return *sources_.fixed;
  if (columns_.schema.present()) return memo_.get(reader.cell(columns_.schema));
  const Diagnostic* error = nullptr;
  const std::string_view path = trim_cell(reader.cell(columns_.schema_path));
  const std::string* text = sources_.files->read(path, &error);
  if (text != nullptr) return memo_.get(*text);
  path_failure_.errors.assign(1, *error);
  path_failure_.content_hash = io::hash64(path);
  path_failure_.identity_hash = path_failure_.content_hash;
  return path_failure_;
}

}  // namespace gqleval::batch
