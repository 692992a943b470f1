#include "engine/rows/file_run.h"

#include <utility>

#include "engine/batch/batch_run.h"
#include "engine/batch/run_words.h"
#include "io/file_names.h"

namespace gqleval::rows {

Result<FileRunReport, Diagnostic> run_file(const FileRunOptions& options) {
  batch::BatchOptions o;
  batch::ScoreWords words;
  to_run(options.scoring, o, words);
  o.command = "score";
  o.input = options.input;
  o.arguments = {options.input};
  o.output = options.out.empty() ? "/dev/null" : options.out;
  o.schema = options.schema;
  o.columns.schema = options.schema_col;
  o.columns.schema_path = options.schema_path_col;
  o.columns.references = options.reference_col;
  o.columns.candidate = options.candidate_col;
  o.columns.id = options.id_col;
  o.columns.variables = options.variables_col;
  o.columns.group_by = options.group_by;
  o.columns.keep = options.keep_col;
  o.columns.required = options.required_col;
  o.columns.excluded = options.excluded_col;
  o.predictions = options.predictions;
  o.predictions_id = options.predictions_id_col;
  o.threads = options.threads;
  o.resume = options.resume;
  // The words, read as the command reads its flags.
  words.input_format = options.format;
  words.predictions_format = options.predictions_format;
  words.output_format = options.out_format;
  words.fail_under = options.fail_under;
  words.summary_format = options.summary_format;
  batch::SummaryFormat format = batch::SummaryFormat::kGqleval;
  if (auto error = batch::read_words(words, o, format)) return Unexpected{std::move(*error)};

  auto report = batch::run_batch(o);
  if (!report) return Unexpected{std::move(report.error())};
  FileRunReport out;
  out.summary_json =
      batch::summary_file_json(format, report->summary, report->facts,
                               options.task.empty() ? io::run_stem(options.input) : options.task);
  out.gates_met = report->gates_met();
  return out;
}

}  // namespace gqleval::rows
