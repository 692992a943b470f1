#include "engine/batch/batch_run.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <utility>
#include <vector>

#include "engine/batch/internal/artifacts.h"
#include "engine/batch/internal/pipeline.h"
#include "engine/batch/internal/row_scorer.h"
#include "engine/batch/internal/run_setup.h"
#include "engine/batch/progress.h"
#include "engine/normalize/rules_file.h"
#include "io/file.h"

namespace gqleval::batch {
namespace {

Result<SchemaCacheOptions, Diagnostic> cache_options(const BatchOptions& o) {
  SchemaCacheOptions options;
  options.build.strict = o.strict_schema;
  options.build_rewrites = o.rules.cycles || o.rules.endpoints || o.rules.rgeval;
  if (!o.rules_file.empty()) {
    auto rules = normalize::RulesFile::load(o.rules_file);
    if (!rules) {
      Diagnostic d = std::move(rules.error());
      d.message = o.rules_file + ": " + d.message;
      return Unexpected{std::move(d)};
    }
    options.rules_file = std::make_shared<const normalize::RulesFile>(std::move(*rules));
  }
  return options;
}

score::ScoreOptions score_options(const BatchOptions& o) {
  score::ScoreOptions options;
  options.delta = o.delta;
  options.normalize.ignore_typename = o.ignore_typename;
  options.normalize.rules = o.rules;
  options.operation_name = o.operation;
  options.extract_candidate = o.extract;
  return options;
}

RunFacts run_facts(const BatchOptions& o, unsigned threads, double wall_seconds,
                   const SchemaCache& cache) {
  RunFacts f;
  f.input = o.input;
  f.output = o.output.empty() ? std::string("-") : o.output;
  f.threads = threads;
  f.wall_seconds = wall_seconds;
  f.rule_profile = normalize::rule_profile(o.rules);
  if (!o.rules_file.empty()) f.rule_profile += " + rules file " + o.rules_file;
  f.delta = o.delta;
  f.schemas = cache.size();
  f.schema_failures = cache.failures();
  f.rules_warnings = cache.rules_warnings();
  return f;
}

}  // namespace

Result<BatchReport, Diagnostic> run_batch(const BatchOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  auto opened = open_input(o.input, o.input_format, o.max_field_bytes, o.columns,
                           !o.schema_file.empty(), RowKind::kScore);
  if (!opened) return Unexpected{std::move(opened.error())};
  BatchInput& input = opened->input;
  auto options = cache_options(o);
  if (!options) return Unexpected{std::move(options.error())};
  auto schemas = make_schema_sources(std::move(*options), o.schema_file, o.input);
  if (!schemas) return Unexpected{std::move(schemas.error())};

  BatchContext context;
  context.input = &input;
  context.columns = std::move(opened->columns);
  context.schemas = schemas->sources;
  context.format = o.output_format;
  context.options = score_options(o);
  std::unique_ptr<ArtifactWriter> artifacts;
  if (!o.artifacts_dir.empty()) {
    artifacts = std::make_unique<ArtifactWriter>(o.artifacts_dir);
    std::string error;
    if (!artifacts->prepare(&error)) return Unexpected{make_error("IO", error)};
    context.artifacts = artifacts.get();
  }
  OutputFile output;
  if (auto error = open_output(output, o.input, o.output)) return Unexpected{std::move(*error)};
  if (o.output_format == OutputFormat::kCsv) {
    std::string header;
    append_csv_header(header);
    output.write(header);
  }

  std::vector<std::string> group_names;
  for (const Column& c : context.columns.group_by) group_names.push_back(c.name);
  Summary summary(std::move(group_names));
  Progress progress(o.progress, input.buffer().size());
  io::PageReleaser pages(input.buffer());
  uint64_t rows_written = 0;
  const unsigned threads = run_pipeline(
      input, PipelineOptions{o.threads, o.shard_records, o.shards_in_flight},
      [&] { return std::make_unique<RowScorer>(context); },
      [&](const ShardDone& done) {
        output.write(done.out);
        summary.add(done.tally);
        rows_written += done.records;
        progress.update(rows_written, done.input_end);
        pages.done_up_to(done.input_end);
      });
  progress.finish();
  if (!output.close()) {
    return Unexpected{make_error("IO", "cannot write the results to " + o.output)};
  }
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  RunFacts facts = run_facts(o, threads, wall, *schemas->cache);
  return BatchReport{std::move(summary), std::move(facts), std::move(context.columns)};
}

}  // namespace gqleval::batch
