#include "engine/report/report_markdown.h"

#include <algorithm>

#include "engine/base/concat.h"
#include "engine/report/format.h"

namespace gqleval::report {
namespace {

// A table cell: pipes escaped, line breaks as spaces.
std::string cell(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '|') {
      out += "\\|";
    } else if (c == '\n' || c == '\r') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

// Inline code that holds any text: a backtick run longer than any inside.
std::string code(std::string_view text) {
  size_t longest = 0;
  size_t run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string ticks(longest + 1, '`');
  return concat({ticks, longest ? " " : "", cell(text), longest ? " " : "", ticks});
}

// A fenced block that holds any text.
std::string fenced(std::string_view text) {
  std::string fence = "```";
  while (text.find(fence) != std::string_view::npos) fence += '`';
  std::string out = concat({fence, "\n", text});
  if (!text.ends_with('\n')) out += '\n';
  return concat({out, fence, "\n"});
}

void row(std::string& out, const std::vector<std::string>& cells) {
  out += '|';
  for (const std::string& c : cells) out += concat({" ", c, " |"});
  out += '\n';
}

void head(std::string& out, const std::vector<std::string>& cells, size_t left = 1) {
  row(out, cells);
  out += '|';
  for (size_t i = 0; i < cells.size(); ++i) out += i < left ? "---|" : "---:|";
  out += '\n';
}

std::string paths_cell(const std::vector<PathItem>& paths) {
  std::string out;
  for (const PathItem& p : paths) {
    if (!out.empty()) out += "<br>";
    out += code(p.path);
  }
  return out;
}

void regressed(const Report& r, const Comparison& c, size_t listed, std::string& out) {
  const std::string& name = r.runs[c.run].name;
  const size_t n = std::min({listed, c.regressed_rows.size(), c.details.size()});
  out += concat({"\n### Regressed in ", cell(name), ": ", count(c.regressed), " rows"});
  if (n < c.regressed_rows.size()) out += concat({", the ", std::to_string(n), " most severe"});
  out += "\n\nMost severe first: the ";
  out += graded_name(r.mode);
  out += " the row lost, then the verdict that says less of the answer.\n\n";
  if (n == 0) return;
  const bool equivalence = r.mode == batch::ScoreMode::kEquivalence;
  std::vector<std::string> cols = {"id", "before", "after", std::string(graded_name(r.mode)),
                                   "missing"};
  if (equivalence) cols.emplace_back("extra");
  head(out, cols, cols.size());
  for (size_t i = 0; i < n; ++i) {
    const RegressedRow& row_i = c.regressed_rows[i];
    const RowDetail& d = c.details[i];
    std::vector<std::string> cells = {
        code(row_i.id), std::string(batch::outcome_name(row_i.before)),
        std::string(batch::outcome_name(row_i.after)),
        concat({fixed3(row_i.f1_before), " → ", fixed3(row_i.f1_after)}),
        d.first_error.empty() ? paths_cell(d.missing_paths) : cell(d.first_error)};
    if (equivalence) cells.push_back(paths_cell(d.extra_paths));
    row(out, cells);
  }
  for (size_t i = 0; i < n; ++i) {
    const RowDetail& d = c.details[i];
    if (!d.candidate && !d.reference) continue;
    out += concat(
        {"\n<details><summary>", cell(c.regressed_rows[i].id), ": the queries</summary>\n\n"});
    if (d.reference) out += concat({"reference:\n\n", fenced(*d.reference), "\n"});
    if (d.candidate)
      out += concat({"candidate (", cell(name), "):\n\n", fenced(*d.candidate), "\n"});
    out += "</details>\n";
  }
}

}  // namespace

std::string report_markdown(const Report& r, std::span<const GateOutcome> gates, size_t listed) {
  std::string out = concat({"# ", cell(r.title.empty() ? "gqleval report" : r.title), "\n\n"});
  out += concat({std::to_string(r.runs.size()), " runs of ", count(r.runs[0].rows), " rows, ",
                 r.aligned_by == AlignedBy::kId ? "paired by id" : "paired by row number", "; ",
                 r.references_checked ? "the same references in every run (reference_hash)"
                                      : "**references not checked**",
                 ". Baseline: ", cell(r.runs[r.baseline].name),
                 ". 95% intervals: pass rate Wilson, mean ", graded_name(r.mode), " bootstrap (",
                 std::to_string(r.bootstrap.resamples), " resamples, seed ",
                 std::to_string(r.bootstrap.seed), ").\n"});
  for (const std::string& w : r.warnings) out += concat({"\n> **Warning:** ", cell(w), "\n"});

  const std::string graded = concat({"mean ", graded_name(r.mode)});
  out += "\n## Leaderboard\n\n";
  head(out, {"run", "rows", "pass", "pass rate", "95% CI", graded, "95% CI"});
  for (const RunSummary& s : r.runs) {
    row(out,
        {cell(s.name), count(s.rows), count(s.passes), percent(s.pass_rate),
         percent_interval(s.pass_interval), fixed3(s.f1.mean), fixed3_interval(s.f1.interval)});
  }

  out += "\n## Verdicts\n\n";
  std::vector<std::string> cols = {"run"};
  for (uint8_t o : r.outcomes_seen) cols.emplace_back(batch::outcome_name(o));
  head(out, cols);
  for (const RunSummary& s : r.runs) {
    std::vector<std::string> cells = {cell(s.name)};
    for (uint8_t o : r.outcomes_seen) cells.push_back(count(s.outcomes[o]));
    row(out, cells);
  }

  out += concat({"\n## Against ", cell(r.runs[r.baseline].name), "\n\n"});
  head(out, {"run", "fixed", "regressed", "McNemar p", "pass rate diff", "95% CI",
             concat({graded_name(r.mode), " diff"}), "95% CI", "gate"});
  for (size_t i = 0; i < r.comparisons.size(); ++i) {
    const Comparison& c = r.comparisons[i];
    std::string gate = "not checked";
    if (i < gates.size())
      gate = gates[i].failed ? concat({"**failed**: ", cell(gates[i].reasons[0])}) : "passed";
    row(out,
        {cell(r.runs[c.run].name), count(c.fixed), count(c.regressed), p_value(c.mcnemar_p),
         signed_percent(c.pass_rate_diff.mean), signed_percent_interval(c.pass_rate_diff.interval),
         signed3(c.mean_f1_diff.mean), signed3_interval(c.mean_f1_diff.interval), gate});
  }

  for (size_t g = 0; g < r.group_columns.size(); ++g) {
    out += concat({"\n## Pass rate by ", cell(r.group_columns[g]), "\n\n"});
    std::vector<std::string> gcols = {cell(r.group_columns[g]), "rows"};
    for (const RunSummary& s : r.runs) gcols.push_back(cell(s.name));
    head(out, gcols);
    const GroupTable& first = r.runs[0].groups[g];
    for (size_t v = 0; v < first.values.size(); ++v) {
      std::vector<std::string> cells = {cell(first.values[v].value), count(first.values[v].rows)};
      for (const RunSummary& s : r.runs) {
        const GroupRow& gr = s.groups[g].values[v];
        cells.push_back(
            concat({percent(static_cast<double>(gr.passes) / static_cast<double>(gr.rows)), " (",
                    percent_interval(gr.pass_interval), ")"}));
      }
      row(out, cells);
    }
  }

  for (const Comparison& c : r.comparisons) regressed(r, c, listed, out);
  return out;
}

}  // namespace gqleval::report
