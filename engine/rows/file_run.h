// A file run for a language binding: `gqleval score` over a CSV, TSV or JSON
// Lines file (batch::run_batch, the command's own run), its options set by
// name (option_values.h, as the binding's users name them), its summary the
// one the command writes with --summary.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/rows/option_values.h"
#include "engine/rows/row_options.h"

namespace gqleval::rows {

// The options of `gqleval score`, as its flags name them; a word left
// std::nullopt was not given (the command's default).
struct FileRunOptions {
  // What a file run shares with an engine's options (mode, delta, rules,
  // rule set, extract, ...; the names messages use too).
  RowOptions scoring;
  std::string input;
  std::string out;  // empty: the results are not kept
  std::optional<std::string> out_format;
  std::optional<std::string> format;
  std::vector<std::string> schema;  // files read as every row's schema
  std::string schema_col;
  std::string schema_path_col;
  std::vector<std::string> reference_col;
  std::string candidate_col;
  std::string id_col;
  std::string variables_col;
  std::vector<std::string> group_by;
  std::vector<std::string> keep_col;
  std::string required_col;  // a coverage run's lists
  std::string excluded_col;
  // The answers in a file of their own (--predictions), its format and id
  // column; empty: the input's candidate column.
  std::string predictions;
  std::optional<std::string> predictions_format;
  std::string predictions_id_col;
  unsigned threads = 0;  // 0: every core
  std::vector<std::string> fail_under;
  std::optional<std::string> summary_format;
  std::string task;  // the lm-eval summary's task; empty: the input's stem
  bool resume = false;
};

struct FileRunReport {
  std::string summary_json;  // as --summary writes it (gqleval or lm-eval layout)
  bool gates_met = true;
};

// Runs it. Errors: a bad option (rule "Usage", named as the options' names say),
// and those of the run (the input or a file it names cannot be read, a
// required column is missing, the output cannot be written: rule "IO" for a
// file that cannot be read or written).
Result<FileRunReport, Diagnostic> run_file(const FileRunOptions& options);

}  // namespace gqleval::rows
