// gqleval.score_file: the CLI's `score` over a file (batch::run_batch), its
// options named as Python keywords: the words are read by the library, as
// the command's are (batch/run_words.h), with the keywords' names in every
// message (batch::OptionNames::keywords()); returns the summary the command
// writes with --summary. (The task name's default, the input's stem, is the
// Python layer's, from the same io::run_stem.)
#pragma once

#include <string>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/batch_run.h"
#include "engine/batch/run_words.h"

namespace gqleval::python {

struct FileRun {
  batch::BatchOptions options;
  batch::SummaryFormat summary_format = batch::SummaryFormat::kGqleval;
  std::string task;
};

// The run's options, or the first bad word's message (rule "Usage").
Result<FileRun, Diagnostic> make_file_run(batch::BatchOptions options,
                                          const batch::ScoreWords& words, std::string task);

struct FileRunReport {
  std::string summary_json;  // as --summary writes it (gqleval or lm-eval layout)
  bool gates_met = true;
};

// Runs it. Errors: those of run_batch (the input or a file it names cannot be
// read, a required column is missing, the output cannot be written), with
// their rule ("IO" for a file that cannot be read or written).
Result<FileRunReport, Diagnostic> run_file(const FileRun& run);

}  // namespace gqleval::python
