#include "engine/report/report.h"

#include <algorithm>
#include <map>

#include "engine/base/concat.h"
#include "engine/batch/summary.h"
#include "io/file.h"

namespace gqleval::report {
namespace {

// Streams of the seed, one per statistic, so that one interval does not
// depend on how many draws another took.
enum Stream : uint64_t { kRunF1 = 1, kPassDiff = 2, kF1Diff = 3 };

BootstrapOptions stream(const BootstrapOptions& base, Stream what, size_t run) {
  BootstrapOptions o = base;
  SplitMix64 mix(base.seed ^ (static_cast<uint64_t>(what) << 56) ^ static_cast<uint64_t>(run));
  o.seed = mix.next();
  return o;
}

// How little of the answer a failing verdict says: lower is more severe.
int failure_rank(uint8_t outcome) {
  switch (outcome) {
    case batch::kBadRow: return 0;
    case batch::outcome_of(score::Verdict::kInvalidSchema): return 1;
    case batch::outcome_of(score::Verdict::kInvalidReference): return 2;
    case batch::outcome_of(score::Verdict::kNoQuery): return 3;
    case batch::outcome_of(score::Verdict::kInvalidCandidate): return 4;
    case batch::outcome_of(score::Verdict::kMismatch): return 5;
    case batch::outcome_of(score::Verdict::kUnderfetch): return 6;
    case batch::kSubsetMissing: return 6;
    case batch::kCoverageMissing: return 6;
    default: return 7;
  }
}

// The groups of `run`'s rows; a row's group is the one its paired row of
// `labels` (the first run) is in, so that every run's table has the same rows.
std::vector<GroupTable> group_tables(const Run& labels, std::span<const uint32_t> label_index,
                                     const Run& run, std::span<const uint32_t> index) {
  std::vector<GroupTable> out;
  for (size_t g = 0; g < labels.group_columns.size(); ++g) {
    batch::Summary::Group counts;
    counts.column = labels.group_columns[g];
    std::map<std::string, double, std::less<>> f1_sums;
    for (size_t k = 0; k < index.size(); ++k) {
      const uint32_t i = index[k];
      const std::string& value = labels.group_values[g][labels.group_of_row[g][label_index[k]]];
      batch::Summary::GroupValue& v = counts.values[value];
      ++v.rows;
      v.passes += run.rows[i].pass ? 1 : 0;
      f1_sums[value] += run.rows[i].f1;
    }
    GroupTable table;
    table.column = counts.column;
    for (const auto& [value, v] : batch::ordered_values(counts)) {
      GroupRow row;
      row.value = value;
      row.rows = v.rows;
      row.passes = v.passes;
      row.pass_interval = wilson_interval(v.passes, v.rows);
      row.mean_f1 = f1_sums[value] / static_cast<double>(v.rows);
      table.values.push_back(std::move(row));
    }
    out.push_back(std::move(table));
  }
  return out;
}

RunSummary summarize(std::span<const Run> runs, const Alignment& alignment, size_t r,
                     const BootstrapOptions& bootstrap) {
  const Run& run = runs[r];
  const std::span<const uint32_t> index = alignment.index[r];
  RunSummary s;
  s.name = run.name;
  s.path = run.path;
  s.rows = index.size();
  std::vector<double> f1;
  f1.reserve(index.size());
  for (uint32_t i : index) {
    const RunRow& row = run.rows[i];
    s.passes += row.pass ? 1 : 0;
    ++s.outcomes[row.outcome];
    f1.push_back(row.f1);
  }
  s.pass_rate = s.rows == 0 ? 0 : static_cast<double>(s.passes) / static_cast<double>(s.rows);
  s.pass_interval = wilson_interval(s.passes, s.rows);
  s.f1 = bootstrap_mean(categories_of(f1), stream(bootstrap, kRunF1, r));
  s.groups = group_tables(runs[0], alignment.index[0], run, index);
  return s;
}

Comparison compare(std::span<const Run> runs, const Alignment& alignment, size_t baseline, size_t r,
                   const BootstrapOptions& bootstrap) {
  Comparison c;
  c.run = r;
  const Run& base = runs[baseline];
  const Run& run = runs[r];
  const size_t n = alignment.rows();
  std::vector<double> pass_diff;
  std::vector<double> f1_diff;
  pass_diff.reserve(n);
  f1_diff.reserve(n);
  for (size_t k = 0; k < n; ++k) {
    const RunRow& a = base.rows[alignment.index[baseline][k]];
    const RunRow& b = run.rows[alignment.index[r][k]];
    if (a.pass && b.pass) ++c.both_pass;
    if (!a.pass && !b.pass) ++c.both_fail;
    if (!a.pass && b.pass) ++c.fixed;
    if (a.pass && !b.pass) {
      ++c.regressed;
      c.regressed_rows.push_back({static_cast<uint32_t>(k), a.outcome, b.outcome, a.f1, b.f1,
                                  std::string(run.id(b)), b.input_row, run.where(b)});
    }
    pass_diff.push_back(static_cast<double>(b.pass) - static_cast<double>(a.pass));
    f1_diff.push_back(b.f1 - a.f1);
  }
  c.mcnemar_p = mcnemar_exact_p(c.regressed, c.fixed);
  c.pass_rate_diff = bootstrap_mean(categories_of(pass_diff), stream(bootstrap, kPassDiff, r));
  c.mean_f1_diff = bootstrap_mean(categories_of(f1_diff), stream(bootstrap, kF1Diff, r));
  std::stable_sort(c.regressed_rows.begin(), c.regressed_rows.end(),
                   [](const RegressedRow& x, const RegressedRow& y) {
                     const double lost_x = x.f1_before - x.f1_after;
                     const double lost_y = y.f1_before - y.f1_after;
                     if (lost_x != lost_y) return lost_x > lost_y;
                     return failure_rank(x.after) < failure_rank(y.after);
                   });
  return c;
}

// The details of the first `limit` regressed rows, read in file order and
// the pages behind handed back as the reader goes: a report that lists every
// regressed row of a large run (--json) stays as small as one that lists few.
void read_details(const Run& run, std::span<const uint32_t> index, RowDetailReader& reader,
                  size_t limit, Comparison& c) {
  const size_t n = std::min(limit, c.regressed_rows.size());
  std::vector<std::pair<uint64_t, size_t>> by_offset;  // (offset, rank)
  by_offset.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    by_offset.emplace_back(run.rows[index[c.regressed_rows[i].aligned]].offset, i);
  }
  std::sort(by_offset.begin(), by_offset.end());
  c.details.assign(n, {});
  io::PageReleaser releaser(run.file->data());
  for (const auto& [offset, rank] : by_offset) {
    c.details[rank] = reader.read(run, run.rows[index[c.regressed_rows[rank].aligned]]);
    releaser.done_up_to(offset);
  }
}

}  // namespace

