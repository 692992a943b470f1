#include "engine/batch/internal/resume_run.h"

#include <cstdio>

#include "engine/base/version.h"
#include "io/content_hash.h"
#include "io/file.h"
#include "io/file_names.h"

namespace gqleval::batch {
namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) {
    if (!out.empty()) out += ',';
    out += n;
  }
  return out;
}

}  // namespace

Fingerprint run_fingerprint(const BatchOptions& o, const BatchInput& input,
                            const SchemaSetup& schemas, const Provenance& p) {
  const ColumnSpec& c = o.columns;
  Fingerprint f = {
      {"gqleval", std::string(version()) + " " + std::string(git_commit())},
      {"input", o.input},
      {"input_bytes", std::to_string(input.buffer().size())},
      {"input_format", std::to_string(static_cast<int>(input.format()))},
      // Before the rules, which differ with it: a changed mode is named as such.
      {"mode", std::string(score_mode_name(o.mode))},
      {"columns", "schema=" + c.schema + ";schema_path=" + c.schema_path +
                      ";references=" + joined(c.references) + ";candidate=" + c.candidate +
                      ";id=" + c.id + ";variables=" + c.variables +
                      ";group_by=" + joined(c.group_by) + ";keep=" + joined(c.keep) +
                      // A coverage run's lists, only when named (as below).
                      (c.required.empty() ? "" : ";required=" + c.required) +
                      (c.excluded.empty() ? "" : ";excluded=" + c.excluded)},
      {"schema",
       joined(o.schema) + (schemas.fixed ? std::string(" ") + io::xxh128_digest(schemas.fixed->text)
                                         : std::string())},
      {"rules",
       p.rule_profile +
           (p.rules_file_hash.empty() ? std::string() : std::string(" ") + p.rules_file_hash)},
      {"options", "delta=" + std::to_string(o.delta) +
                      ";strict_schema=" + std::to_string(o.strict_schema) +
                      ";ignore_typename=" + std::to_string(o.ignore_typename) +
                      ";operation=" + o.operation + ";extract=" + std::to_string(o.extract) +
                      ";max_field_bytes=" + std::to_string(o.max_field_bytes) +
                      // Only when on, so that the state of a run begun before
                      // the option existed still resumes.
                      (o.variables_by_name ? ";variables_by_name=1" : "") +
                      (o.answer_all ? ";answer=all" : "")},
      {"output_format", std::to_string(static_cast<int>(o.output_format))},
      {"shard", o.shard_count == 0
                    ? std::string()
                    : std::to_string(o.shard_index) + "/" + std::to_string(o.shard_count)},
      {"artifacts", o.artifacts_dir + ";" + std::string(artifact_filter_name(o.artifacts_only)) +
                        ";" + std::to_string(o.artifacts_limit)},
  };
  // The answers' file, by its content, only when there is one (so that the
  // state of a run without one still resumes).
  if (!o.predictions.empty()) {
    auto text = io::read_file(o.predictions);
    f.emplace_back("predictions",
                   o.predictions + ";" + o.predictions_id + ";" +
                       (text ? io::xxh128_digest(*text) : std::string("unreadable")));
  }
  return f;
}

Result<std::optional<ResumeState>, Diagnostic> read_resume_state(const BatchOptions& o) {
  if (!o.resume) return std::optional<ResumeState>();
  if (!OutputFile::uses_partial(o.output)) {
    return Unexpected{make_error(
        "IO",
        o.names.name("resume") + " needs the results in a file (" +
            o.names.with_value("out", "PATH") + "), not " +
            (o.output.empty() || o.output == "-" ? std::string("standard output") : o.output))};
  }
  if (o.input == "-") {
    return Unexpected{
        make_error("IO", o.names.name("resume") + " needs an input file, not standard input")};
  }
  const std::string path = io::resume_path_for(o.output);
  auto text = io::read_file(path);
  if (!text) {
    std::fprintf(stderr,
                 "gqleval score: --resume: no interrupted run of %s (no %s): starting from the "
                 "first row\n",
                 o.output.c_str(), path.c_str());
    return std::optional<ResumeState>();
  }
  auto state = parse_resume_state(*text);
  if (!state)
    return Unexpected{
        make_error("IO", "cannot resume from " + path + ": " + state.error().message)};
  return std::optional<ResumeState>(std::move(*state));
}

std::optional<Diagnostic> resume_run(const BatchOptions& o, const ResumeState& state,
                                     const Fingerprint& now, BatchInput& input, OutputFile& output,
                                     Summary& summary, io::ContentHasher& input_hash,
                                     ArtifactWriter* artifacts, RunPosition& at) {
  const std::string where = "cannot resume " + o.output + ": ";
  const std::string again = "; run without " + o.names.name("resume") + " to start over";
  if (std::string diff = fingerprint_difference(state, now); !diff.empty()) {
    return make_error("IO", where + "the run is not the same: " + diff + again);
  }
  uint64_t end = 0;
  bool same = input.skip_records(state.rows, &end) && end == state.input_end;
  if (same) {
    input_hash.update(input.buffer().substr(0, end));
    same = input_hash.digest() == state.input_prefix_hash;
  }
  if (!same) {
    return make_error("IO", where + "the input " + o.input +
                                " has changed since the interrupted run (its first " +
                                std::to_string(state.rows) + " rows differ)" + again);
  }
  if (!summary.restore(state.counts)) {
    return make_error("IO", where + "its state names other group-by columns" + again);
  }
  if (!output.reopen_partial(o.output, state.results_bytes)) {
    return make_error("IO", where + output.error() + again);
  }
  if (artifacts != nullptr) artifacts->resume(state.rows);
  at = RunPosition{state.rows, end, state.artifact_matches};
  return std::nullopt;
}

ResumeState checkpoint_state(Fingerprint fingerprint, const BatchInput& input,
                             const RunPosition& at, std::string prefix_hash) {
  ResumeState state;
  state.fingerprint = std::move(fingerprint);
  state.input_bytes = input.buffer().size();
  state.rows = at.rows;
  state.input_end = at.input_end;
  state.input_prefix_hash = std::move(prefix_hash);
  state.artifact_matches = at.artifact_matches;
  return state;
}

}  // namespace gqleval::batch
