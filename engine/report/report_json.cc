#include "engine/report/report_json.h"

#include "engine/base/concat.h"
#include "io/json_writer.h"

namespace gqleval::report {
namespace {

void interval(io::JsonWriter& w, std::string_view key, Interval i) {
  w.key(key).begin_array().num(i.low).num(i.high).end_array();
}

void paths(io::JsonWriter& w, std::string_view key, const std::vector<PathItem>& items) {
  w.key(key).begin_array();
  for (const PathItem& p : items) {
    w.begin_object().key("path").str(p.path).key("line");
    p.line == 0 ? w.null() : w.num(p.line);
    w.key("column");
    p.column == 0 ? w.null() : w.num(p.column);
    w.key("nodes").num(p.nodes);
    if (p.operation) w.key("operation").num(*p.operation);
    w.end_object();
  }
  w.end_array();
}

void optional_count(io::JsonWriter& w, std::string_view key, const std::optional<uint64_t>& n) {
  w.key(key);
  n ? w.num(*n) : w.null();
}

void optional_text(io::JsonWriter& w, std::string_view key, const std::optional<std::string>& s) {
  w.key(key);
  s ? w.str(*s) : w.null();
}

class Writer {
 public:
  Writer(const Report& r, std::string& out)
      : r_(r), w_(out), graded_(batch::graded_member(r.mode)) {}

  void write(std::span<const GateOutcome> gates) {
    w_.begin_object().key("gqleval_report").num(1).key("title").str(r_.title);
    w_.key("mode").str(batch::score_mode_name(r_.mode));
    w_.key("aligned_by").str(r_.aligned_by == AlignedBy::kId ? "id" : "row");
    w_.key("references_checked").boolean(r_.references_checked);
    w_.key("confidence").num(r_.bootstrap.level);
    w_.key("bootstrap").begin_object().key("method").str("poisson");
    w_.key("resamples").num(r_.bootstrap.resamples).key("seed").num(r_.bootstrap.seed);
    w_.end_object();
    w_.key("baseline").str(r_.runs[r_.baseline].name);
    w_.key("group_by").begin_array();
    for (const std::string& g : r_.group_columns) w_.str(g);
    w_.end_array().key("warnings").begin_array();
    for (const std::string& s : r_.warnings) w_.str(s);
    w_.end_array().key("runs").begin_array();
    for (const RunSummary& s : r_.runs) run(s);
    w_.end_array().key("comparisons").begin_array();
    for (size_t i = 0; i < r_.comparisons.size(); ++i) {
      comparison(r_.comparisons[i], i < gates.size() ? &gates[i] : nullptr);
    }
    w_.end_array().key("trend").begin_array();
    for (const RunSummary& s : r_.runs) {
      w_.begin_object().key("run").str(s.name).key("pass_rate").num(s.pass_rate);
      interval(w_, "pass_rate_interval", s.pass_interval);
      w_.end_object();
    }
    w_.end_array().end_object();
  }

 private:
  std::string graded(std::string_view prefix, std::string_view suffix = {}) const {
    return concat({prefix, graded_, suffix});
  }

  void run(const RunSummary& s) {
    w_.begin_object().key("name").str(s.name).key("path").str(s.path);
    w_.key("rows").num(s.rows).key("pass").num(s.passes).key("pass_rate").num(s.pass_rate);
    interval(w_, "pass_rate_interval", s.pass_interval);
    w_.key(graded("mean_")).num(s.f1.mean);
    interval(w_, graded("mean_", "_interval"), s.f1.interval);
    w_.key("verdicts").begin_object();
    for (uint8_t o : batch::mode_outcomes(r_.mode)) {
      w_.key(batch::outcome_name(o)).num(s.outcomes[o]);
    }
    w_.end_object().key("groups").begin_object();
    for (const GroupTable& g : s.groups) {
      w_.key(g.column).begin_array();
      for (const GroupRow& v : g.values) {
        w_.begin_object().key("value").str(v.value).key("rows").num(v.rows);
        w_.key("pass").num(v.passes);
        w_.key("pass_rate").num(static_cast<double>(v.passes) / static_cast<double>(v.rows));
        interval(w_, "pass_rate_interval", v.pass_interval);
        w_.key(graded("mean_")).num(v.mean_f1).end_object();
      }
      w_.end_array();
    }
    w_.end_object().end_object();
  }

  void comparison(const Comparison& c, const GateOutcome* gate) {
    w_.begin_object().key("run").str(r_.runs[c.run].name);
    w_.key("baseline").str(r_.runs[r_.baseline].name);
    w_.key("rows").num(c.both_pass + c.fixed + c.regressed + c.both_fail);
    w_.key("both_pass").num(c.both_pass).key("fixed").num(c.fixed);
    w_.key("regressed").num(c.regressed).key("both_fail").num(c.both_fail);
    w_.key("mcnemar_p").num(c.mcnemar_p);
    w_.key("pass_rate_diff").num(c.pass_rate_diff.mean);
    interval(w_, "pass_rate_diff_interval", c.pass_rate_diff.interval);
    w_.key(graded("mean_", "_diff")).num(c.mean_f1_diff.mean);
    interval(w_, graded("mean_", "_diff_interval"), c.mean_f1_diff.interval);
    w_.key("regressed_rows").begin_array();
    for (size_t i = 0; i < c.regressed_rows.size(); ++i) {
      regressed_row(c.regressed_rows[i], i < c.details.size() ? &c.details[i] : nullptr);
    }
    w_.end_array();
    if (gate != nullptr) {
      w_.key("gate").begin_object().key("failed").boolean(gate->failed);
      w_.key("reasons").begin_array();
      for (const std::string& s : gate->reasons) w_.str(s);
      w_.end_array().end_object();
    }
    w_.end_object();
  }

  void regressed_row(const RegressedRow& row, const RowDetail* d) {
    w_.begin_object().key("id").str(row.id).key("row").num(row.input_row);
    w_.key("where").str(row.where);
    w_.key("before").str(batch::outcome_name(row.before));
    w_.key("after").str(batch::outcome_name(row.after));
    w_.key(graded("", "_before")).num(row.f1_before);
    w_.key(graded("", "_after")).num(row.f1_after);
    w_.key("severity").num(row.f1_before - row.f1_after);
    if (d != nullptr) {
      optional_count(w_, "missing", d->missing);
      if (r_.mode == batch::ScoreMode::kEquivalence) optional_count(w_, "extra", d->extra);
      optional_count(w_, "matched_reference", d->matched_reference);
      paths(w_, "missing_paths", d->missing_paths);
      if (r_.mode == batch::ScoreMode::kEquivalence) paths(w_, "extra_paths", d->extra_paths);
      w_.key("error");
      d->first_error.empty() ? w_.null() : w_.str(d->first_error);
      optional_text(w_, "candidate", d->candidate);
      optional_text(w_, "reference", d->reference);
    }
    w_.end_object();
  }

  const Report& r_;
  io::JsonWriter w_;
  std::string_view graded_;
};

}  // namespace

std::string report_json(const Report& report, std::span<const GateOutcome> gates) {
  std::string out;
  Writer(report, out).write(gates);
  out += '\n';
  return out;
}

}  // namespace gqleval::report
