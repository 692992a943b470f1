#include "engine/batch/batch_run.h"

#include <chrono>
#include <memory>
#include <optional>
#include <utility>

#include "engine/batch/internal/score_run.h"
#include "engine/normalize/rules_file.h"

namespace gqleval::batch {
namespace {

// Only an equivalence run applies rewrite rules.
bool rewrites_apply(const BatchOptions& o) { return o.mode == ScoreMode::kEquivalence; }

}  // namespace

// What the run's mode does not have is refused, not ignored. (The rule
// switches are on by default, so they are no request: a subset run uses no
// rule whatever they say.)
std::optional<Diagnostic> check_mode(const BatchOptions& o) {
  for (const Gate& g : o.gates) {
    if (auto error = check_gate_mode(g, o.mode, o.names)) return error;
  }
  auto refuse = [&](std::string_view key, std::string_view why) {
    return make_error("Usage", o.names.name(key) + std::string(why) + " is not available with " +
                                   o.names.with_value("mode", score_mode_name(o.mode)));
  };
  // A predictions file gives each row one answer.
  if (!o.predictions.empty() && o.candidates.given()) {
    return make_error("Usage", o.names.name("predictions") +
                                   " gives each row one answer: not with several candidate "
                                   "columns");
  }
  const bool coverage = o.mode == ScoreMode::kCoverage;
  // Lists of coordinates are a coverage run's.
  if (!coverage && !o.columns.required.empty()) return refuse("required-col", "");
  if (!coverage && !o.columns.excluded.empty()) return refuse("excluded-col", "");
  if (o.mode == ScoreMode::kEquivalence) return std::nullopt;
  if (o.delta != 0) return refuse("delta", " (an over-fetch budget)");
  if (!o.rules_file.empty()) {
    return refuse("rules", o.mode == ScoreMode::kSubset
                               ? " (a subset comparison applies no rewrite rule)"
                               : " (a coverage grade applies no rewrite rule)");
  }
  if (!o.artifacts_dir.empty()) return refuse("artifacts", "");
  return std::nullopt;
}

namespace {

// What the run asks that it cannot have, refused before any work.
std::optional<Diagnostic> check_request(const BatchOptions& o) {
  if (auto error = check_mode(o)) return error;
  const bool several = o.candidates.given();
  if (several && o.resume) {
    return make_error("Usage", o.names.name("resume") +
                                   " is not available with several candidate columns: run "
                                   "again from the first row");
  }
  const bool sharded = o.shard_count != 0;
  if (sharded && (o.shard_index == 0 || o.shard_index > o.shard_count)) {
    return make_error("Usage", "a shard is K/N with 1 <= K <= N");
  }
  if (sharded && !o.artifacts_dir.empty() && o.artifacts_limit != 0) {
    return make_error("Usage", o.names.name("artifacts") + " with " + o.names.name("shard") +
                                   " needs " + o.names.with_value("artifacts-limit", "0") +
                                   ": the limit counts the first rows of the whole input, "
                                   "which a shard does not see");
  }
  if (!several && !o.output_dir.empty()) {
    return make_error("Usage", "an output folder is for several candidate columns");
  }
  return std::nullopt;
}
}  // namespace

Result<SchemaCacheOptions, Diagnostic> schema_cache_options(
    const BatchOptions& o, std::optional<std::string_view> rules_text) {
  SchemaCacheOptions options;
  options.build.strict = o.strict_schema;
  options.build_rewrites =
      rewrites_apply(o) && (o.rules.cycles || o.rules.endpoints || o.rules.rgeval);
  options.max_bytes = o.schema_cache_bytes;
  if (!o.rules_file.empty()) {
    auto rules = rules_text ? normalize::RulesFile::parse(*rules_text)
                            : normalize::RulesFile::load(o.rules_file);
    if (!rules) {
      Diagnostic d = std::move(rules.error());
      d.message = o.rules_file + ": " + d.message;
      return Unexpected{std::move(d)};
    }
    options.rules_file = std::make_shared<const normalize::RulesFile>(std::move(*rules));
  }
  return options;
}

RowCoreOptions row_core_options(const BatchOptions& o) {
  RowCoreOptions options;
  options.mode = o.mode;
  options.score.delta = o.delta;
  options.score.normalize.ignore_typename = o.ignore_typename;
  options.score.normalize.variables_by_name = o.variables_by_name;
  options.score.normalize.rules = o.rules;
  options.score.operation_name = o.operation;
  options.score.extract_candidate = o.extract;
  options.score.all_operations = o.answer_all;
  options.subset.operation_name = o.operation;
  options.subset.normalize.ignore_typename = o.ignore_typename;
  options.subset.normalize.variables_by_name = o.variables_by_name;
  // The candidate is found in LLM text as in an equivalence run.
  options.subset.extract_right = o.extract;
  options.subset.all_operations = o.answer_all;
  options.coverage.operation_name = o.operation;
  options.coverage.all_operations = o.answer_all;
  options.coverage.extract = o.extract;
  return options;
}

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
  if (auto error = check_request(o)) return Unexpected{std::move(*error)};
  ScoreRun run(o, start);
  if (auto error = run.open()) return Unexpected{std::move(*error)};
  if (auto error = run.score_rows()) return Unexpected{std::move(*error)};
  return run.report();
}

}  // namespace gqleval::batch
