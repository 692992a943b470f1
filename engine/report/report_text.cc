#include "engine/report/report_text.h"

#include <algorithm>
#include <vector>

#include "engine/base/concat.h"
#include "engine/report/format.h"

namespace gqleval::report {
namespace {

// Columns padded to their widest cell: the first left-aligned, the others
// right-aligned, two spaces apart.
class TextTable {
 public:
  void row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }

  void print(std::string& out) const {
    std::vector<size_t> widths;
    for (const auto& r : rows_) {
      widths.resize(std::max(widths.size(), r.size()), 0);
      for (size_t i = 0; i < r.size(); ++i) widths[i] = std::max(widths[i], display_width(r[i]));
    }
    for (const auto& r : rows_) {
      std::string line;
      for (size_t i = 0; i < r.size(); ++i) {
        const std::string pad(widths[i] - display_width(r[i]), ' ');
        if (i != 0) line += "  ";
        line += i == 0 ? r[i] + pad : pad + r[i];
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line;
      out += '\n';
    }
  }

 private:
  // Code points, not bytes (a run may be named in UTF-8).
  static size_t display_width(const std::string& s) {
    return static_cast<size_t>(
        std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
  }
  std::vector<std::vector<std::string>> rows_;
};

std::string aligned_by(const Report& r) {
  return r.aligned_by == AlignedBy::kId ? "paired by id" : "paired by row number";
}

void leaderboard(const Report& r, std::string& out) {
  const std::string graded = concat({"mean ", graded_name(r.mode)});
  TextTable t;
  t.row({"run", "rows", "pass", "pass rate", "95% CI", graded, "95% CI"});
  for (const RunSummary& s : r.runs) {
    t.row({s.name, count(s.rows), count(s.passes), percent(s.pass_rate),
           percent_interval(s.pass_interval), fixed3(s.f1.mean), fixed3_interval(s.f1.interval)});
  }
  t.print(out);
}

void verdicts(const Report& r, std::string& out) {
  TextTable t;
  std::vector<std::string> head = {"verdicts"};
  for (uint8_t o : r.outcomes_seen) head.emplace_back(batch::outcome_name(o));
  t.row(std::move(head));
  for (const RunSummary& s : r.runs) {
    std::vector<std::string> cells = {s.name};
    for (uint8_t o : r.outcomes_seen) cells.push_back(count(s.outcomes[o]));
    t.row(std::move(cells));
  }
  t.print(out);
}

void comparisons(const Report& r, std::string& out) {
  TextTable t;
  t.row({concat({"against ", r.runs[r.baseline].name}), "fixed", "regressed", "McNemar p",
         "pass rate diff", "95% CI", concat({graded_name(r.mode), " diff"}), "95% CI"});
  for (const Comparison& c : r.comparisons) {
    t.row({r.runs[c.run].name, count(c.fixed), count(c.regressed), p_value(c.mcnemar_p),
           signed_percent(c.pass_rate_diff.mean),
           signed_percent_interval(c.pass_rate_diff.interval), signed3(c.mean_f1_diff.mean),
           signed3_interval(c.mean_f1_diff.interval)});
  }
  t.print(out);
}

void groups(const Report& r, std::string& out) {
  for (size_t g = 0; g < r.group_columns.size(); ++g) {
    TextTable t;
    std::vector<std::string> head = {concat({r.group_columns[g], ": pass rate (rows)"})};
    for (const RunSummary& s : r.runs) head.push_back(s.name);
    t.row(std::move(head));
    const GroupTable& first = r.runs[0].groups[g];
    for (size_t v = 0; v < first.values.size(); ++v) {
      std::vector<std::string> cells = {first.values[v].value};
      for (const RunSummary& s : r.runs) {
        const GroupRow& row = s.groups[g].values[v];
        cells.push_back(
            concat({percent(static_cast<double>(row.passes) / static_cast<double>(row.rows)), " (",
                    count(row.rows), ")"}));
      }
      t.row(std::move(cells));
    }
    out += '\n';
    t.print(out);
  }
}

void path_lines(std::string_view label, const std::vector<PathItem>& paths, std::string& out) {
  for (const PathItem& p : paths) out += concat({"      ", label, " ", p.path, "\n"});
}

void regressed(const Report& r, size_t shown, std::string& out) {
  for (const Comparison& c : r.comparisons) {
    if (c.regressed_rows.empty()) continue;
    const size_t n = std::min({shown, c.regressed_rows.size(), c.details.size()});
    out +=
        concat({"\nregressed in ", r.runs[c.run].name, ": ", count(c.regressed), " rows",
                n < c.regressed_rows.size()
                    ? concat({", the ", std::to_string(n), " most severe (all in --json, --html)"})
                    : std::string(),
                "\n"});
    for (size_t i = 0; i < n; ++i) {
      const RegressedRow& row = c.regressed_rows[i];
      const RowDetail& d = c.details[i];
      out += concat({"  ", row.id, "  ", batch::outcome_name(row.before), " -> ",
                     batch::outcome_name(row.after), "  ", graded_name(r.mode), " ",
                     fixed3(row.f1_before), " -> ", fixed3(row.f1_after), "  (", row.where, ")\n"});
      path_lines("missing", d.missing_paths, out);
      path_lines("extra  ", d.extra_paths, out);
      if (!d.first_error.empty()) out += concat({"      error   ", d.first_error, "\n"});
    }
  }
}

}  // namespace

std::string report_text(const Report& r, size_t shown) {
  std::string out;
  if (!r.title.empty()) out += concat({r.title, "\n"});
  out += concat({"gqleval report: ", std::to_string(r.runs.size()), " runs of ",
                 count(r.runs[0].rows), " rows, ", aligned_by(r), "; ",
                 r.references_checked ? "the same references in every run (reference_hash)"
                                      : "references not checked",
                 "\n"});
  out += concat({"baseline ", r.runs[r.baseline].name, "; 95% intervals: pass rate Wilson, mean ",
                 graded_name(r.mode), " bootstrap (", std::to_string(r.bootstrap.resamples),
                 " resamples, seed ", std::to_string(r.bootstrap.seed), ")\n\n"});
  leaderboard(r, out);
  out += '\n';
  verdicts(r, out);
  out += '\n';
  comparisons(r, out);
  groups(r, out);
  regressed(r, shown, out);
  for (const std::string& w : r.warnings) out += concat({"\nWARNING: ", w, "\n"});
  return out;
}

}  // namespace gqleval::report
