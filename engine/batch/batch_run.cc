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
  std::string why;
  for (const Gate& g : o.gates) {
    if (!gate_fits_mode(g, o.mode, &why)) return make_error("Usage", "--fail-under: " + why);
  }
  if (!subset_run(o)) return std::nullopt;
  auto refuse = [](std::string_view what) {
    return make_error("Usage", std::string(what) + " is not available with --mode subset");
  };
  if (o.delta != 0) return refuse("--delta (an over-fetch budget)");
  if (!o.rules_file.empty()) return refuse("--rules (a subset comparison applies no rewrite rule)");
  if (!o.artifacts_dir.empty()) return refuse("--artifacts");
  return std::nullopt;
}

Result<SchemaCacheOptions, Diagnostic> cache_options(const BatchOptions& o) {
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

score::ScoreOptions score_options(const BatchOptions& o) {
  score::ScoreOptions options;
  options.delta = o.delta;
  options.normalize.ignore_typename = o.ignore_typename;
  options.normalize.rules = o.rules;
  options.operation_name = o.operation;
  options.extract_candidate = o.extract;
  return options;
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

std::unique_ptr<ArtifactWriter> make_artifacts(const BatchOptions& o) {
  if (o.artifacts_dir.empty()) return nullptr;
  ArtifactSettings settings;
  settings.dir = o.artifacts_dir;
  settings.want_pass = o.artifacts_only != ArtifactFilter::kFail;
  settings.want_fail = o.artifacts_only != ArtifactFilter::kPass;
  settings.limit = o.artifacts_limit;
  settings.replay_options = replay_options(o);
  settings.rules_file = o.rules_file;
  return std::make_unique<ArtifactWriter>(std::move(settings));
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
  if (auto warning = not_compared_warning(summary, columns, o.columns.option_name)) {
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
  auto provenance = start_provenance(o);
  if (!provenance) return Unexpected{std::move(provenance.error())};
  auto opened = open_input(o.input, o.input_format, o.max_field_bytes, o.columns, !o.schema.empty(),
                           RowKind::kScore);
  if (!opened) return Unexpected{std::move(opened.error())};
  BatchInput& input = opened->input;
  auto options = cache_options(o);
  if (!options) return Unexpected{std::move(options.error())};
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
  std::unique_ptr<ArtifactWriter> artifacts = make_artifacts(o);
  if (artifacts) {
    std::string error;
    if (!artifacts->prepare(&error)) return Unexpected{make_error("IO", error)};
    context.artifacts = artifacts.get();
  }
  std::vector<std::string> group_names;
  for (const Column& c : context.columns.group_by) group_names.push_back(c.name);
  Summary summary(std::move(group_names), o.mode);
  io::ContentHasher input_hash;
  RunPosition at;
  const Fingerprint fingerprint = run_fingerprint(o, input, *schemas, *provenance);
  auto earlier = read_resume_state(o);
  if (!earlier) return Unexpected{std::move(earlier.error())};
  OutputFile output;
  if (*earlier) {
    if (auto error = resume_run(o, **earlier, fingerprint, input, output, summary, input_hash,
                                artifacts.get(), at)) {
      return Unexpected{std::move(*error)};
    }
  } else if (auto error = open_output(output, o.input, o.output)) {
    return Unexpected{std::move(*error)};
  }
  if (!*earlier && o.output_format == OutputFormat::kCsv) {  // a resumed file has its header
    std::vector<std::string> kept;
    for (const Column& c : context.columns.keep) kept.push_back(c.name);
    std::string header;
    append_csv_header(header, kept, o.mode);
    output.write(header);
  }
  const uint64_t resumed_rows = at.rows;

  Progress progress(o.progress, input.buffer().size());
  io::PageReleaser pages(input.buffer());
  pages.done_up_to(static_cast<size_t>(at.input_end));
  size_t hashed = static_cast<size_t>(at.input_end);
  auto last_checkpoint = std::chrono::steady_clock::now();
  std::string checkpoint_error;
  auto checkpoint = [&] {
    if (!output.resumable() || !output.flush()) return;
    ResumeState state = checkpoint_state(fingerprint, input, at, input_hash.digest());
    state.results_bytes = output.bytes();
    state.counts = summary.counts();
    if (!write_resume_state(o.output, state, &checkpoint_error)) return;
    last_checkpoint = std::chrono::steady_clock::now();
  };
  checkpoint();  // a state from an earlier run must not outlive this run's first rows
  PipelineOptions pipeline{o.threads, o.shard_records, o.shards_in_flight, {}};
  pipeline.stop = [&] {
    return output.failed() || (o.interrupt != nullptr && o.interrupt->load() != 0);
  };
  const unsigned threads = run_pipeline(
      input, pipeline, [&] { return std::make_unique<RowScorer>(context); },
      [&](const ShardDone& done) {
        output.write(done.out);
        summary.add(done.tally);
        at.rows += done.records;
        at.input_end = done.input_end;
        at.artifact_matches += done.tally.artifact_matches;
        progress.update(at.rows, done.input_end);
        // Hashed while the shard's pages are still resident, before they go.
        input_hash.update(input.buffer().substr(hashed, done.input_end - hashed));
        hashed = done.input_end;
        pages.done_up_to(done.input_end);
        if (std::chrono::duration<double>(std::chrono::steady_clock::now() - last_checkpoint)
                .count() >= o.checkpoint_seconds) {
          checkpoint();
        }
      });
  progress.finish();
  const int interrupted_by = o.interrupt != nullptr ? o.interrupt->load() : 0;
  if (output.failed()) {
    std::string message = output.error() + " (after " + std::to_string(at.rows) + " rows)";
    if (output.resumable()) {
      message += "; " + o.output +
                 " is unchanged; the rows up to the last checkpoint are kept in " +
                 output.written_path() + ": make room and run again with --resume";
    }
    return Unexpected{make_error("IO", message)};
  }
  if (interrupted_by != 0) {
    checkpoint();
    output.close();
  } else {
    input_hash.update(input.buffer().substr(hashed));
    if (!output.commit()) return Unexpected{make_error("IO", output.error())};
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
  facts.rules_warnings = schemas->cache->rules_warnings();
  if (artifacts) {
    facts.artifacts =
        ArtifactFacts{o.artifacts_dir, std::string(artifact_filter_name(o.artifacts_only)),
                      o.artifacts_limit, at.artifact_matches, artifacts->written()};
  }
  check_run(o, summary, context.columns, facts);
  facts.interrupted = interrupted_by != 0;
  facts.resumed_rows = resumed_rows;
  facts.provenance.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  BatchReport report;
  report.summary = std::move(summary);
  report.facts = std::move(facts);
  report.columns = std::move(context.columns);
  report.interrupted_by = interrupted_by;
  if (interrupted_by != 0) report.partial_results = output.written_path();
  if (!checkpoint_error.empty()) report.facts.warnings.push_back(checkpoint_error);
  return report;
}

}  // namespace gqleval::batch
