#include "engine/batch/summary.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "engine/base/concat.h"
#include "engine/base/hash_text.h"
#include "engine/base/version.h"
#include "io/json_writer.h"

namespace gqleval::batch {
namespace {

double ratio(uint64_t part, uint64_t whole) {
  return whole == 0 ? 0.0 : static_cast<double>(part) / static_cast<double>(whole);
}

// Rounded to 6 decimals, so that the JSON does not carry binary noise.
double round6(double x) { return std::round(x * 1e6) / 1e6; }

bool as_number(std::string_view s, double* out) {
  if (s.empty()) return false;
  auto r = std::from_chars(s.data(), s.data() + s.size(), *out);
  return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

std::string format(const char* fmt, double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, x);
  return buf;
}

std::string pad(std::string s, size_t width, bool right) {
  if (s.size() >= width) return s;
  std::string fill(width - s.size(), ' ');
  return right ? fill + s : s + fill;
}

}  // namespace

std::string f1_squares_text(F1Squares v) {
  if (v == 0) return "0";
  std::string out;
  while (v != 0) {
    out.insert(out.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
    v /= 10;
  }
  return out;
}

bool f1_squares_from_text(std::string_view text, F1Squares* out) {
  if (text.empty() || text.size() > 39) return false;
  F1Squares v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<unsigned>(c - '0');
  }
  *out = v;
  return true;
}

void RowTally::clear() {
  outcomes.fill(0);
  f1_millionths = 0;
  f1_squares = 0;
  tags.clear();
  text.clear();
  artifact_matches = 0;
}

void RowTally::add(uint8_t outcome, double f1) {
  ++outcomes[outcome];
  if (std::isfinite(f1) && f1 > 0) {
    const auto m = static_cast<uint64_t>(std::llround(f1 * 1e6));
    f1_millionths += m;
    f1_squares += F1Squares{m} * m;
  }
}

void RowTally::add_tag(uint32_t group, std::string_view value, bool pass) {
  tags.push_back(
      Tag{group, static_cast<uint32_t>(text.size()), static_cast<uint32_t>(value.size()), pass});
  text.append(value);
}

Summary::Summary(std::vector<std::string> group_columns, ScoreMode mode) : mode_(mode) {
  for (std::string& c : group_columns) groups_.push_back(Group{std::move(c), {}});
}

void Summary::add(const RowTally& tally) {
  for (size_t i = 0; i < kOutcomeCount; ++i) {
    outcomes_[i] += tally.outcomes[i];
    rows_ += tally.outcomes[i];
  }
  f1_millionths_ += tally.f1_millionths;
  f1_squares_ += tally.f1_squares;
  for (const RowTally::Tag& t : tally.tags) {
    auto& values = groups_[t.group].values;
    std::string_view value(tally.text.data() + t.offset, t.size);
    auto it = values.find(value);
    if (it == values.end()) it = values.emplace(std::string(value), GroupValue{}).first;
    ++it->second.rows;
    it->second.passes += t.pass ? 1 : 0;
  }
}

bool Summary::restore(Counts counts) {
  if (counts.groups.size() != groups_.size()) return false;
  for (size_t i = 0; i < groups_.size(); ++i) {
    if (counts.groups[i].column != groups_[i].column) return false;
  }
  rows_ = 0;
  for (uint64_t n : counts.outcomes) rows_ += n;
  outcomes_ = counts.outcomes;
  f1_millionths_ = counts.f1_millionths;
  f1_squares_ = counts.f1_squares;
  groups_ = std::move(counts.groups);
  return true;
}

uint64_t Summary::passes() const {
  uint64_t n = 0;
  for (uint8_t o = 0; o < kOutcomeCount; ++o) {
    if (outcome_passes(o)) n += outcomes_[o];
  }
  return n;
}

uint64_t Summary::compared() const {
  uint64_t n = 0;
  for (uint8_t o = 0; o < kOutcomeCount; ++o) {
    if (outcome_compared(o)) n += outcomes_[o];
  }
  return n;
}

double Summary::pass_rate() const { return ratio(passes(), rows_); }

double Summary::compared_rate() const { return ratio(compared(), rows_); }

double Summary::pass_rate_stderr() const {
  if (rows_ < 2) return 0;
  const double p = pass_rate();
  return std::sqrt(p * (1 - p) / static_cast<double>(rows_ - 1));
}

double Summary::mean_f1() const { return mode_ == ScoreMode::kEquivalence ? mean() : 0.0; }
double Summary::mean_score() const { return mode_ == ScoreMode::kSubset ? mean() : 0.0; }
double Summary::mean_recall() const { return mode_ == ScoreMode::kCoverage ? mean() : 0.0; }
double Summary::mean_stderr() const {
  if (rows_ < 2) return 0;
  const auto n = static_cast<double>(rows_);
  const double mean = this->mean();
  const double squares = static_cast<double>(f1_squares_) / 1e12;
  const double variance = std::max(0.0, (squares - n * mean * mean) / (n - 1));
  return std::sqrt(variance / n);
}

double Summary::mean() const {
  return rows_ == 0 ? 0.0 : static_cast<double>(f1_millionths_) / 1e6 / static_cast<double>(rows_);
}

std::vector<std::pair<std::string, Summary::GroupValue>> ordered_values(const Summary::Group& g) {
  std::vector<std::pair<std::string, Summary::GroupValue>> out(g.values.begin(), g.values.end());
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    double x = 0;
    double y = 0;
    const bool nx = as_number(a.first, &x);
    const bool ny = as_number(b.first, &y);
    if (nx != ny) return nx;
    if (nx && x != y) return x < y;
    return a.first < b.first;
  });
  return out;
}

