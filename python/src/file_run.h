// gqleval.score_file: the CLI's `score` over a file (batch::run_batch), with
// its options named as Python keywords and checked with the CLI's messages
// (engine/cli/cmd_score.cc's read_options), returning the summary the CLI
// writes with --summary. (The defaults that depend on file names, CSV results
// for an `out` ending in .csv and the task named after the input, are the
// Python layer's.)
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/base/result.h"
#include "engine/batch/batch_run.h"

namespace gqleval::python {

// What cmd_score.cc reads from flags that are words, not numbers or
// switches: checked by make_batch_options.
struct FileRunWords {
  std::string mode = "equivalence";
  std::string input_format;   // "" (by name, then content), csv, tsv, jsonl
  std::string output_format;  // jsonl (also ""), csv
  std::string rule_set = "cycles,endpoints";
  std::string fail_under;      // gates, as --fail-under
  std::string summary_format;  // "" or gqleval, lm-eval
  std::string task;            // lm-eval's task name
};

struct FileRun {
  batch::BatchOptions options;
  std::string summary_format = "gqleval";
  std::string task;
};

// The run's options, or the CLI's message for the first bad one (the
// keyword in place of the flag).
Result<FileRun, std::string> make_batch_options(batch::BatchOptions options,
                                                const FileRunWords& words);

struct FileRunReport {
  std::string summary_json;  // as --summary writes it (gqleval or lm-eval layout)
  bool gates_met = true;
};

// Runs it. Errors: those of run_batch (the input or a file it names cannot be
// read, a required column is missing, the output cannot be written), with
// their rule ("IO" for a file that cannot be read or written).
Result<FileRunReport, Diagnostic> run_file(const FileRun& run);

}  // namespace gqleval::python
