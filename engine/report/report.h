// A report over aligned runs (gqleval report): what every output (terminal
// table, JSON, Markdown, HTML) prints, computed once.
//
//   - per run, the leaderboard: rows, passes, the pass rate with its 95%
//     Wilson interval, the mean F1 (a subset run's mean score) with its 95%
//     bootstrap interval, the count of each verdict, and per value of each
//     group-by member the rows, passes, pass rate and interval, and mean F1
//     (a row's group is its value in the first run, so every run's table has
//     the same rows);
//   - per run other than the baseline, the paired comparison with the
//     baseline: rows that pass in both, fail in both, are fixed (fail -> pass)
//     or regressed (pass -> fail), McNemar's exact p-value on the fixed and
//     regressed counts, and the paired bootstrap intervals of the difference
//     in pass rate and in mean F1 (run minus baseline: each resample weighs a
//     row the same in both runs);
//   - the regressed rows, most severe first. Severity is the F1 the row lost
//     (baseline F1 - run F1: a candidate that no longer yields a query loses
//     all of it, one extra field a little); ties go to the verdict that says
//     less of the answer (bad_row, invalid_schema, invalid_reference, no_query,
//     invalid_candidate, mismatch, underfetch, missing, overfetch), then to
//     input order. The first `detail_rows` of them carry their details
//     (row_details.h).
//
// The trend over ordered runs is the leaderboard in run order. Every bootstrap
// draws from its own stream of the seed, so adding a group or a run does not
// change the other intervals.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/result_format.h"
#include "engine/batch/score_mode.h"
#include "engine/report/align.h"
#include "engine/report/row_details.h"
#include "engine/report/run_file.h"
#include "engine/report/stats.h"

namespace gqleval::report {

struct GroupRow {
  std::string value;
  uint64_t rows = 0;
  uint64_t passes = 0;
  Interval pass_interval;
  double mean_f1 = 0;
};

struct GroupTable {
  std::string column;
  std::vector<GroupRow> values;  // natural order: numbers by value, then text
};

struct RunSummary {
  std::string name;
  std::string path;
  uint64_t rows = 0;
  uint64_t passes = 0;
  double pass_rate = 0;
  Interval pass_interval;
  BootstrapResult f1;
  std::array<uint64_t, batch::kOutcomeCount> outcomes{};
  std::vector<GroupTable> groups;
};

struct RegressedRow {
  uint32_t aligned = 0;  // index into the baseline's rows
  uint8_t before = 0;    // outcomes
  uint8_t after = 0;
  double f1_before = 0;
  double f1_after = 0;
  std::string id;
  uint64_t input_row = 0;
  std::string where;  // FILE:LINE of the run's row
};

struct Comparison {
  size_t run = 0;  // index into Report::runs
  uint64_t both_pass = 0;
  uint64_t fixed = 0;
  uint64_t regressed = 0;
  uint64_t both_fail = 0;
  double mcnemar_p = 1;
  BootstrapResult pass_rate_diff;  // run minus baseline
  BootstrapResult mean_f1_diff;
  std::vector<RegressedRow> regressed_rows;  // most severe first
  std::vector<RowDetail> details;            // of the first regressed rows
};

struct ReportOptions {
  std::string title;
  std::string baseline;  // a run's name; "" the first
  BootstrapOptions bootstrap;
  TextMembers text_members;
  size_t detail_rows = 50;  // regressed rows per comparison with details
};

struct Report {
  std::string title;
  batch::ScoreMode mode = batch::ScoreMode::kEquivalence;
  AlignedBy aligned_by = AlignedBy::kRow;
  bool references_checked = false;
  std::vector<std::string> warnings;
  BootstrapOptions bootstrap;
  size_t baseline = 0;
  std::vector<std::string> group_columns;
  std::vector<RunSummary> runs;
  std::vector<Comparison> comparisons;  // one per run but the baseline, in run order
  // The outcomes any run has, in the summary's order: the columns of the
  // verdict distribution.
  std::vector<uint8_t> outcomes_seen;
};

// "F1" or "score": what a row's graded value is called in `mode`.
std::string_view graded_name(batch::ScoreMode mode);

// The report over `runs` (at least two, all of one mode; the same group-by
// members read), paired by `alignment`. An unknown baseline name or runs of
// both modes are errors.
Result<Report, Diagnostic> build_report(std::span<const Run> runs, const Alignment& alignment,
                                        const ReportOptions& options);

}  // namespace gqleval::report
