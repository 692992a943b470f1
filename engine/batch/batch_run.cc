#include "engine/batch/batch_run.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "engine/batch/internal/artifacts.h"
#include "engine/batch/internal/pipeline.h"
#include "engine/batch/internal/resume_run.h"
#include "engine/batch/internal/row_scorer.h"
#include "engine/batch/internal/run_setup.h"
#include "engine/batch/progress.h"
#include "engine/batch/provenance.h"
#include "engine/normalize/rules_file.h"
#include "io/content_hash.h"
#include "io/file.h"

namespace gqleval::batch {
namespace {

bool subset_run(const BatchOptions& o) { return o.mode == ScoreMode::kSubset; }

// What the run's mode does not have is refused, not ignored. (The rule
// switches are on by default, so they are no request: a subset run uses no
// rule whatever they say.)
std::optional<Diagnostic> check_mode(const BatchOptions& o) {
  for (const Gate& g : o.gates) {
    if (auto error = check_gate_mode(g, o.mode, o.names)) return error;
  }
  if (!subset_run(o)) return std::nullopt;
  auto refuse = [&](std::string_view key, std::string_view why) {
    return make_error("Usage", o.names.name(key) + std::string(why) + " is not available with " +
                                   o.names.with_value("mode", "subset"));
  };
  if (o.delta != 0) return refuse("delta", " (an over-fetch budget)");
  if (!o.rules_file.empty()) {
    return refuse("rules", " (a subset comparison applies no rewrite rule)");
  }
  if (!o.artifacts_dir.empty()) return refuse("artifacts", "");
  return std::nullopt;
}

}  // namespace

Result<SchemaCacheOptions, Diagnostic> schema_cache_options(const BatchOptions& o) {
  SchemaCacheOptions options;
  options.build.strict = o.strict_schema;
  options.build_rewrites =
      !subset_run(o) && (o.rules.cycles || o.rules.endpoints || o.rules.rgeval);
  options.max_bytes = o.schema_cache_bytes;
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

score::SubsetOptions subset_options(const BatchOptions& o) {
  score::SubsetOptions options;
  options.operation_name = o.operation;
  options.normalize.ignore_typename = o.ignore_typename;
  options.extract_right = o.extract;  // references are read as they are, as in score_options
  return options;
}

// `gqleval compare` flags that repeat the run's options, for replay.sh.
std::string replay_options(const BatchOptions& o) {
  std::string out;
  if (o.delta != 0) out += " --delta " + std::to_string(o.delta);
  const std::string profile = normalize::rule_profile(o.rules);
  out += " --rule-set " + (profile.empty() ? std::string("none") : profile);
  if (!o.rules_file.empty()) out += " --rules ../rules.json";
  if (o.ignore_typename) out += " --ignore-typename";
  if (o.strict_schema) out += " --strict-schema";
  if (!o.extract) out += " --no-extract";
  if (!o.operation.empty()) out += " --operation " + shell_quote(o.operation);
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
  const char* ext = o.output_format == OutputFormat::kCsv ? ".csv" : ".jsonl";
  for (const std::string& name : names) paths.push_back(o.output_dir + "/" + name + ext);
  return paths;
}

// The facts that do not depend on the rows.
Result<Provenance, Diagnostic> start_provenance(const BatchOptions& o) {
  Provenance p;
  p.command = o.command;
  p.arguments = o.arguments;
  p.input = o.input;
  p.output = o.output.empty() ? std::string("-") : o.output;
  p.rule_profile = subset_run(o) ? std::string("none") : normalize::rule_profile(o.rules);
  if (!o.rules_file.empty()) {
    p.rule_profile += " + rules file " + o.rules_file;
    auto text = io::read_file(o.rules_file);
    if (!text) return Unexpected{std::move(text.error())};
    p.rules_file = o.rules_file;
    p.rules_file_hash = io::xxh128_digest(*text);
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

}  // namespace

std::string_view artifact_filter_name(ArtifactFilter filter) {
  switch (filter) {
    case ArtifactFilter::kFail: return "fail";
    case ArtifactFilter::kPass: return "pass";
    case ArtifactFilter::kAll: return "all";
  }
  return "?";
}

bool artifact_filter_from_name(std::string_view name, ArtifactFilter* out) {
  for (ArtifactFilter f : {ArtifactFilter::kFail, ArtifactFilter::kPass, ArtifactFilter::kAll}) {
    if (artifact_filter_name(f) == name) {
      *out = f;
      return true;
    }
  }
  return false;
}

bool BatchReport::gates_met() const {
  for (const GateOutcome& g : facts.gates) {
    if (!g.met) return false;
  }
  return true;
}

Result<BatchReport, Diagnostic> run_batch(const BatchOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  if (auto error = check_mode(o)) return Unexpected{std::move(*error)};
  const bool several = o.candidates.given();
  if (several && o.resume) {
    return Unexpected{make_error("Usage", o.names.name("resume") +
                                              " is not available with several candidate columns: "
                                              "run again from the first row")};
  }
  const bool sharded = o.shard_count != 0;
  if (sharded && (o.shard_index == 0 || o.shard_index > o.shard_count)) {
    return Unexpected{make_error("Usage", "a shard is K/N with 1 <= K <= N")};
  }
  if (sharded && !o.artifacts_dir.empty() && o.artifacts_limit != 0) {
    return Unexpected{make_error(
        "Usage", o.names.name("artifacts") + " with " + o.names.name("shard") + " needs " +
                     o.names.with_value("artifacts-limit", "0") +
                     ": the limit counts the first rows of the whole input, which a shard does "
                     "not see")};
  }
  if (!several && !o.output_dir.empty()) {
    return Unexpected{make_error("Usage", "an output folder is for several candidate columns")};
  }
  auto provenance = start_provenance(o);
  if (!provenance) return Unexpected{std::move(provenance.error())};
  auto opened = open_input(o, o.columns, RowKind::kScore, several ? &o.candidates : nullptr);
  if (!opened) return Unexpected{std::move(opened.error())};
  BatchInput& input = opened->input;
  auto options = schema_cache_options(o);
  if (!options) return Unexpected{std::move(options.error())};
  options->keep_distinct = sharded;
  ShardFacts shard;
  if (sharded) {
    const uint64_t size = input.buffer().size();
    shard.index = o.shard_index;
    shard.count = o.shard_count;
    shard.input_begin = size * (o.shard_index - 1) / o.shard_count;
    shard.input_end = size * o.shard_index / o.shard_count;
    shard.first_row = input.slice(shard.input_begin, shard.input_end);
  }
  auto schemas = make_schema_sources(std::move(*options), o.schema, o.input);
  if (!schemas) return Unexpected{std::move(schemas.error())};

  BatchContext context;
  context.input = &input;
  context.columns = std::move(opened->columns);
  context.schemas = schemas->sources;
  context.format = o.output_format;
  context.mode = o.mode;
  context.options = score_options(o);
  context.subset = subset_options(o);
  context.candidates = std::move(opened->candidates);
  context.long_file = several && o.output_dir.empty();
  // One run per candidate column (one when the run has a single candidate).
  const std::vector<std::string> names = candidate_names(context);
  const std::vector<std::string> outputs = output_paths(o, names);
  std::vector<std::unique_ptr<ArtifactWriter>> artifacts;
  for (const std::string& name : names) {
    artifacts.push_back(
        make_artifacts(o, several ? o.artifacts_dir + "/" + name : o.artifacts_dir));
    if (artifacts.back()) {
      if (auto error = artifacts.back()->prepare()) return Unexpected{std::move(*error)};
    }
    context.artifacts.push_back(artifacts.back().get());
  }
  std::vector<std::string> group_names;
  for (const Column& c : context.columns.group_by) group_names.push_back(c.name);
  std::vector<Summary> summaries(names.size(), Summary(group_names, o.mode));
  Summary& summary = summaries[0];
  io::ContentHasher input_hash;
  RunPosition at;
  const Fingerprint fingerprint = run_fingerprint(o, input, *schemas, *provenance);
  auto earlier = read_resume_state(o);
  if (!earlier) return Unexpected{std::move(earlier.error())};
  if (!o.output_dir.empty()) {
    if (auto error = io::create_folder(o.output_dir, "output")) {
      return Unexpected{std::move(*error)};
    }
  }
  std::vector<std::unique_ptr<OutputFile>> files;
  for (size_t i = 0; i < outputs.size(); ++i) files.push_back(std::make_unique<OutputFile>());
  OutputFile& output = *files[0];
  if (*earlier) {
    if (auto error = resume_run(o, **earlier, fingerprint, input, output, summary, input_hash,
                                artifacts[0].get(), at)) {
      return Unexpected{std::move(*error)};
    }
  } else {
    for (size_t i = 0; i < outputs.size(); ++i) {
      if (auto error = open_output(*files[i], o.input, outputs[i])) {
        return Unexpected{std::move(*error)};
      }
    }
  }
  if (!*earlier && o.output_format == OutputFormat::kCsv) {  // a resumed file has its header
    std::vector<std::string> kept;
    for (const Column& c : context.columns.keep) kept.push_back(c.name);
    std::string header;
    append_csv_header(header, kept, o.mode, context.long_file);
    for (auto& file : files) file->write(header);
  }
  auto any_failed = [&] {
    for (const auto& file : files) {
      if (file->failed()) return true;
    }
    return false;
  };
  const uint64_t resumed_rows = at.rows;
  std::vector<uint64_t> matches(summaries.size(), 0);
  matches[0] = at.artifact_matches;

  Progress progress(o.progress, input.buffer().size());
  // The input is hashed as its shards are done (the bytes of an earlier run
  // were hashed by resume_run).
  io::PageReleaser pages(input.buffer(), &input_hash, static_cast<size_t>(at.input_end));
  pages.done_up_to(static_cast<size_t>(at.input_end));
  auto last_checkpoint = std::chrono::steady_clock::now();
  std::string checkpoint_error;
  auto checkpoint = [&] {
    // A run of several candidates cannot be resumed (its files would need
    // one state); its results are still written through partial files.
    if (several || !output.resumable() || !output.flush()) return;
    ResumeState state = checkpoint_state(fingerprint, input, at, input_hash.digest());
    state.results_bytes = output.bytes();
    state.counts = summary.counts();
    if (auto error = write_resume_state(o.output, state)) {
      checkpoint_error = std::move(error->message);
      return;
    }
    last_checkpoint = std::chrono::steady_clock::now();
  };
  checkpoint();  // a state from an earlier run must not outlive this run's first rows
  PipelineOptions pipeline{o.threads, o.shard_records, o.shards_in_flight, {}};
  pipeline.out_streams = files.size();
  pipeline.tally_streams = summaries.size();
  pipeline.stop = [&] {
    return any_failed() || (o.interrupt != nullptr && o.interrupt->load() != 0);
  };
  const unsigned threads = run_pipeline(
      input, pipeline, [&] { return std::make_unique<RowScorer>(context); },
      [&](const ShardDone& done) {
        for (size_t i = 0; i < files.size(); ++i) files[i]->write(done.outs[i]);
        for (size_t k = 0; k < summaries.size(); ++k) {
          summaries[k].add(done.tallies[k]);
          matches[k] += done.tallies[k].artifact_matches;
        }
        at.rows += done.records;
        at.input_end = done.input_end;
        at.artifact_matches = matches[0];
        progress.update(at.rows, done.input_end);
        pages.done_up_to(done.input_end);
        if (std::chrono::duration<double>(std::chrono::steady_clock::now() - last_checkpoint)
                .count() >= o.checkpoint_seconds) {
          checkpoint();
        }
      });
  progress.finish();
  const int interrupted_by = o.interrupt != nullptr ? o.interrupt->load() : 0;
  for (const auto& file : files) {
    if (!file->failed()) continue;
    std::string message = file->error() + " (after " + std::to_string(at.rows) + " rows)";
    if (file->resumable() && !several) {
      message += "; " + o.output +
                 " is unchanged; the rows up to the last checkpoint are kept in " +
                 file->written_path() + ": make room and run again with " + o.names.name("resume");
    }
    return Unexpected{make_error("IO", message)};
  }
  if (interrupted_by != 0) {
    checkpoint();
    for (auto& file : files) file->close();
  } else {
    pages.hash_rest();
    for (auto& file : files) {
      if (!file->commit()) return Unexpected{make_error("IO", file->error())};
    }
    if (output.resumable()) std::remove(resume_state_path(o.output).c_str());
  }

  RunFacts facts;
  facts.provenance = std::move(*provenance);
  facts.provenance.input_bytes = input.buffer().size();
  facts.provenance.input_hash = input_hash.digest();
  facts.provenance.threads = threads;
  facts.delta = o.delta;
  facts.schemas = schemas->cache->size();
  facts.schema_failures = schemas->cache->failures();
  facts.interrupted = interrupted_by != 0;
  facts.resumed_rows = resumed_rows;
  facts.rules_warnings = schemas->cache->rules_warnings();
  facts.provenance.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  BatchReport report;
  for (size_t k = 0; k < summaries.size(); ++k) {
    CandidateRun run;
    run.column = names[k];
    run.results = outputs[context.long_file ? 0 : k];
    run.facts = facts;
    run.facts.provenance.output = run.results;
    if (artifacts[k]) {
      run.facts.artifacts =
          ArtifactFacts{artifacts[k]->dir(), std::string(artifact_filter_name(o.artifacts_only)),
                        o.artifacts_limit, matches[k], artifacts[k]->written()};
    }
    ColumnMap columns = context.columns;  // the warnings name this candidate's column
    if (several) columns.candidate = context.candidates[k];
    check_run(o, summaries[k], columns, run.facts);
    if (sharded) {
      run.facts.shard = shard;
      run.facts.shard->schemas = schemas->cache->distinct();
      for (uint8_t outcome : mode_outcomes(o.mode)) {
        if (outcome_compared(outcome)) continue;
        run.facts.shard->causes.emplace_back(outcome,
                                             not_compared_cause(outcome, columns, o.names));
      }
    }
    if (!checkpoint_error.empty()) run.facts.warnings.push_back(checkpoint_error);
    run.summary = std::move(summaries[k]);
    report.runs.push_back(std::move(run));
  }
  report.summary = report.runs[0].summary;
  report.facts = report.runs[0].facts;
  if (!several) {
    report.facts.provenance.output = facts.provenance.output;
    report.runs.clear();
  }
  report.columns = std::move(context.columns);
  report.interrupted_by = interrupted_by;
  if (interrupted_by != 0) report.partial_results = output.written_path();
  return report;
}

}  // namespace gqleval::batch
