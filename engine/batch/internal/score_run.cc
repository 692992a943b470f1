#include "engine/batch/internal/score_run.h"

#include <cstdio>
#include <mutex>
#include <utility>

#include "engine/batch/internal/run_loop.h"
#include "engine/batch/provenance.h"
#include "engine/normalize/rules_file.h"
#include "io/file.h"
#include "io/file_names.h"

namespace gqleval::batch {
namespace {

// One word for a POSIX shell.
std::string shell_quote(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out.push_back(c);
    }
  }
  return out + "'";
}

// `gqleval compare` flags that repeat the run's options, for replay.sh.
std::string replay_options(const BatchOptions& o) {
  std::string out;
  if (o.delta != 0) out += " --delta " + std::to_string(o.delta);
  const std::string profile = normalize::rule_profile(o.rules);
  out += " --rule-set " + (profile.empty() ? std::string("none") : profile);
  if (!o.rules_file.empty()) out += " --rules ../rules.json";
  if (o.ignore_typename) out += " --ignore-typename";
  if (o.variables_by_name) out += " --variables-by-name";
  if (o.strict_schema) out += " --strict-schema";
  if (!o.extract) out += " --no-extract";
  if (!o.operation.empty()) out += " --operation " + shell_quote(o.operation);
  if (o.answer_all) out += " --answer all";
  return out;
}

std::unique_ptr<ArtifactWriter> make_artifacts(const BatchOptions& o, const std::string& dir) {
  if (o.artifacts_dir.empty()) return nullptr;
  ArtifactSettings settings;
  settings.dir = dir;
  settings.want_pass = o.artifacts_only != ArtifactFilter::kFail;
  settings.want_fail = o.artifacts_only != ArtifactFilter::kPass;
  settings.limit = o.artifacts_limit;
  settings.replay_options = replay_options(o);
  settings.rules_file = o.rules_file;
  return std::make_unique<ArtifactWriter>(std::move(settings));
}

// The candidate column of each run: the one of the map, or each of several.
std::vector<std::string> candidate_names(const BatchContext& context) {
  std::vector<std::string> names;
  for (const Column& c : context.candidates) names.push_back(c.name);
  if (names.empty()) names.push_back(context.columns.candidate.name);
  return names;
}

// Where each run's results go: DIR/<column>.jsonl (or .csv) per candidate
// with an output folder, else the one --out.
std::vector<std::string> output_paths(const BatchOptions& o,
                                      const std::vector<std::string>& names) {
  if (o.output_dir.empty()) return {o.output};
  std::vector<std::string> paths;
  paths.reserve(names.size());
  const bool csv = o.output_format == OutputFormat::kCsv;
  for (const std::string& name : names) {
    paths.push_back(io::candidate_results_path(o.output_dir, name, csv));
  }
  return paths;
}

// The facts that do not depend on the rows; the rules file's bytes, hashed
// here, are left in `rules_text` for the schema cache to parse.
Result<Provenance, Diagnostic> start_provenance(const BatchOptions& o, std::string& rules_text) {
  Provenance p;
  p.command = o.command;
  p.arguments = o.arguments;
  p.input = o.input;
  p.output = o.output.empty() ? std::string("-") : o.output;
  // Only an equivalence run applies rewrite rules.
  p.rule_profile =
      o.mode != ScoreMode::kEquivalence ? std::string("none") : normalize::rule_profile(o.rules);
  if (!o.rules_file.empty()) {
    p.rule_profile += " + rules file " + o.rules_file;
    auto text = io::read_file(o.rules_file);
    if (!text) return Unexpected{std::move(text.error())};
    p.rules_file = o.rules_file;
    p.rules_file_hash = io::xxh128_digest(*text);
    rules_text = std::move(*text);
  }
  p.started_at = utc_timestamp(std::chrono::system_clock::now());
  p.machine = machine_facts();
  return p;
}

