// The steps that every batch run takes before its first row, whatever its row
// kind: open the input and find its columns, make the schema sources (the
// cache, the one schema for every row, schema files named per row), and open
// the results file. Each returns an error that names the file it concerns;
// none of them is an error of a row.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/batch_input.h"
#include "engine/batch/candidates.h"
#include "engine/batch/columns.h"
#include "engine/batch/internal/output_file.h"
#include "engine/batch/internal/row_schema.h"
#include "engine/batch/run_options.h"
#include "engine/batch/schema_cache.h"

namespace gqleval::batch {

// The input, mapped ("-": standard input), with its columns resolved for
// `kind` (named columns may be paths when it is JSON Lines).
struct OpenedInput {
  BatchInput input;
  ColumnMap columns;
  std::vector<Column> candidates;  // with several candidate columns
};
// The run's input as `o` says (its file, format, field bound, one schema for
// every row or not, option names), its columns by `spec` (the run's, or one
// the run changed). With `candidates` (a score run of several candidate
// columns: candidates.h), the map's candidate is the first of them and
// OpenedInput::candidates holds them all.
Result<OpenedInput, Diagnostic> open_input(const RunOptions& o, const ColumnSpec& spec,
                                           RowKind kind,
                                           const CandidateColumns* candidates = nullptr);

// The cache options of a run whose rows need no rewrite rule (validate and
// calls rows): the schema as built, strict or not, under the cache's bound.
SchemaCacheOptions schemas_without_rewrites(bool strict, size_t max_bytes);

// The schema cache, the run's one schema (read from the `schema` sources when
// there are some: sources/schema_sources.h) and the schema files named per row (relative to the
// input's folder). They live as long as the run.
struct SchemaSetup {
  std::unique_ptr<SchemaCache> cache;
  std::unique_ptr<SchemaFiles> files;
  std::shared_ptr<const SchemaEntry> fixed;  // the one schema, when the run has one
  SchemaSources sources;
};
Result<SchemaSetup, Diagnostic> make_schema_sources(SchemaCacheOptions options,
                                                    const std::vector<std::string>& schema,
                                                    const std::string& input_path);

// Opens `output` ("-": standard output); refuses the input file itself, which
// would be truncated while it is read.
std::optional<Diagnostic> open_output(OutputFile& file, const std::string& input,
                                      const std::string& output);

}  // namespace gqleval::batch
