// What every run over a file of rows is given, whatever its rows ask (a score
// run, batch_run.h; a calls run, calls_run.h; a validate run, validate_run.h):
// where the rows are and how to read them, the one schema of every row if
// there is one, where the results go, how the caller names its options in
// messages, how the run was asked for (its provenance), and the pipeline's
// settings. Each run's options add what only it has.
#pragma once

#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

#include "engine/batch/batch_input.h"
#include "engine/batch/columns.h"
#include "engine/batch/option_names.h"
#include "engine/batch/progress.h"
#include "engine/batch/schema_cache.h"

namespace gqleval::batch {

struct RunOptions {
  std::string input;  // "-": standard input
  InputFormat input_format = InputFormat::kAuto;
  ColumnSpec columns;
  // One schema for every row, from these sources (sources/schema_sources.h:
  // files, glob patterns, StepZen projects); empty: per row.
  std::vector<std::string> schema;
  bool strict_schema = false;
  std::string output = "-";  // "-": stdout
  // The answers in a file of their own (score and calls runs; predictions.h),
  // joined to the input's rows by id when both have one, else by index;
  // empty: the input's candidate column. columns.candidate then names the
  // answer column of this file.
  std::string predictions;
  InputFormat predictions_format = InputFormat::kAuto;
  std::string predictions_id;  // its id column; empty: by the common names
  // How the caller's users name the options (option_names.h): every message
  // of the run says what they wrote, a flag or a keyword.
  OptionNames names;

  // How the run was asked for (argv after the program name), for the provenance.
  std::string command;
  std::vector<std::string> arguments;

  unsigned threads = 0;  // 0: all cores
  size_t shard_records = 256;
  size_t max_field_bytes = io::kDefaultMaxFieldBytes;
  size_t schema_cache_bytes = default_schema_cache_bytes();  // 0: no bound
  ProgressMode progress = ProgressMode::kNone;               // on stderr (progress.h)
  // Once it holds a signal number, no further row is read: the rows in
  // flight are finished and written, and the results stay in their partial
  // file. Null: not stoppable.
  const std::atomic<int>* interrupt = nullptr;
};

}  // namespace gqleval::batch