// The gates' outcomes and the warnings of a finished run.
void check_run(const BatchOptions& o, const Summary& summary, const ColumnMap& columns,
               RunFacts& facts) {
  for (const GateResult& g : check_gates(summary, o.gates)) {
    facts.gates.push_back(GateOutcome{std::string(gate_metric_name(g.gate.metric)),
                                      g.gate.threshold, g.value, g.met});
  }
  if (auto warning = not_compared_warning(summary, columns, o.names)) {
    facts.mostly_not_compared = true;
    facts.warnings.push_back(std::move(*warning));
  }
}

// The slice of the input a shard run scores (BatchOptions::shard_index).
ShardFacts shard_facts(const BatchOptions& o, BatchInput& input) {
  ShardFacts shard;
  const uint64_t size = input.buffer().size();
  shard.index = o.shard_index;
  shard.count = o.shard_count;
  shard.input_begin = size * (o.shard_index - 1) / o.shard_count;
  shard.input_end = size * o.shard_index / o.shard_count;
  shard.first_row = input.slice(shard.input_begin, shard.input_end);
  return shard;
}

}  // namespace

ScoreRun::ScoreRun(const BatchOptions& options, std::chrono::steady_clock::time_point start)
    : o_(options),
      start_(start),
      several_(options.candidates.given()),
      sharded_(options.shard_count != 0) {}

std::optional<Diagnostic> ScoreRun::open_input_and_schemas() {
  std::string rules_text;
  auto provenance = start_provenance(o_, rules_text);
  if (!provenance) return std::move(provenance.error());
  provenance_ = std::move(*provenance);
  // With a predictions file, the candidate column names its column, not the input's.
  ColumnSpec input_columns = o_.columns;
  if (!o_.predictions.empty()) {
    input_columns.candidate.clear();
    input_columns.answers_elsewhere = true;
  }
  auto opened = open_input(o_, input_columns, RowKind::kScore, several_ ? &o_.candidates : nullptr);
  if (!opened) return std::move(opened.error());
  opened_.emplace(std::move(*opened));
  if (!o_.predictions.empty()) {
    auto loaded = load_run_predictions(o_, opened_->columns);
    if (!loaded) return std::move(loaded.error());
    predictions_ = std::move(*loaded);
    context_.predictions = predictions_.get();
    opened_->columns.candidate.name = predictions_->path();  // what the run's messages name
  }
  auto options = schema_cache_options(
      o_, o_.rules_file.empty() ? std::nullopt : std::optional<std::string_view>(rules_text));
  if (!options) return std::move(options.error());
  options->keep_distinct = sharded_;
  if (sharded_) shard_ = shard_facts(o_, opened_->input);
  auto schemas = make_schema_sources(std::move(*options), o_.schema, o_.input);
  if (!schemas) return std::move(schemas.error());
  schemas_ = std::move(*schemas);
  context_.input = &opened_->input;
  context_.columns = std::move(opened_->columns);
  context_.schemas = schemas_.sources;
  context_.format = o_.output_format;
  context_.scoring = row_core_options(o_);
  context_.candidates = std::move(opened_->candidates);
  context_.long_file = several_ && o_.output_dir.empty();
  return std::nullopt;
}

std::optional<Diagnostic> ScoreRun::open_artifacts() {
  for (const std::string& name : names_) {
    artifacts_.push_back(
        make_artifacts(o_, several_ ? o_.artifacts_dir + "/" + name : o_.artifacts_dir));
    if (artifacts_.back()) {
      if (auto error = artifacts_.back()->prepare()) return error;
    }
    context_.artifacts.push_back(artifacts_.back().get());
  }
  return std::nullopt;
}