namespace {

void write_groups(io::JsonWriter& w, const Summary& s) {
  w.key("groups").begin_object();
  for (const Summary::Group& g : s.groups()) {
    w.key(g.column).begin_array();
    for (const auto& [value, v] : ordered_values(g)) {
      w.begin_object();
      w.key("value").str(value);
      w.key("rows").num(v.rows);
      w.key("pass").num(v.passes);
      w.key("pass_rate").num(round6(ratio(v.passes, v.rows)));
      w.end_object();
    }
    w.end_array();
  }
  w.end_object();
}

void write_checks(io::JsonWriter& w, const RunFacts& f) {
  w.key("gates").begin_array();
  for (const GateOutcome& g : f.gates) {
    w.begin_object();
    w.key("metric").str(g.metric);
    w.key("threshold").num(g.threshold);
    w.key("value").num(round6(g.value));
    w.key("met").boolean(g.met);
    w.end_object();
  }
  w.end_array();
  w.key("mostly_not_compared").boolean(f.mostly_not_compared);
  w.key("interrupted").boolean(f.interrupted);
  w.key("resumed_rows").num(f.resumed_rows);
  w.key("warnings").begin_array();
  for (const std::string& warning : f.warnings) w.str(warning);
  w.end_array();
}

void write_schemas(io::JsonWriter& w, const RunFacts& f) {
  w.key("schemas").num(f.schemas);
  w.key("schema_failures").num(f.schema_failures);
  w.key("rules_warnings").begin_array();
  for (const auto& [message, schemas] : f.rules_warnings) {
    w.begin_object();
    w.key("message").str(message);
    w.key("schemas").num(schemas);
    w.end_object();
  }
  w.end_array();
}

void write_artifacts(io::JsonWriter& w, const RunFacts& f) {
  w.key("artifacts");
  if (!f.artifacts) {
    w.null();
    return;
  }
  const ArtifactFacts& a = *f.artifacts;
  w.begin_object();
  w.key("dir").str(a.dir);
  w.key("only").str(a.only);
  w.key("limit").num(a.limit);
  w.key("matched").num(a.matched);
  w.key("written").num(a.written);
  w.end_object();
}

void write_shard(io::JsonWriter& w, const Summary& s, const ShardFacts& shard) {
  const Summary::Counts counts = s.counts();
  w.key("shard").begin_object();
  w.key("index").num(shard.index);
  w.key("count").num(shard.count);
  w.key("first_row").num(shard.first_row);
  w.key("input_begin").num(shard.input_begin);
  w.key("input_end").num(shard.input_end);
  w.key("f1_millionths").num(counts.f1_millionths);
  w.key("f1_squares").str(f1_squares_text(counts.f1_squares));
  w.key("schemas").begin_array();
  for (const DistinctSchema& d : shard.schemas) {
    w.begin_object().key("key").str(hash_text(d.key)).key("failed").boolean(d.failed);
    w.key("warnings").begin_array();
    for (const std::string& message : d.warnings) w.str(message);
    w.end_array().end_object();
  }
  w.end_array();
  w.key("not_compared_causes").begin_object();
  for (const auto& [outcome, cause] : shard.causes) w.key(outcome_name(outcome)).str(cause);
  w.end_object();
  w.end_object();
}

double pairs_per_second(const Summary& s, const RunFacts& f) {
  const double wall = f.provenance.wall_seconds;
  // A resumed run's rate is of the rows it scored itself.
  return wall > 0 ? static_cast<double>(s.rows() - f.resumed_rows) / wall : 0.0;
}

}  // namespace

