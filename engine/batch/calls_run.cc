#include "engine/batch/calls_run.h"

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <utility>

#include "engine/batch/internal/output_file.h"
#include "engine/batch/internal/pipeline.h"
#include "engine/batch/internal/predictions.h"
#include "engine/batch/internal/row_calls.h"
#include "engine/batch/internal/run_setup.h"
#include "engine/score/result_json.h"
#include "io/content_hash.h"
#include "io/file.h"
#include "io/json_writer.h"

namespace gqleval::batch {
namespace {

// What the columns of a calls run must be, beyond what resolve_columns
// checks.
std::optional<Diagnostic> check_columns(const CallsRunOptions& o, const ColumnMap& columns,
                                        const std::vector<std::string>& names) {
  const std::string name = o.input == "-" ? std::string("standard input") : o.input;
  if (o.columns.references.size() > 1) {
    return make_error("Columns", "gqleval calls compares each answer with one reference; " +
                                     o.names.column_or_role(ColumnRole::kReference) +
                                     " was given " + std::to_string(o.columns.references.size()) +
                                     " times");
  }
  if (columns.group_by.size() > 1) {
    return make_error("Columns", "gqleval calls groups its totals by one column; " +
                                     o.names.column_or_role(ColumnRole::kGroupBy) + " was given " +
                                     std::to_string(columns.group_by.size()) + " times");
  }
  if (o.predictions.empty() && !columns.candidate.present()) {
    return make_error(
        "Columns", name + ": no candidate column: looked for " + join_names(kCallsCandidateNames) +
                       " (ignoring case); the input has the columns: " + list_columns(names) +
                       "; name one with " + o.names.column_or_role(ColumnRole::kCandidate) +
                       ", or give the answers in a file of their own with " +
                       o.names.with_value("predictions", "FILE"));
  }
  return std::nullopt;
}

// Loads the predictions and picks how they join the input's rows.
Result<std::unique_ptr<Predictions>, Diagnostic> load_predictions(const CallsRunOptions& o,
                                                                  const ColumnMap& columns) {
  PredictionsOptions p;
  p.path = o.predictions;
  p.format = o.predictions_format;
  p.max_field_bytes = o.max_field_bytes;
  p.candidate = o.columns.candidate;
  p.id = o.predictions_id;
  p.names = o.names;
  auto loaded = Predictions::load(p);
  if (!loaded) return Unexpected{std::move(loaded.error())};
  auto out = std::make_unique<Predictions>(std::move(*loaded));
  if (columns.id.present() && out->has_ids()) out->join_by_id();
  return out;
}

// What the run should tell about the join of its predictions, once it knows
// how many rows the input had.
void predictions_warnings(const Predictions& p, uint64_t rows, const std::vector<bool>& asked,
                          std::vector<std::string>& warnings) {
  if (!p.joined_by_id()) {
    if (p.size() == rows) return;
    warnings.push_back(
        "the predictions " + p.path() + " have " + std::to_string(p.size()) +
        " records and the input " + std::to_string(rows) +
        " rows; they were joined by row index (neither file has an id column both have), so " +
        (p.size() < rows
             ? "the rows from " + std::to_string(p.size()) + " on have no prediction (no_code)"
             : "the last " + std::to_string(p.size() - rows) + " predictions answer no row"));
    return;
  }
  uint64_t unused = 0;
  std::string first;
  for (uint64_t i = 0; i < p.size(); ++i) {
    if (asked[i]) continue;
    if (++unused <= 3) first += (first.empty() ? "'" : ", '") + std::string(p.id(i)) + "'";
  }
  if (unused != 0) {
    warnings.push_back(std::to_string(unused) + " of the " + std::to_string(p.size()) +
                       " predictions in " + p.path() + " answer no row of the input (ids " + first +
                       (unused > 3 ? ", ..." : "") + ")");
  }
}

}  // namespace

Result<CallsReport, Diagnostic> run_calls(const CallsRunOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  CallsReport report;
  report.provenance.command = "calls";
  report.provenance.arguments = o.arguments;
  report.provenance.input = o.input;
  report.provenance.output = o.output.empty() ? std::string("-") : o.output;
  report.provenance.rule_profile = "none";
  report.provenance.started_at = utc_timestamp(std::chrono::system_clock::now());
  report.provenance.machine = machine_facts();

  // With a predictions file, --candidate-col names its column, not the input's.
  ColumnSpec input_columns = o.columns;
  if (!o.predictions.empty()) input_columns.candidate.clear();
  auto opened = open_input(o, input_columns, RowKind::kCalls);
  if (!opened) return Unexpected{std::move(opened.error())};
  BatchInput& input = opened->input;
  if (auto error = check_columns(o, opened->columns, input.column_names())) {
    return Unexpected{std::move(*error)};
  }
  std::unique_ptr<Predictions> predictions;
  if (!o.predictions.empty()) {
    auto loaded = load_predictions(o, opened->columns);
    if (!loaded) return Unexpected{std::move(loaded.error())};
    predictions = std::move(*loaded);
  }
  auto schemas = make_schema_sources(
      schemas_without_rewrites(o.strict_schema, o.schema_cache_bytes), o.schema, o.input);
  if (!schemas) return Unexpected{std::move(schemas.error())};

  std::atomic<uint64_t> artifacts_failed{0};
  CallsContext context;
  context.input = &input;
  context.columns = std::move(opened->columns);
  context.schemas = schemas->sources;
  context.has_schema = !o.schema.empty() || context.columns.schema.present() ||
                       context.columns.schema_path.present();
  context.predictions = predictions.get();
  context.artifacts_dir = o.artifacts_dir;
  context.artifacts_rows = o.artifacts_rows;
  context.artifacts_failed = &artifacts_failed;
  if (!o.artifacts_dir.empty()) {
    if (auto error = io::create_folder(o.artifacts_dir, "artifacts")) {
      return Unexpected{std::move(*error)};
    }
  }
  OutputFile output;
  if (auto error = open_output(output, o.input, o.output)) return Unexpected{std::move(*error)};

  // Each worker's totals and predictions asked for; summed at the end (sums
  // do not depend on which worker saw which row).
  std::mutex workers_mutex;
  std::vector<std::unique_ptr<calls::CallsSummary>> summaries;
  std::vector<std::unique_ptr<std::vector<bool>>> asked;
  auto make_worker = [&]() -> std::unique_ptr<ShardWorker> {
    const std::lock_guard<std::mutex> lock(workers_mutex);
    summaries.push_back(std::make_unique<calls::CallsSummary>());
    asked.push_back(std::make_unique<std::vector<bool>>(
        predictions != nullptr && predictions->joined_by_id() ? predictions->size() : 0, false));
    return std::make_unique<RowCalls>(context, *summaries.back(), *asked.back());
  };

  Progress::Options progress_options;
  progress_options.label = "gqleval calls";
  Progress progress(o.progress, input.buffer().size(), std::move(progress_options));
  io::ContentHasher input_hash;
  io::PageReleaser pages(input.buffer(), &input_hash);
  PipelineOptions pipeline{o.threads, o.shard_records, 0, {}};
  pipeline.stop = [&] {
    return output.failed() || (o.interrupt != nullptr && o.interrupt->load() != 0);
  };
  const unsigned threads = run_pipeline(input, pipeline, make_worker, [&](const ShardDone& done) {
    output.write(done.out);
    report.rows += done.records;
    progress.update(report.rows, done.input_end);
    pages.done_up_to(done.input_end);
  });
  progress.finish();
  report.interrupted_by = o.interrupt != nullptr ? o.interrupt->load() : 0;
  if (output.failed()) {
    return Unexpected{make_error("IO", output.error() + " (after " + std::to_string(report.rows) +
                                           " rows); " + o.output + " is unchanged")};
  }
  if (report.interrupted_by != 0) {
    output.close();
    report.partial_results = output.written_path();
  } else {
    pages.hash_rest();
    if (!output.commit()) return Unexpected{make_error("IO", output.error())};
  }

  std::vector<bool> asked_any(asked.empty() ? 0 : asked.front()->size(), false);
  for (size_t w = 0; w < summaries.size(); ++w) {
    report.summary.merge(*summaries[w]);
    for (size_t i = 0; i < asked_any.size(); ++i) asked_any[i] = asked_any[i] || (*asked[w])[i];
  }
  if (predictions != nullptr && report.interrupted_by == 0) {
    predictions_warnings(*predictions, report.rows, asked_any, report.warnings);
  }
  if (const uint64_t failed = artifacts_failed.load(); failed != 0) {
    report.warnings.push_back("the dependency graphs of " + std::to_string(failed) +
                              " rows could not be written to " + o.artifacts_dir);
  }
  report.provenance.input_bytes = input.buffer().size();
  report.provenance.input_hash = input_hash.digest();
  report.provenance.threads = threads;
  report.provenance.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  report.columns = std::move(context.columns);
  return report;
}

std::string calls_summary_json(const CallsReport& report) {
  std::string out;
  io::JsonWriter w(out);
  w.begin_object().key("results_version").num(score::kResultsVersion);
  report.summary.write_members(w);
  w.key("interrupted").boolean(report.interrupted_by != 0);
  w.key("warnings").begin_array();
  for (const std::string& warning : report.warnings) w.str(warning);
  w.end_array();
  write_provenance(w, report.provenance);
  w.end_object();
  out += '\n';
  return out;
}

}  // namespace gqleval::batch