// The outputs: each part's file, new, or the interrupted run's picked up
// (its partial file, summary and position).
std::optional<Diagnostic> ScoreRun::open_outputs() {
  fingerprint_ = run_fingerprint(o_, opened_->input, schemas_, provenance_);
  auto earlier = read_resume_state(o_);
  if (!earlier) return std::move(earlier.error());
  if (!o_.output_dir.empty()) {
    if (auto error = io::create_folder(o_.output_dir, "output")) return error;
  }
  for (size_t i = 0; i < outputs_.size(); ++i) files_.push_back(std::make_unique<OutputFile>());
  resumed_ = earlier->has_value();
  if (resumed_) {
    return resume_run(o_, **earlier, fingerprint_, opened_->input, *files_[0], summaries_[0],
                      input_hash_, artifacts_[0].get(), at_);
  }
  for (size_t i = 0; i < outputs_.size(); ++i) {
    if (auto error = open_output(*files_[i], o_.input, outputs_[i])) return error;
  }
  return std::nullopt;
}

void ScoreRun::write_csv_header() {
  if (resumed_ || o_.output_format != OutputFormat::kCsv) return;  // a resumed file has its own
  std::vector<std::string> kept;
  for (const Column& c : context_.columns.keep) kept.push_back(c.name);
  std::string header;
  append_csv_header(header, kept, o_.mode, context_.long_file);
  for (auto& file : files_) file->write(header);
}

std::optional<Diagnostic> ScoreRun::open() {
  if (auto error = open_input_and_schemas()) return error;
  // One part per candidate column (one when the run has a single candidate).
  names_ = candidate_names(context_);
  outputs_ = output_paths(o_, names_);
  if (auto error = open_artifacts()) return error;
  std::vector<std::string> group_names;
  for (const Column& c : context_.columns.group_by) group_names.push_back(c.name);
  summaries_.assign(names_.size(), Summary(group_names, o_.mode));
  if (auto error = open_outputs()) return error;
  write_csv_header();
  resumed_rows_ = at_.rows;
  matches_.assign(summaries_.size(), 0);
  matches_[0] = at_.artifact_matches;
  return std::nullopt;
}

// Writes the resume state of the rows so far. A run of several candidates
// cannot be resumed (its files would need one state); its results are still
// written through partial files.
void ScoreRun::checkpoint() {
  OutputFile& output = *files_[0];
  if (several_ || !output.resumable() || !output.flush()) return;
  ResumeState state = checkpoint_state(fingerprint_, opened_->input, at_, input_hash_.digest());
  state.results_bytes = output.bytes();
  state.counts = summaries_[0].counts();
  if (auto error = write_resume_state(o_.output, state)) {
    checkpoint_error_ = std::move(error->message);
    return;
  }
  last_checkpoint_ = std::chrono::steady_clock::now();
}

std::optional<Diagnostic> ScoreRun::score_rows() {
  std::vector<OutputFile*> files;
  for (auto& file : files_) files.push_back(file.get());
  RunLoop loop(opened_->input, files, o_, "gqleval score", &input_hash_,
               RunStart{at_.rows, at_.input_end});
  last_checkpoint_ = std::chrono::steady_clock::now();
  checkpoint();  // a state from an earlier run must not outlive this run's first rows
  auto on_shard = [&](const ShardDone& done) {
    for (size_t k = 0; k < summaries_.size(); ++k) {
      summaries_[k].add(done.tallies[k]);
      matches_[k] += done.tallies[k].artifact_matches;
    }
    at_.rows = loop.rows();
    at_.input_end = loop.input_end();
    at_.artifact_matches = matches_[0];
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - last_checkpoint_)
            .count() >= o_.checkpoint_seconds) {
      checkpoint();
    }
  };
  // Workers are made on the pipeline's threads, as each first needs one.
  auto make_worker = [&] {
    PredictionUse* use = nullptr;
    if (predictions_ != nullptr) {
      const std::lock_guard lock(uses_mutex_);
      uses_.push_back(std::make_unique<PredictionUse>());
      uses_.back()->asked.assign(predictions_->size(), false);
      use = uses_.back().get();
    }
    return std::make_unique<RowScorer>(context_, use);
  };
  threads_ = loop.run(make_worker, on_shard, o_.shards_in_flight, summaries_.size());
  interrupted_by_ = loop.interrupted_by();
  auto failure = loop.write_failure([&](const OutputFile& file) -> std::string {
    if (!file.resumable() || several_) return "";
    return "; " + o_.output + " is unchanged; the rows up to the last checkpoint are kept in " +
           file.written_path() + ": make room and run again with " + o_.names.name("resume");
  });
  if (failure) return failure;
  if (interrupted_by_ != 0) checkpoint();
  if (auto error = loop.finish()) return error;
  if (interrupted_by_ == 0 && files_[0]->resumable()) {
    std::remove(io::resume_path_for(o_.output).c_str());
  }
  return std::nullopt;
}

