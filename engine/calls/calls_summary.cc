#include "engine/calls/calls_summary.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "io/json_writer.h"

namespace gqleval::calls {
namespace {

double ratio(uint64_t a, uint64_t b) {
  return b == 0 ? 0.0 : static_cast<double>(a) / static_cast<double>(b);
}

void totals_json(io::JsonWriter& w, const CallsTotals& t) {
  w.key("rows").num(t.rows).key("scored").num(t.scored).key("unparseable").num(t.unparseable);
  w.key("no_code").num(t.no_code).key("bad_rows").num(t.bad_rows);
  w.key("arg_match_full").num(t.arg_full_rate());
  w.key("arg_match_functions").num(t.arg_functions_rate());
  w.key("arg_calls_matched").num(t.calls_matched).key("arg_calls_total").num(t.calls_total);
  w.key("seq_match_full").num(t.seq_full_rate());
  w.key("seq_match_connected").num(t.seq_connected_rate());
  w.key("invalid_paths").num(t.invalid_paths);
}

std::string cell(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3f", value);
  return buffer;
}

}  // namespace

void CallsTotals::add(const CallsRow& row) {
  ++rows;
  switch (row.verdict) {
    case CallsVerdict::kScored: ++scored; break;
    case CallsVerdict::kUnparseable: ++unparseable; break;
    case CallsVerdict::kNoCode: ++no_code; break;
  }
  const CallsComparison& c = row.comparison;
  arg_match_full += c.arg_match_full ? 1 : 0;
  calls_matched += c.arg_calls_matched;
  calls_total += c.arg_calls_total;
  seq_match_full += c.seq_match_full ? 1 : 0;
  seq_match_connected += c.seq_match_connected ? 1 : 0;
  invalid_paths += row.invalid_paths.size();
}

void CallsTotals::merge(const CallsTotals& o) {
  rows += o.rows;
  scored += o.scored;
  unparseable += o.unparseable;
  no_code += o.no_code;
  bad_rows += o.bad_rows;
  arg_match_full += o.arg_match_full;
  calls_matched += o.calls_matched;
  calls_total += o.calls_total;
  seq_match_full += o.seq_match_full;
  seq_match_connected += o.seq_match_connected;
  invalid_paths += o.invalid_paths;
}

double CallsTotals::arg_full_rate() const { return ratio(arg_match_full, rows); }
double CallsTotals::arg_functions_rate() const { return ratio(calls_matched, calls_total); }
double CallsTotals::seq_full_rate() const { return ratio(seq_match_full, rows); }
double CallsTotals::seq_connected_rate() const { return ratio(seq_match_connected, rows); }

void CallsSummary::add(const CallsRow& row, std::string_view group) {
  all_.add(row);
  if (!group.empty()) groups_[std::string(group)].add(row);
}

void CallsSummary::add_bad_row(std::string_view group) {
  ++all_.bad_rows;
  if (!group.empty()) ++groups_[std::string(group)].bad_rows;
}

void CallsSummary::merge(const CallsSummary& other) {
  all_.merge(other.all_);
  for (const auto& [name, totals] : other.groups_) groups_[name].merge(totals);
}

std::string CallsSummary::json() const {
  std::string out;
  io::JsonWriter w(out);
  w.begin_object();
  write_members(w);
  w.end_object();
  out += '\n';
  return out;
}

void CallsSummary::write_members(io::JsonWriter& w) const {
  totals_json(w, all_);
  w.key("groups").begin_object();
  for (const auto& [name, totals] : groups_) {
    w.key(name).begin_object();
    totals_json(w, totals);
    w.end_object();
  }
  w.end_object();
}

std::string CallsSummary::table() const {
  std::vector<std::pair<std::string, const CallsTotals*>> columns = {{"all", &all_}};
  for (const auto& [name, totals] : groups_) columns.emplace_back(name, &totals);
  std::vector<std::vector<std::string>> rows(1, std::vector<std::string>{""});
  auto row = [&](std::string label, auto value) {
    std::vector<std::string> r = {std::move(label)};
    for (const auto& c : columns) r.push_back(value(*c.second));
    rows.push_back(std::move(r));
  };
  for (const auto& c : columns) rows[0].push_back(c.first);
  row("rows", [](const CallsTotals& t) { return std::to_string(t.rows); });
  row("Arg Match (full)", [](const CallsTotals& t) { return cell(t.arg_full_rate()); });
  row("Arg Match (functions)", [](const CallsTotals& t) {
    return cell(t.arg_functions_rate()) + " (" + std::to_string(t.calls_matched) + "/" +
           std::to_string(t.calls_total) + ")";
  });
  row("Seq Match (full)", [](const CallsTotals& t) { return cell(t.seq_full_rate()); });
  row("Seq Match (connected)", [](const CallsTotals& t) { return cell(t.seq_connected_rate()); });
  row("unparseable", [](const CallsTotals& t) { return std::to_string(t.unparseable); });
  row("no code", [](const CallsTotals& t) { return std::to_string(t.no_code); });
  row("invalid paths", [](const CallsTotals& t) { return std::to_string(t.invalid_paths); });
  row("bad rows", [](const CallsTotals& t) { return std::to_string(t.bad_rows); });
  std::vector<size_t> width(rows[0].size(), 0);
  for (const auto& r : rows) {
    for (size_t i = 0; i < r.size(); ++i) width[i] = std::max(width[i], r[i].size());
  }
  std::string out;
  for (const auto& r : rows) {
    for (size_t i = 0; i < r.size(); ++i) {
      if (i == 0) {
        out += r[i] + std::string(width[i] - r[i].size(), ' ');
      } else {
        out += "  " + std::string(width[i] - r[i].size(), ' ') + r[i];
      }
    }
    out += '\n';
  }
  return out;
}

}  // namespace gqleval::calls
