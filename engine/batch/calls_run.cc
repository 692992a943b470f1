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
#include "engine/batch/internal/run_loop.h"
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

// The facts of a calls run that do not depend on its rows.
Provenance calls_provenance(const CallsRunOptions& o) {
  Provenance p;
  p.command = "calls";
  p.arguments = o.arguments;
  p.input = o.input;
  p.output = o.output.empty() ? std::string("-") : o.output;
  p.rule_profile = "none";
  p.started_at = utc_timestamp(std::chrono::system_clock::now());
  p.machine = machine_facts();
  return p;
}

// The input and its columns, checked, and the predictions when the answers
// come in a file of their own.
std::optional<Diagnostic> open_calls_input(const CallsRunOptions& o,
                                           std::optional<OpenedInput>& opened,
                                           std::unique_ptr<Predictions>& predictions) {
  // With a predictions file, the candidate column names its column, not the input's.
  ColumnSpec input_columns = o.columns;
  if (!o.predictions.empty()) input_columns.candidate.clear();
  auto input = open_input(o, input_columns, RowKind::kCalls);
  if (!input) return std::move(input.error());
  opened.emplace(std::move(*input));
  if (auto error = check_columns(o, opened->columns, opened->input.column_names())) return error;
  if (o.predictions.empty()) return std::nullopt;
  auto loaded = load_run_predictions(o, opened->columns);
  if (!loaded) return std::move(loaded.error());
  predictions = std::move(*loaded);
  return std::nullopt;
}

// Each worker's totals and the predictions it asked for, summed once the
// rows are done (sums do not depend on which worker saw which row).
class CallsWorkers {
 public:
  CallsWorkers(const CallsContext& context, const Predictions* predictions)
      : context_(context), predictions_(predictions) {}

  std::unique_ptr<ShardWorker> make() {
    const std::lock_guard<std::mutex> lock(mutex_);
    summaries_.push_back(std::make_unique<calls::CallsSummary>());
    asked_.push_back(std::make_unique<std::vector<bool>>(
        predictions_ != nullptr && predictions_->joined_by_id() ? predictions_->size() : 0, false));
    return std::make_unique<RowCalls>(context_, *summaries_.back(), *asked_.back());
  }

  // The totals into `summary`; which predictions any worker asked for (a
  // calls row without one says so itself: unanswered rows are not counted).
  PredictionUse merge_into(calls::CallsSummary& summary) const {
    PredictionUse use;
    for (size_t w = 0; w < summaries_.size(); ++w) {
      summary.merge(*summaries_[w]);
      use.merge(PredictionUse{*asked_[w], 0, {}});
    }
    return use;
  }

 private:
  const CallsContext& context_;
  const Predictions* predictions_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<calls::CallsSummary>> summaries_;
  std::vector<std::unique_ptr<std::vector<bool>>> asked_;
};

}  // namespace

Result<CallsReport, Diagnostic> run_calls(const CallsRunOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  CallsReport report;
  report.provenance = calls_provenance(o);
  std::optional<OpenedInput> opened;
  std::unique_ptr<Predictions> predictions;
  if (auto error = open_calls_input(o, opened, predictions)) return Unexpected{std::move(*error)};
  auto schemas = make_schema_sources(
      schemas_without_rewrites(o.strict_schema, o.schema_cache_bytes), o.schema, o.input);
  if (!schemas) return Unexpected{std::move(schemas.error())};

  std::atomic<uint64_t> artifacts_failed{0};
  CallsContext context;
  context.input = &opened->input;
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

  CallsWorkers workers(context, predictions.get());
  io::ContentHasher input_hash;
  OutputFile* files[] = {&output};
  RunLoop loop(opened->input, files, o, "gqleval calls", &input_hash);
  const unsigned threads = loop.run([&] { return workers.make(); }, {});
  report.rows = loop.rows();
  report.interrupted_by = loop.interrupted_by();
  if (auto failure = loop.write_failure(
          [&](const OutputFile&) { return "; " + o.output + " is unchanged"; })) {
    return Unexpected{std::move(*failure)};
  }
  if (auto error = loop.finish()) return Unexpected{std::move(*error)};
  if (report.interrupted_by != 0) report.partial_results = output.written_path();

  const PredictionUse use = workers.merge_into(report.summary);
  if (predictions != nullptr && report.interrupted_by == 0) {
    predictions_warnings(*predictions, report.rows, use, "no_code", report.warnings);
  }
  if (const uint64_t failed = artifacts_failed.load(); failed != 0) {
    report.warnings.push_back("the dependency graphs of " + std::to_string(failed) +
                              " rows could not be written to " + o.artifacts_dir);
  }
  report.provenance.input_bytes = opened->input.buffer().size();
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