// The facts of the run that every candidate column's part shares.
RunFacts ScoreRun::run_facts() const {
  RunFacts facts;
  facts.provenance = provenance_;
  facts.provenance.input_bytes = opened_->input.buffer().size();
  facts.provenance.input_hash = input_hash_.digest();
  facts.provenance.threads = threads_;
  facts.delta = o_.delta;
  facts.variables_by_name = o_.variables_by_name;
  facts.schemas = schemas_.cache->size();
  facts.schema_failures = schemas_.cache->failures();
  facts.interrupted = interrupted_by_ != 0;
  facts.resumed_rows = resumed_rows_;
  facts.rules_warnings = schemas_.cache->rules_warnings();
  facts.provenance.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  return facts;
}

// The report of part k: its results, artifacts, gates, warnings and shard.
CandidateRun ScoreRun::candidate_run(size_t k, const RunFacts& facts) {
  CandidateRun run;
  run.column = names_[k];
  run.results = outputs_[context_.long_file ? 0 : k];
  run.facts = facts;
  run.facts.provenance.output = run.results;
  if (artifacts_[k]) {
    run.facts.artifacts =
        ArtifactFacts{artifacts_[k]->dir(), std::string(artifact_filter_name(o_.artifacts_only)),
                      o_.artifacts_limit, matches_[k], artifacts_[k]->written()};
  }
  ColumnMap columns = context_.columns;  // the warnings name this candidate's column
  if (several_) columns.candidate = context_.candidates[k];
  check_run(o_, summaries_[k], columns, run.facts);
  if (sharded_) {
    run.facts.shard = shard_;
    run.facts.shard->schemas = schemas_.cache->distinct();
    for (uint8_t outcome : mode_outcomes(o_.mode)) {
      if (outcome_compared(outcome)) continue;
      run.facts.shard->causes.emplace_back(outcome, not_compared_cause(outcome, columns, o_.names));
    }
  }
  if (!checkpoint_error_.empty()) run.facts.warnings.push_back(checkpoint_error_);
  // (A resumed run saw only its own rows' predictions: it tells nothing of
  // the join, which its first part told.)
  if (predictions_ != nullptr && resumed_rows_ == 0) {
    PredictionUse use;
    for (const auto& worker : uses_) use.merge(*worker);
    predictions_warnings(*predictions_, summaries_[k].rows(), use, "no_query", run.facts.warnings);
  }
  run.summary = std::move(summaries_[k]);
  return run;
}

BatchReport ScoreRun::report() {
  const RunFacts facts = run_facts();
  BatchReport report;
  for (size_t k = 0; k < summaries_.size(); ++k) report.runs.push_back(candidate_run(k, facts));
  report.summary = report.runs[0].summary;
  report.facts = report.runs[0].facts;
  if (!several_) {
    report.facts.provenance.output = facts.provenance.output;
    report.runs.clear();
  }
  report.columns = std::move(context_.columns);
  report.interrupted_by = interrupted_by_;
  if (interrupted_by_ != 0) report.partial_results = files_[0]->written_path();
  return report;
}

}  // namespace gqleval::batch
