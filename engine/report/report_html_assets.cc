#include "engine/report/report_html_assets.h"

namespace gqleval::report {

// Okabe and Ito's colour-blind-safe palette for runs; verdicts in the same
// family: green passes, warm failures of the answer, cool failures of the
// inputs, grey for no answer at all.
const std::string_view kReportCss = R"css(
:root { --ink: #1d2430; --muted: #5b6575; --line: #d8dde5; --bg: #ffffff; --panel: #f6f8fb;
  --miss: #fde2dc; --miss-ink: #b3261e; --extra: #fff0c7; --extra-ink: #8a5a00; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
main { max-width: 1200px; margin: 0 auto; padding: 24px 28px 48px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 32px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 20px 0 8px; }
p.meta { color: var(--muted); margin: 2px 0; }
.warning { background: #fff4e5; border-left: 4px solid #e69f00; padding: 6px 10px; margin: 8px 0; }
.gate-failed { background: #fde2dc; border-left: 4px solid #b3261e; padding: 6px 10px; margin: 8px 0; }
.gate-passed { background: #e3f4ec; border-left: 4px solid #009e73; padding: 6px 10px; margin: 8px 0; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { padding: 5px 8px; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
td.text, th.text { text-align: left; white-space: normal; }
thead th { background: var(--panel); font-weight: 600; position: sticky; top: 0; }
table.sortable th { cursor: pointer; user-select: none; }
table.sortable th::after { content: " \2195"; color: #a0a8b4; font-size: 11px; }
table.sortable th[aria-sort="ascending"]::after { content: " \25B2"; color: var(--ink); }
table.sortable th[aria-sort="descending"]::after { content: " \25BC"; color: var(--ink); }
td .ci { color: var(--muted); font-size: 12px; }
tr.baseline td:first-child::after { content: " (baseline)"; color: var(--muted); font-size: 12px; }
.charts { display: grid; grid-template-columns: 1fr 1fr; gap: 24px; }
.charts > section { min-width: 0; }
svg.chart { width: 100%; height: auto; display: block; }
svg text { font: 12px system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; fill: var(--ink); }
svg text.tick { fill: var(--muted); font-size: 11px; }
svg text.small { font-size: 10px; }
svg text.in-bar { fill: #fff; font-size: 11px; font-weight: 600; }
svg text.value { font-size: 11px; font-weight: 600; }
svg .grid { stroke: #e6e9ee; stroke-width: 1; }
svg .axis { stroke: #9aa3af; stroke-width: 1; }
svg .whisker { stroke: #1d2430; stroke-width: 1.2; }
svg .band { fill: #0072b2; fill-opacity: 0.13; stroke: none; }
svg .trend { fill: none; stroke: #0072b2; stroke-width: 2.5; }
svg .point { fill: #0072b2; stroke: #fff; stroke-width: 1.5; }
.s0 { fill: #0072b2; } .s1 { fill: #e69f00; } .s2 { fill: #009e73; } .s3 { fill: #cc79a7; }
.s4 { fill: #56b4e9; } .s5 { fill: #d55e00; } .s6 { fill: #8a7d00; } .s7 { fill: #4d4d4d; }
.v-equivalent, .v-subset { fill: #009e73; } .v-overfetch_ok { fill: #66c2a5; }
.v-overfetch { fill: #e69f00; } .v-underfetch { fill: #f0c419; } .v-missing { fill: #f0c419; }
.v-mismatch { fill: #d55e00; } .v-no_query { fill: #9aa3af; } .v-invalid_candidate { fill: #cc79a7; }
.v-invalid_reference { fill: #56b4e9; } .v-invalid_schema { fill: #0072b2; } .v-bad_row { fill: #1d2430; }
.verdict { display: inline-block; padding: 0 6px; border-radius: 3px; font-size: 12px; color: #fff; background: #5b6575; }
.verdict.pass { background: #009e73; } .verdict.fail { background: #d55e00; }
.row-card { border: 1px solid var(--line); border-radius: 6px; margin: 14px 0; padding: 10px 12px; break-inside: avoid; }
.row-card header { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: baseline; margin-bottom: 8px; }
.row-card header .id { font-weight: 600; }
.row-card header .where { color: var(--muted); font-size: 12px; }
.queries { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
.queries > div { min-width: 0; }
.queries h4 { margin: 0 0 4px; font-size: 12px; color: var(--muted); font-weight: 600; }
pre { margin: 0; padding: 8px 10px; background: var(--panel); border-radius: 4px; overflow-x: auto;
  font: 12px/1.45 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; white-space: pre-wrap; word-break: break-word; }
pre .miss { background: var(--miss); display: inline-block; width: 100%; }
pre .extra { background: var(--extra); display: inline-block; width: 100%; }
pre mark { background: none; font-weight: 700; text-decoration: underline; }
pre .miss mark { color: var(--miss-ink); }
pre .extra mark { color: var(--extra-ink); }
ul.paths { margin: 6px 0 0; padding-left: 18px; font: 12px/1.5 ui-monospace, "DejaVu Sans Mono", Menlo, monospace; }
ul.paths li.miss { color: var(--miss-ink); }
ul.paths li.extra { color: var(--extra-ink); }
ul.paths li.args { color: var(--ink); font-weight: 600; }
ul.paths li.args ul { padding-left: 18px; font-weight: 400; }
.note { color: var(--muted); font-size: 12px; }
footer { margin-top: 36px; color: var(--muted); font-size: 12px; }
@media (max-width: 900px) { .charts, .queries { grid-template-columns: 1fr; } }
@media print {
  @page { size: A4; margin: 12mm; }
  body { font-size: 10pt; }
  main { max-width: none; padding: 0; }
  h2 { break-after: avoid; }
  thead th { position: static; }
  table.sortable th::after { content: none; }
  table, svg.chart, .row-card { break-inside: avoid; }
  .charts, .queries { grid-template-columns: 1fr 1fr; }
  pre { white-space: pre-wrap; }
  th, td { padding: 3px 5px; }
}
)css";

const std::string_view kReportScript = R"js(
(function () {
  "use strict";
  var root = document.documentElement;
  root.setAttribute("data-errors", "0");
  window.addEventListener("error", function () {
    root.setAttribute("data-errors", String(Number(root.getAttribute("data-errors")) + 1));
  });
  function key(cell) {
    var v = cell.getAttribute("data-v");
    if (v !== null && v !== "" && !isNaN(Number(v))) return { n: Number(v) };
    return { s: (v !== null ? v : cell.textContent).trim().toLowerCase() };
  }
  function compare(a, b) {
    if ("n" in a && "n" in b) return a.n - b.n;
    if ("n" in a) return -1;
    if ("n" in b) return 1;
    return a.s < b.s ? -1 : a.s > b.s ? 1 : 0;
  }
  function sortTable(table, column, descending) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var keyed = rows.map(function (row, i) { return { row: row, k: key(row.cells[column]), i: i }; });
    keyed.sort(function (x, y) {
      var c = compare(x.k, y.k);
      if (descending) c = -c;
      return c !== 0 ? c : x.i - y.i;
    });
    keyed.forEach(function (e) { body.appendChild(e.row); });
    var heads = table.tHead.rows[0].cells;
    for (var h = 0; h < heads.length; h++) heads[h].removeAttribute("aria-sort");
    heads[column].setAttribute("aria-sort", descending ? "descending" : "ascending");
  }
  var tables = document.querySelectorAll("table.sortable");
  Array.prototype.forEach.call(tables, function (table) {
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, column) {
      th.setAttribute("tabindex", "0");
      function activate() {
        var descending = th.getAttribute("aria-sort") === "ascending" ||
          (th.getAttribute("aria-sort") === null && th.getAttribute("data-first") === "desc");
        sortTable(table, column, descending);
      }
      th.addEventListener("click", activate);
      th.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); activate(); }
      });
    });
  });
  var m = /^#sort=([A-Za-z0-9_-]+)\.(\d+)\.(asc|desc)$/.exec(window.location.hash);
  if (m) {
    var t = document.getElementById(m[1]);
    if (t && t.tHead && Number(m[2]) < t.tHead.rows[0].cells.length) {
      sortTable(t, Number(m[2]), m[3] === "desc");
    }
  }
  root.setAttribute("data-ready", "1");
})();
)js";

}  // namespace gqleval::report