std::string summary_json(const Summary& s, const RunFacts& f) {
  std::string out;
  io::JsonWriter w(out);
  w.begin_object();
  const std::string mean = concat({"mean_", graded_member(s.mode())});
  w.key("results_version").num(kResultsVersion);
  w.key("mode").str(score_mode_name(s.mode()));
  w.key("rows").num(s.rows());
  w.key("compared").num(s.compared());
  w.key("verdicts").begin_object();
  for (uint8_t o : mode_outcomes(s.mode())) {
    w.key(outcome_name(o)).begin_object();
    w.key("count").num(s.count(o));
    w.key("share").num(round6(ratio(s.count(o), s.rows())));
    w.end_object();
  }
  w.end_object();
  w.key("pass").num(s.passes());
  w.key("pass_rate").num(round6(s.pass_rate()));
  w.key("pass_rate_stderr").num(round6(s.pass_rate_stderr()));
  w.key(mean).num(round6(s.mean()));
  w.key(mean + "_stderr").num(round6(s.mean_stderr()));
  write_groups(w, s);
  write_checks(w, f);
  // Only an equivalence comparison has an over-fetch budget.
  if (s.mode() == ScoreMode::kEquivalence) w.key("delta").num(f.delta);
  w.key("variables_by_name").boolean(f.variables_by_name);
  write_schemas(w, f);
  write_artifacts(w, f);
  w.key("pairs_per_second").num(std::round(pairs_per_second(s, f)));
  write_provenance(w, f.provenance);
  if (f.shard) write_shard(w, s, *f.shard);
  w.end_object();
  out.push_back('\n');
  return out;
}

