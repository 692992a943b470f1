#include "engine/batch/validate_run.h"

#include <memory>
#include <utility>

#include "engine/batch/internal/pipeline.h"
#include "engine/batch/internal/row_validator.h"
#include "engine/batch/internal/run_loop.h"
#include "engine/batch/internal/run_setup.h"
#include "io/file.h"

namespace gqleval::batch {

Result<ValidateReport, Diagnostic> run_validate(const ValidateRunOptions& o) {
  auto opened = open_input(o, o.columns, RowKind::kValidate);
  if (!opened) return Unexpected{std::move(opened.error())};
  auto schemas = make_schema_sources(
      schemas_without_rewrites(o.strict_schema, o.schema_cache_bytes), o.schema, o.input);
  if (!schemas) return Unexpected{std::move(schemas.error())};

  ValidateContext context;
  context.input = &opened->input;
  context.columns = std::move(opened->columns);
  context.schemas = schemas->sources;
  context.options = o.validate;
  context.operation = o.operation;
  OutputFile output;
  if (auto error = open_output(output, o.input, o.output)) return Unexpected{std::move(*error)};

  ValidateReport report;
  OutputFile* files[] = {&output};
  RunLoop loop(opened->input, files, o, "gqleval validate");
  loop.run([&] { return std::make_unique<RowValidator>(context); },
           [&](const ShardDone& done) {
             report.valid += done.tally.outcomes[kValidRow];
             report.invalid += done.tally.outcomes[kInvalidRow] + done.tally.outcomes[kBadRow];
             report.malformed += done.tally.outcomes[kBadRow];
           });
  report.rows = loop.rows();
  if (auto failure = loop.write_failure({})) return Unexpected{std::move(*failure)};
  if (auto error = loop.finish()) return Unexpected{std::move(*error)};
  return report;
}

}  // namespace gqleval::batch
