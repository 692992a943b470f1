#include "python/src/file_run.h"

#include <utility>

#include "engine/batch/run_checks.h"
#include "engine/batch/score_mode.h"
#include "engine/normalize/options.h"

namespace gqleval::python {
Result<FileRun, std::string> make_batch_options(batch::BatchOptions o, const FileRunWords& w) {
  if (!batch::score_mode_from_name(w.mode, &o.mode)) {
    return Unexpected{"mode must be equivalence or subset, not '" + w.mode + "'"};
  }
  if (o.mode == batch::ScoreMode::kSubset && w.rule_set != "cycles,endpoints") {
    return Unexpected{
        std::string("rule_set is not available with mode='subset' (it applies no rewrite rule)")};
  }
  if (w.output_format == "csv") {
    o.output_format = batch::OutputFormat::kCsv;
  } else if (!w.output_format.empty() && w.output_format != "jsonl") {
    return Unexpected{"out_format must be jsonl or csv, not '" + w.output_format + "'"};
  }
  if (!w.input_format.empty() && !batch::input_format_from_name(w.input_format, &o.input_format)) {
    return Unexpected{"format must be csv, tsv or jsonl, not '" + w.input_format + "'"};
  }
  std::string bad;
  if (!normalize::parse_rule_profile(w.rule_set, &o.rules, &bad)) {
    return Unexpected{"unknown rule '" + bad +
                      "' in rule_set (the rules are cycles, endpoints, rgeval)"};
  }
  if (!w.fail_under.empty()) {
    auto gates = batch::parse_gates(w.fail_under);
    if (!gates) return Unexpected{"fail_under: " + gates.error()};
    o.gates = std::move(*gates);
  }
  FileRun run;
  if (!w.summary_format.empty()) {
    if (w.summary_format != "gqleval" && w.summary_format != "lm-eval") {
      return Unexpected{"summary_format must be gqleval or lm-eval, not '" + w.summary_format +
                        "'"};
    }
    run.summary_format = w.summary_format;
  }
  run.task = w.task;
  o.command = "score";
  run.options = std::move(o);
  return run;
}

Result<FileRunReport, Diagnostic> run_file(const FileRun& run) {
  auto report = batch::run_batch(run.options);
  if (!report) return Unexpected{std::move(report.error())};
  FileRunReport out;
  out.summary_json = run.summary_format == "lm-eval"
                         ? batch::summary_lm_eval_json(report->summary, report->facts, run.task)
                         : batch::summary_json(report->summary, report->facts);
  out.gates_met = report->gates_met();
  return out;
}

}  // namespace gqleval::python