std::string summary_lm_eval_json(const Summary& s, const RunFacts& f, std::string_view task) {
  const std::string name(task);
  const std::string_view mean = graded_member(s.mode());
  std::string out;
  io::JsonWriter w(out);
  w.begin_object();
  w.key("results").begin_object();
  w.key(name).begin_object();
  w.key("alias").str(name);
  w.key("pass,none").num(round6(s.pass_rate()));
  w.key("pass_stderr,none").num(round6(s.pass_rate_stderr()));
  w.key(concat({mean, ",none"})).num(round6(s.mean()));
  w.key(concat({mean, "_stderr,none"})).num(round6(s.mean_stderr()));
  w.end_object();
  w.end_object();
  w.key("group_subtasks").begin_object();
  w.key(name).begin_array().end_array();
  w.end_object();
  w.key("configs").begin_object();
  w.key(name).begin_object();
  w.key("task").str(name);
  w.key("metric_list").begin_array();
  for (std::string_view metric : {std::string_view("pass"), mean}) {
    w.begin_object();
    w.key("metric").str(metric);
    w.key("aggregation").str("mean");
    w.key("higher_is_better").boolean(true);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  w.end_object();
  w.key("versions").begin_object();
  w.key(name).num(kResultsVersion);
  w.end_object();
  w.key("higher_is_better").begin_object();
  w.key(name).begin_object();
  w.key("pass").boolean(true);
  w.key(mean).boolean(true);
  w.end_object();
  w.end_object();
  w.key("n-samples").begin_object();
  w.key(name).begin_object();
  w.key("original").num(s.rows());
  w.key("effective").num(s.rows());
  w.end_object();
  w.end_object();
  w.key("date").str(f.provenance.started_at);
  w.key("git_hash").str(git_commit());
  write_provenance(w, f.provenance);
  w.end_object();
  out.push_back('\n');
  return out;
}

std::string summary_table(const Summary& s, const RunFacts& f) {
  std::string out;
  const Provenance& p = f.provenance;
  if (f.interrupted) out += "gqleval score: INTERRUPTED: the figures below are of the rows done\n";
  if (f.resumed_rows != 0) {
    out += "gqleval score: resumed after row " + std::to_string(f.resumed_rows) +
           " of an interrupted run\n";
  }
  out += "gqleval score: " + std::to_string(s.rows()) + " rows in " +
         format("%.2f", p.wall_seconds) + " s (" + format("%.0f", pairs_per_second(s, f)) +
         " pairs/s, " + std::to_string(p.threads) + (p.threads == 1 ? " thread" : " threads") +
         ")\n";
  if (s.mode() != ScoreMode::kEquivalence) {
    out += "mode: " + std::string(score_mode_name(s.mode()));
  } else {
    out += "rules: " + p.rule_profile + ", delta " + std::to_string(f.delta);
  }
  // Only when on, so that the default's table reads as it did.
  if (f.variables_by_name) out += ", variables by name";
  out += ", schemas " + std::to_string(f.schemas);
  if (f.schema_failures) out += " (" + std::to_string(f.schema_failures) + " did not build)";
  out += "\n";
  for (const auto& [message, schemas] : f.rules_warnings) {
    out += "warning: RulesFile: " + message + " (" + std::to_string(schemas) + " of " +
           std::to_string(f.schemas) + (f.schemas == 1 ? " schema)\n" : " schemas)\n");
  }
  out += "\n";
  out += pad("verdict", 20, false) + pad("rows", 10, true) + pad("share", 9, true) + "\n";
  for (uint8_t o : mode_outcomes(s.mode())) {
    if (s.count(o) == 0) continue;
    out += pad(std::string(outcome_name(o)), 20, false) +
           pad(std::to_string(s.count(o)), 10, true) +
           pad(format("%.1f%%", 100 * ratio(s.count(o), s.rows())), 9, true) + "\n";
  }
  out += pad("pass", 20, false) + pad(std::to_string(s.passes()), 10, true) +
         pad(format("%.1f%%", 100 * s.pass_rate()), 9, true) + "\n";
  const std::string_view graded = graded_member(s.mode());
  out += concat({"mean ", graded == "f1" ? "F1" : graded, " ", format("%.3f", s.mean()), "\n"});
  for (const Summary::Group& g : s.groups()) {
    out.push_back('\n');
    out += pad(g.column, 20, false) + pad("rows", 10, true) + pad("pass", 9, true) +
           pad("rate", 9, true) + "\n";
    for (const auto& [value, v] : ordered_values(g)) {
      std::string label = value.empty() ? std::string("(empty)") : value;
      if (label.size() > 19) label = label.substr(0, 16) + "...";
      out += pad(label, 20, false) + pad(std::to_string(v.rows), 10, true) +
             pad(std::to_string(v.passes), 9, true) +
             pad(format("%.1f%%", 100 * ratio(v.passes, v.rows)), 9, true) + "\n";
    }
  }
  return out;
}

}  // namespace gqleval::batch
