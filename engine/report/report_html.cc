#include "engine/report/report_html.h"

#include <algorithm>

#include "engine/base/concat.h"
#include "engine/base/version.h"
#include "engine/report/format.h"
#include "engine/report/html_text.h"
#include "engine/report/query_highlight.h"
#include "engine/report/report_html_assets.h"
#include "engine/report/svg_charts.h"

namespace gqleval::report {
namespace {

std::string esc(std::string_view s) { return html_escaped(s); }

std::string number_attr(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// A cell that sorts by `v` and shows `shown`.
std::string td(double v, std::string_view shown) {
  return concat({"<td data-v=\"", number_attr(v), "\">", shown, "</td>"});
}

std::string td_text(std::string_view shown) {
  return concat({"<td data-v=\"", esc(shown), "\">", esc(shown), "</td>"});
}

// A header cell; `first` is the direction of the first click.
std::string th(std::string_view label, std::string_view first = "desc") {
  return concat({"<th scope=\"col\" data-first=\"", first, "\">", esc(label), "</th>"});
}

std::string verdict_badge(uint8_t outcome) {
  return concat({"<span class=\"verdict ", batch::outcome_passes(outcome) ? "pass" : "fail", "\">",
                 esc(batch::outcome_name(outcome)), "</span>"});
}

class Page {
 public:
  Page(const Report& r, std::span<const GateOutcome> gates, size_t listed)
      : r_(r), gates_(gates), listed_(listed), graded_(graded_name(r.mode)) {}

  std::string render() {
    const std::string title = r_.title.empty() ? "gqleval report" : r_.title;
    out_ = concat(
        // NOLINTNEXTLINE(bugprone-suspicious-missing-comma): one literal over lines
        {"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<title>",
         esc(title), "</title>\n<style>", kReportCss, "</style>\n</head>\n<body>\n<main>\n"});
    header(title);
    leaderboard();
    out_ += concat({"<section id=\"verdicts\"><h2>Verdicts per run</h2>\n", verdict_bars_svg(r_),
                    "</section>\n"});
    out_ += "<div class=\"charts\">\n";
    out_ += concat({"<section id=\"trend\"><h2>Pass rate over the runs</h2>\n", trend_svg(r_),
                    "<p class=\"note\">In the order the runs were given; the band and whiskers "
                    "are 95% Wilson intervals.</p></section>\n"});
    for (size_t g = 0; g < r_.group_columns.size(); ++g) {
      out_ += concat({"<section id=\"group-", std::to_string(g), "\"><h2>Pass rate by ",
                      esc(r_.group_columns[g]), "</h2>\n", group_rates_svg(r_, g),
                      "<p class=\"note\">Whiskers: 95% Wilson intervals.</p></section>\n"});
    }
    out_ += "</div>\n";
    comparisons();
    for (const Comparison& c : r_.comparisons) regressed(c);
    out_ += concat({"<footer>Written by gqleval ", esc(version()), " (commit ", esc(git_commit()),
                    "), gqleval report. Pass rate intervals: Wilson score, 95%. Mean ", graded_,
                    " intervals: Poisson bootstrap, ", std::to_string(r_.bootstrap.resamples),
                    " resamples, seed ", std::to_string(r_.bootstrap.seed),
                    // NOLINTNEXTLINE(bugprone-suspicious-missing-comma): one literal over lines
                    ", 2.5th and 97.5th percentiles. McNemar: exact two-sided binomial test on "
                    "the rows that changed.</footer>\n</main>\n<script>",
                    kReportScript, "</script>\n</body>\n</html>\n"});
    return std::move(out_);
  }

 private:
  void header(const std::string& title) {
    out_ += concat({"<header>\n<h1>", esc(title), "</h1>\n<p class=\"meta\">",
                    std::to_string(r_.runs.size()), " runs of ", count(r_.runs[0].rows), " rows, ",
                    r_.aligned_by == AlignedBy::kId ? "paired by id" : "paired by row number", "; ",
                    r_.references_checked ? "the same references in every run (reference_hash)"
                                          : "references not checked",
                    ". Baseline: <b>", esc(r_.runs[r_.baseline].name), "</b>.</p>\n"});
    for (const std::string& w : r_.warnings) {
      out_ += concat({"<p class=\"warning\">", esc(w), "</p>\n"});
    }
    for (const GateOutcome& g : gates_) {
      if (g.failed) {
        for (const std::string& reason : g.reasons) {
          out_ += concat({"<p class=\"gate-failed\">Gate failed: <b>", esc(g.run),
                          "</b>: ", esc(reason), "</p>\n"});
        }
      } else {
        out_ += concat({"<p class=\"gate-passed\">Gate passed: <b>", esc(g.run), "</b></p>\n"});
      }
    }
    out_ += "</header>\n";
  }

  void leaderboard() {
    out_ +=
        "<section id=\"leaderboard\"><h2>Leaderboard</h2>\n"
        "<table class=\"sortable\" id=\"leaderboard-table\">\n<thead><tr>";
    out_ += concat({th("run", "asc"), th("rows"), th("pass"), th("pass rate"), th("95% CI"),
                    th(concat({"mean ", graded_})), th("95% CI")});
    for (uint8_t o : r_.outcomes_seen) out_ += th(batch::outcome_name(o));
    out_ += "</tr></thead>\n<tbody>\n";
    for (size_t k = 0; k < r_.runs.size(); ++k) {
      const RunSummary& s = r_.runs[k];
      out_ +=
          concat({"<tr", k == r_.baseline ? " class=\"baseline\"" : "", ">", td_text(s.name),
                  td(static_cast<double>(s.rows), count(s.rows)),
                  td(static_cast<double>(s.passes), count(s.passes)),
                  td(s.pass_rate, percent(s.pass_rate)),
                  td(s.pass_interval.low,
                     concat({"<span class=\"ci\">", percent_interval(s.pass_interval), "</span>"})),
                  td(s.f1.mean, fixed3(s.f1.mean)),
                  td(s.f1.interval.low,
                     concat({"<span class=\"ci\">", fixed3_interval(s.f1.interval), "</span>"}))});
      for (uint8_t o : r_.outcomes_seen) {
        out_ += td(static_cast<double>(s.outcomes[o]), count(s.outcomes[o]));
      }
      out_ += "</tr>\n";
    }
    out_ +=
        "</tbody></table>\n<p class=\"note\">Click a column to sort; again to reverse. "
        "Intervals are 95%.</p></section>\n";
  }

  void comparisons() {
    out_ += concat({"<section id=\"comparisons\"><h2>Against ", esc(r_.runs[r_.baseline].name),
                    // NOLINTNEXTLINE(bugprone-suspicious-missing-comma): one literal over lines
                    " (paired)</h2>\n<table class=\"sortable\" id=\"comparison-table\">\n"
                    "<thead><tr>",
                    th("run", "asc"), th("both pass"), th("fixed"), th("regressed"),
                    th("both fail"), th("McNemar p", "asc"), th("pass rate diff"), th("95% CI"),
                    th(concat({graded_, " diff"})), th("95% CI"), "</tr></thead>\n<tbody>\n"});
    for (const Comparison& c : r_.comparisons) {
      out_ += concat({"<tr>", td_text(r_.runs[c.run].name),
                      td(static_cast<double>(c.both_pass), count(c.both_pass)),
                      td(static_cast<double>(c.fixed), count(c.fixed)),
                      td(static_cast<double>(c.regressed), count(c.regressed)),
                      td(static_cast<double>(c.both_fail), count(c.both_fail)),
                      td(c.mcnemar_p, p_value(c.mcnemar_p)),
                      td(c.pass_rate_diff.mean, signed_percent(c.pass_rate_diff.mean)),
                      td(c.pass_rate_diff.interval.low,
                         concat({"<span class=\"ci\">",
                                 signed_percent_interval(c.pass_rate_diff.interval), "</span>"})),
                      td(c.mean_f1_diff.mean, signed3(c.mean_f1_diff.mean)),
                      td(c.mean_f1_diff.interval.low,
                         concat({"<span class=\"ci\">", signed3_interval(c.mean_f1_diff.interval),
                                 "</span>"})),
                      "</tr>\n"});
    }
    out_ +=
        "</tbody></table>\n<p class=\"note\">Fixed: fails in the baseline, passes in the run; "
        "regressed: the other way. Differences are the run minus the baseline; their "
        "intervals come from a paired bootstrap (a row weighs the same in both runs).</p>"
        "</section>\n";
  }

  // The paths that no argument difference stands for (`paired` marks those).
  void paths_list(const std::vector<PathItem>& paths, std::string_view cls, std::string_view label,
                  const std::vector<bool>& paired) {
    for (size_t i = 0; i < paths.size(); ++i) {
      if (i < paired.size() && paired[i]) continue;
      const PathItem& p = paths[i];
      const std::string operation =
          p.operation ? concat({"operation ", std::to_string(*p.operation), ", "}) : "";
      out_ += concat({"<li class=\"", cls, "\">", label, " ", esc(p.path),
                      p.line != 0 || p.operation
                          ? concat({" (", operation, "line ", std::to_string(p.line), ")"})
                          : "",
                      "</li>\n"});
    }
  }

  // The candidate's paths whose positions are in `text`: all, but where an
  // answer of several operations is a JSON array of texts (each path's
  // position is in its own operation's text, not in the cell).
  static std::vector<PathItem> marks_in(std::string_view text, const std::vector<PathItem>& paths) {
    const size_t start = text.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos || text[start] != '[') return paths;
    std::vector<PathItem> out;
    for (const PathItem& p : paths) {
      if (!p.operation) out.push_back(p);
    }
    return out;
  }

  // Which paths of a list the argument differences found `within` pair.
  static std::vector<bool> paired(const RowDetail& d, int64_t within, bool missing, size_t n) {
    std::vector<bool> out(n, false);
    for (const ArgumentItem& a : d.argument_differences) {
      const uint64_t i = missing ? a.missing_index : a.extra_index;
      if (a.within == within && i < n) out[i] = true;
    }
    return out;
  }

  static std::string line_text(uint32_t reference, uint32_t candidate) {
    if (reference == 0 || candidate == 0) return "";
    return concat({" (lines ", std::to_string(reference), " and ", std::to_string(candidate), ")"});
  }

  // The argument differences found `within` one (-1: at the top), each with
  // what differs inside it: the same field with other arguments, explained as
  // one difference rather than two whole subtrees.
  void argument_list(const RowDetail& d, int64_t within) {
    for (size_t k = 0; k < d.argument_differences.size(); ++k) {
      const ArgumentItem& a = d.argument_differences[k];
      if (a.within != within) continue;
      out_ += concat({"<li class=\"args\">arguments ", esc(a.path), ": ", esc(a.changes),
                      line_text(a.reference_line, a.candidate_line), "\n<ul>\n"});
      const auto here = static_cast<int64_t>(k);
      paths_list(a.missing_paths, "miss", "missing", paired(d, here, true, a.missing_paths.size()));
      paths_list(a.extra_paths, "extra", "extra", paired(d, here, false, a.extra_paths.size()));
      argument_list(d, here);
      out_ += "</ul></li>\n";
    }
  }

  // A row's explanation: its paths, its argument differences, its error.
  void explanation(const RowDetail& d) {
    if (d.missing_paths.empty() && d.extra_paths.empty() && d.first_error.empty()) return;
    out_ += "<ul class=\"paths\">\n";
    paths_list(d.missing_paths, "miss", "missing", paired(d, -1, true, d.missing_paths.size()));
    paths_list(d.extra_paths, "extra", "extra", paired(d, -1, false, d.extra_paths.size()));
    argument_list(d, -1);
    if (!d.first_error.empty()) {
      out_ += concat({"<li class=\"miss\">error ", esc(d.first_error), "</li>\n"});
    }
    out_ += "</ul>\n";
  }

  void regressed(const Comparison& c) {
    const std::string& name = r_.runs[c.run].name;
    const size_t n = std::min({listed_, c.regressed_rows.size(), c.details.size()});
    out_ += concat({"<section class=\"regressed\"><h2>Regressed in ", esc(name), ": ",
                    count(c.regressed), " rows</h2>\n"});
    if (c.regressed_rows.empty()) {
      out_ += concat({"<p class=\"note\">No row that passes in ", esc(r_.runs[r_.baseline].name),
                      " fails in ", esc(name), ".</p></section>\n"});
      return;
    }
    out_ += concat({"<p class=\"note\">Rows that pass in ", esc(r_.runs[r_.baseline].name),
                    " and fail in ", esc(name), ", most severe first (the ", graded_,
                    " the row lost, then the verdict that says less of the answer)",
                    n < c.regressed_rows.size()
                        ? concat({"; the first ", std::to_string(n), " (all in --json)"})
                        : "",
                    ".</p>\n"});
    for (size_t i = 0; i < n; ++i) {
      const RegressedRow& row = c.regressed_rows[i];
      const RowDetail& d = c.details[i];
      out_ += concat({"<article class=\"row-card\">\n<header><span class=\"id\">#",
                      std::to_string(i + 1), " id ", esc(row.id), "</span>",
                      verdict_badge(row.before), " &rarr; ", verdict_badge(row.after), "<span>",
                      graded_, " ", fixed3(row.f1_before), " &rarr; ", fixed3(row.f1_after),
                      "</span><span class=\"where\">", esc(row.where), "</span></header>\n"});
      if (d.reference || d.candidate) {
        // Positions of missing paths are in the matched reference; they mark
        // the text shown only when that is the primary one.
        const bool primary = d.matched_reference.value_or(0) == 0;
        out_ += "<div class=\"queries\">\n<div><h4>reference</h4><pre>";
        out_ += d.reference
                    ? highlighted_query_html(
                          *d.reference, primary ? d.missing_paths : std::vector<PathItem>{}, "miss")
                    : "<span class=\"note\">not in the results</span>";
        out_ += concat({"</pre></div>\n<div><h4>candidate (", esc(name), ")</h4><pre>"});
        out_ += d.candidate ? highlighted_query_html(*d.candidate,
                                                     marks_in(*d.candidate, d.extra_paths), "extra")
                            : "<span class=\"note\">not in the results</span>";
        out_ += "</pre></div>\n</div>\n";
      } else {
        out_ +=
            "<p class=\"note\">The results do not carry the queries: score with "
            "--keep-col for the reference and candidate columns to show them here.</p>\n";
      }
      explanation(d);
      out_ += "</article>\n";
    }
    out_ += "</section>\n";
  }

  const Report& r_;
  std::span<const GateOutcome> gates_;
  size_t listed_;
  std::string_view graded_;
  std::string out_;
};

}  // namespace

std::string report_html(const Report& report, std::span<const GateOutcome> gates, size_t listed) {
  return Page(report, gates, listed).render();
}

}  // namespace gqleval::report
