#include "engine/report/svg_charts.h"

#include <algorithm>
#include <cstdio>

#include "engine/base/concat.h"
#include "engine/report/format.h"
#include "engine/report/html_text.h"

namespace gqleval::report {
namespace {

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string open_svg(double width, double height, std::string_view label) {
  return concat({"<svg class=\"chart\" viewBox=\"0 0 ", num(width), " ", num(height),
                 "\" role=\"img\" aria-label=\"", html_escaped(label), "\">\n"});
}

std::string text(double x, double y, std::string_view body, std::string_view cls,
                 std::string_view anchor = "start") {
  return concat({"<text x=\"", num(x), "\" y=\"", num(y), "\" class=\"", cls, "\" text-anchor=\"",
                 anchor, "\">", html_escaped(body), "</text>\n"});
}

std::string rect(double x, double y, double w, double h, std::string_view cls,
                 std::string_view title) {
  return concat({"<rect x=\"", num(x), "\" y=\"", num(y), "\" width=\"", num(w), "\" height=\"",
                 num(h), "\" class=\"", cls, "\"><title>", html_escaped(title),
                 "</title></rect>\n"});
}

std::string line(double x1, double y1, double x2, double y2, std::string_view cls) {
  return concat({"<line x1=\"", num(x1), "\" y1=\"", num(y1), "\" x2=\"", num(x2), "\" y2=\"",
                 num(y2), "\" class=\"", cls, "\"/>\n"});
}

// A run's name cut to `max` code points, with an ellipsis.
std::string short_name(std::string_view name, size_t max) {
  size_t points = 0;
  for (size_t i = 0; i < name.size(); ++i) {
    if ((name[i] & 0xC0) == 0x80) continue;
    if (++points > max) return concat({name.substr(0, i), "…"});
  }
  return std::string(name);
}

std::string series_class(size_t run) { return concat({"s", std::to_string(run % 8)}); }

// The y axis of a rate chart: gridlines and labels at 0, 25, ... 100%.
std::string rate_axis(double left, double right, double top, double height) {
  std::string out;
  for (int p = 0; p <= 100; p += 25) {
    const double y = top + height * (1 - p / 100.0);
    out += line(left, y, right, y, p == 0 ? "axis" : "grid");
    out += text(left - 6, y + 4, concat({std::to_string(p), "%"}), "tick", "end");
  }
  return out;
}

}  // namespace

std::string verdict_bars_svg(const Report& r) {
  const double label_w = 150;
  const double bar_w = 900;
  const double row_h = 30;
  const double legend_h = 34;
  const double width = label_w + bar_w + 20;
  const double height = legend_h + row_h * static_cast<double>(r.runs.size()) + 8;
  std::string out = open_svg(width, height, "Verdicts per run, as shares of its rows");
  // Legend: one swatch per verdict that occurs, left to right.
  double x = label_w;
  for (uint8_t o : r.outcomes_seen) {
    const std::string_view name = batch::outcome_name(o);
    out += rect(x, 8, 12, 12, concat({"v-", name}), name);
    out += text(x + 16, 18, name, "legend");
    x += 24 + 7.2 * static_cast<double>(name.size());
  }
  for (size_t i = 0; i < r.runs.size(); ++i) {
    const RunSummary& s = r.runs[i];
    const double y = legend_h + row_h * static_cast<double>(i);
    out += text(label_w - 8, y + row_h / 2 + 4, short_name(s.name, 20), "label", "end");
    double at = label_w;
    for (uint8_t o : r.outcomes_seen) {
      if (s.outcomes[o] == 0 || s.rows == 0) continue;
      const double share = static_cast<double>(s.outcomes[o]) / static_cast<double>(s.rows);
      const double w = bar_w * share;
      const std::string_view name = batch::outcome_name(o);
      out += rect(at, y + 4, w, row_h - 8, concat({"v-", name}),
                  concat({s.name, ": ", name, " ", count(s.outcomes[o]), " of ", count(s.rows),
                          " (", percent(share), ")"}));
      if (w >= 44) out += text(at + w / 2, y + row_h / 2 + 4, percent(share), "in-bar", "middle");
      at += w;
    }
  }
  out += "</svg>\n";
  return out;
}

std::string group_rates_svg(const Report& r, size_t g) {
  const GroupTable& first = r.runs[0].groups[g];
  const size_t values = first.values.size();
  const size_t runs = r.runs.size();
  const double left = 48;
  const double top = 34;
  const double plot_h = 220;
  // Bars of 16 units (10 for many runs) with a gap of 18 between values; a
  // chart narrower than 560 units spreads its values over that width.
  const double bar_w = runs > 6 ? 10 : 16;
  const double natural = bar_w * static_cast<double>(runs) + 18;
  const double width = std::max(560.0, left + natural * static_cast<double>(values) + 16);
  const double slot = (width - left - 16) / static_cast<double>(std::max<size_t>(values, 1));
  const double height = top + plot_h + 44;
  std::string out =
      open_svg(width, height, concat({"Pass rate per ", r.group_columns[g], " and run"}));
  // Legend: the runs.
  double x = left;
  for (size_t k = 0; k < runs; ++k) {
    const std::string name = short_name(r.runs[k].name, 18);
    out += rect(x, 8, 12, 12, series_class(k), r.runs[k].name);
    out += text(x + 16, 18, name, "legend");
    x += 28 + 7.2 * static_cast<double>(name.size());
  }
  out += rate_axis(left, width - 8, top, plot_h);
  for (size_t v = 0; v < values; ++v) {
    const double x0 =
        left + slot * static_cast<double>(v) + (slot - bar_w * static_cast<double>(runs)) / 2;
    for (size_t k = 0; k < runs; ++k) {
      const GroupRow& row = r.runs[k].groups[g].values[v];
      const double rate = static_cast<double>(row.passes) / static_cast<double>(row.rows);
      const double bx = x0 + bar_w * static_cast<double>(k);
      const double y = top + plot_h * (1 - rate);
      out += rect(bx + 1, y, bar_w - 2, plot_h * rate, series_class(k),
                  concat({r.group_columns[g], " ", row.value, ", ", r.runs[k].name, ": ",
                          percent(rate), " of ", count(row.rows), " rows (95% CI ",
                          percent_interval(row.pass_interval), ")"}));
      const double cx = bx + bar_w / 2;
      const double lo = top + plot_h * (1 - row.pass_interval.low);
      const double hi = top + plot_h * (1 - row.pass_interval.high);
      out += line(cx, lo, cx, hi, "whisker");
      out += line(cx - 3, lo, cx + 3, lo, "whisker");
      out += line(cx - 3, hi, cx + 3, hi, "whisker");
    }
    out += text(x0 + bar_w * static_cast<double>(runs) / 2, top + plot_h + 16,
                short_name(first.values[v].value, 14), "tick", "middle");
    out += text(x0 + bar_w * static_cast<double>(runs) / 2, top + plot_h + 30,
                concat({"n=", count(first.values[v].rows)}), "tick small", "middle");
  }
  out += "</svg>\n";
  return out;
}

std::string trend_svg(const Report& r) {
  const size_t runs = r.runs.size();
  const double left = 48;
  const double top = 24;
  const double plot_h = 220;
  const double step = std::max(80.0, 480.0 / static_cast<double>(std::max<size_t>(runs - 1, 1)));
  const double width = std::max(560.0, left + 40 + step * static_cast<double>(runs - 1) + 40);
  const double height = top + plot_h + 40;
  std::string out = open_svg(width, height, "Pass rate per run, in order, with 95% intervals");
  out += rate_axis(left, width - 8, top, plot_h);
  auto px = [&](size_t k) { return left + 40 + step * static_cast<double>(k); };
  auto py = [&](double rate) { return top + plot_h * (1 - rate); };
  // The band through the intervals, then the line, whiskers and points.
  std::string band = "<polygon class=\"band\" points=\"";
  for (size_t k = 0; k < runs; ++k) {
    band += concat({num(px(k)), ",", num(py(r.runs[k].pass_interval.high)), " "});
  }
  for (size_t k = runs; k-- > 0;) {
    band += concat({num(px(k)), ",", num(py(r.runs[k].pass_interval.low)), " "});
  }
  out += band + "\"/>\n";
  std::string path = "<polyline class=\"trend\" points=\"";
  for (size_t k = 0; k < runs; ++k) {
    path += concat({num(px(k)), ",", num(py(r.runs[k].pass_rate)), " "});
  }
  out += path + "\"/>\n";
  for (size_t k = 0; k < runs; ++k) {
    const RunSummary& s = r.runs[k];
    const double x = px(k);
    out += line(x, py(s.pass_interval.low), x, py(s.pass_interval.high), "whisker");
    out += line(x - 4, py(s.pass_interval.low), x + 4, py(s.pass_interval.low), "whisker");
    out += line(x - 4, py(s.pass_interval.high), x + 4, py(s.pass_interval.high), "whisker");
    out += concat({"<circle cx=\"", num(x), "\" cy=\"", num(py(s.pass_rate)),
                   "\" r=\"4.5\" class=\"point\"><title>", html_escaped(s.name), ": ",
                   percent(s.pass_rate), " (95% CI ", percent_interval(s.pass_interval),
                   ")</title></circle>\n"});
    // Above the interval's top whisker, so that no label covers a mark.
    out += text(x, py(s.pass_interval.high) - 7, percent(s.pass_rate), "value", "middle");
    out += text(x, top + plot_h + 18, short_name(s.name, 14), "tick", "middle");
  }
  out += "</svg>\n";
  return out;
}

}  // namespace gqleval::report
