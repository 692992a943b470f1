#include "engine/batch/validate_run.h"

#include <memory>
#include <utility>

#include "engine/batch/internal/pipeline.h"
#include "engine/batch/internal/row_validator.h"
#include "engine/batch/internal/run_setup.h"
#include "engine/graphql/parser.h"
#include "io/file.h"

namespace gqleval::batch {

Diagnostics check_document(const schema::Schema& schema, std::string_view text,
                           const validate::ValidateOptions& options, std::string_view operation,
                           Arena& arena) {
  arena.reset();
  auto doc = graphql::parse(text, arena);
  if (!doc) return {doc.error()};
  Diagnostics diags = validate::validate(schema, **doc, options);
  // A document must name the operation to run when it has several; with a
  // rule subset the user asked for those rules only.
  if (options.rules.empty() && !validate::has_errors(diags)) {
    auto op = validate::select_operation(**doc, operation);
    if (!op) diags.push_back(op.error());
  }
  return diags;
}

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
  Progress::Options progress_options;
  progress_options.label = "gqleval validate";
  Progress progress(o.progress, opened->input.buffer().size(), std::move(progress_options));
  io::PageReleaser pages(opened->input.buffer());
  run_pipeline(
      opened->input, PipelineOptions{o.threads, o.shard_records, 0, {}},
      [&] { return std::make_unique<RowValidator>(context); },
      [&](const ShardDone& done) {
        output.write(done.out);
        report.rows += done.records;
        report.valid += done.tally.outcomes[kValidRow];
        report.invalid += done.tally.outcomes[kInvalidRow] + done.tally.outcomes[kBadRow];
        report.malformed += done.tally.outcomes[kBadRow];
        progress.update(report.rows, done.input_end);
        pages.done_up_to(done.input_end);
      });
  progress.finish();
  if (!output.commit()) return Unexpected{make_error("IO", output.error())};
  return report;
}

}  // namespace gqleval::batch
