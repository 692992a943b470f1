// run_baseline: the execute-and-match baseline over a whole CSV or JSON Lines
// file, reading it exactly as `gqleval score` does (engine/batch: BatchInput,
// the same column rules and --*-col flags, RecordReader, schema_path relative
// to the input file, a variables column) and writing one JSON Lines result per
// data row, in input order:
//
//   {"row", "id", "verdict", "pass", ["reason",] "matched_reference",
//    "reference_bytes", "candidate_bytes", "reference_leaves",
//    "candidate_leaves", ["reference_response", "candidate_response",] "errors"}
//
// row, id, verdict, pass, reason (bad_row only) and errors have gqleval
// score's names, order, and formats (engine/batch/result_format.h), so the two
// result files join by row. The counts are null when no comparison took place.
//
// Schemas: each distinct schema text is built once (Schema::build, default
// dialect) together with its synthetic data (synthetic_data.h), cached by a
// hash of the text confirmed by comparing it, like a server that is already
// running: the time to build them is not a per-row cost (the first row of each
// schema pays it; the run reports it separately).
//
// Threads: `threads` workers (default 1) over shards of records, with output in
// input order (oneTBB parallel_pipeline).
#pragma once

#include <cstdint>
#include <string>

#include "bench/baseline/baseline_scorer.h"
#include "bench/baseline/synthetic_data.h"
#include "engine/base/result.h"
#include "engine/batch/batch_input.h"
#include "engine/batch/columns.h"

namespace gqleval::baseline {

struct BaselineRunOptions {
  std::string input;
  batch::InputFormat input_format = batch::InputFormat::kAuto;
  batch::ColumnSpec columns;
  std::string schema_file;  // one schema for every row; empty: per row
  std::string output = "-";
  DataOptions data;
  BaselineOptions scoring;
  unsigned threads = 1;
  size_t shard_records = 64;
};

struct BaselineRunReport {
  uint64_t rows = 0;
  uint64_t equivalent = 0;
  uint64_t mismatch = 0;
  uint64_t other = 0;  // stage 1 verdicts and bad rows
  uint64_t schemas = 0;
  double data_build_seconds = 0;  // building schemas and their data, summed over workers
  double seconds = 0;             // the whole run, wall clock
};

Result<BaselineRunReport, Diagnostic> run_baseline(const BaselineRunOptions& options);

}  // namespace gqleval::baseline