std::string_view graded_name(batch::ScoreMode mode) {
  return mode == batch::ScoreMode::kEquivalence ? "F1" : batch::graded_member(mode);
}

Result<Report, Diagnostic> build_report(std::span<const Run> runs, const Alignment& alignment,
                                        const ReportOptions& options) {
  Report report;
  report.title = options.title;
  report.aligned_by = alignment.by;
  report.references_checked = alignment.references_checked;
  report.warnings = alignment.warnings;
  report.bootstrap = options.bootstrap;
  if (runs.size() < 2) return Unexpected{make_error("Report", "a report needs two runs or more")};
  report.mode = runs[0].mode;
  for (const Run& run : runs) {
    if (run.mode != report.mode) {
      return Unexpected{make_error(
          "Report", concat({run.path, " holds ", batch::score_mode_name(run.mode), " rows and ",
                            runs[0].path, " ", batch::score_mode_name(report.mode),
                            " rows: a report compares runs of one mode"}))};
    }
  }
  if (!options.baseline.empty()) {
    auto it = std::find_if(runs.begin(), runs.end(),
                           [&](const Run& run) { return run.name == options.baseline; });
    if (it == runs.end()) {
      std::string names;
      for (const Run& run : runs) {
        if (!names.empty()) names += ", ";
        names += run.name;
      }
      return Unexpected{make_error("Report", concat({"--baseline ", options.baseline,
                                                     " names no run; the runs are ", names}))};
    }
    report.baseline = static_cast<size_t>(it - runs.begin());
  }
  report.group_columns = runs[0].group_columns;
  for (size_t r = 0; r < runs.size(); ++r) {
    report.runs.push_back(summarize(runs, alignment, r, options.bootstrap));
  }
  for (uint8_t o : batch::mode_outcomes(report.mode)) {
    for (const RunSummary& s : report.runs) {
      if (s.outcomes[o] != 0) {
        report.outcomes_seen.push_back(o);
        break;
      }
    }
  }
  RowDetailReader details(options.text_members);
  for (size_t r = 0; r < runs.size(); ++r) {
    if (r == report.baseline) continue;
    Comparison c = compare(runs, alignment, report.baseline, r, options.bootstrap);
    read_details(runs[r], alignment.index[r], details, options.detail_rows, c);
    report.comparisons.push_back(std::move(c));
  }
  return report;
}

}  // namespace gqleval::report
