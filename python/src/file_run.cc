#include "python/src/file_run.h"

#include <utility>

namespace gqleval::python {

Result<FileRun, Diagnostic> make_file_run(batch::BatchOptions o, const batch::ScoreWords& words,
                                          std::string task) {
  FileRun run;
  o.names = batch::OptionNames::keywords();
  o.command = "score";
  if (auto error = batch::read_words(words, o, run.summary_format)) {
    return Unexpected{std::move(*error)};
  }
  run.task = std::move(task);
  run.options = std::move(o);
  return run;
}

Result<FileRunReport, Diagnostic> run_file(const FileRun& run) {
  auto report = batch::run_batch(run.options);
  if (!report) return Unexpected{std::move(report.error())};
  FileRunReport out;
  out.summary_json = run.summary_format == batch::SummaryFormat::kLmEval
                         ? batch::summary_lm_eval_json(report->summary, report->facts, run.task)
                         : batch::summary_json(report->summary, report->facts);
  out.gates_met = report->gates_met();
  return out;
}

}  // namespace gqleval::python
