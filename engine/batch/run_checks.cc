#include "engine/batch/run_checks.h"

#include <charconv>
#include <cstdio>

#include "engine/score/verdict.h"

namespace gqleval::batch {
namespace {

using score::Verdict;

constexpr std::pair<std::string_view, GateMetric> kMetrics[] = {
    {"pass_rate", GateMetric::kPassRate},         {"mean_f1", GateMetric::kMeanF1},
    {"compared_rate", GateMetric::kComparedRate}, {"mean_score", GateMetric::kMeanScore},
    {"mean_recall", GateMetric::kMeanRecall},
};

double metric_value(const Summary& s, GateMetric m) {
  switch (m) {
    case GateMetric::kPassRate: return s.pass_rate();
    case GateMetric::kMeanF1: return s.mean_f1();
    case GateMetric::kComparedRate: return s.compared_rate();
    case GateMetric::kMeanScore: return s.mean_score();
    case GateMetric::kMeanRecall: return s.mean_recall();
  }
  return 0;
}

std::string quoted(const Column& c) { return "'" + c.name + "'"; }

// ", named with --candidate-col" when the caller has such an option.
std::string how_to_name(const OptionNames& names, ColumnRole role) {
  const std::string option = names.column(role);
  return option.empty() ? "" : " (" + option + ")";
}

// resolve_columns leaves both schema columns out exactly when one schema was
// given for every row (--schema FILE): a score run has a schema column, a
// schema path column or that file.
bool schema_from_file(const ColumnMap& c) {
  return !c.schema.present() && !c.schema_path.present();
}

// The role whose flag would pick another schema column.
ColumnRole schema_role(const ColumnMap& c) {
  return c.schema.present() ? ColumnRole::kSchema : ColumnRole::kSchemaPath;
}

std::string schema_source(const ColumnMap& c) {
  if (c.schema.present()) return "the schema column " + quoted(c.schema);
  if (c.schema_path.present()) return "the schema path column " + quoted(c.schema_path);
  return "the schema file";
}

// With one schema file for every row no column is to blame for the schema, so
// the advice is about the file itself and never suggests a schema column.
std::string schema_file_cause(uint8_t outcome, const std::string& candidate,
                              const std::string& reference, const OptionNames& name) {
  const std::string file = "the schema file" + how_to_name(name, ColumnRole::kSchemaFile);
  switch (static_cast<Verdict>(outcome)) {
    case Verdict::kInvalidReference:
      return reference + " does not validate against " + file +
             ", the one schema of every row: it is usually not the reference column" +
             how_to_name(name, ColumnRole::kReference) +
             ", or the file is not the schema the references were written for";
    case Verdict::kInvalidCandidate:
      return candidate + " does not validate against " + file +
             ", the one schema of every row: check that the file is the schema the questions "
             "were asked about; each row's errors name the rule that fails";
    case Verdict::kInvalidSchema:
      return file + " does not build as a GraphQL schema: each row's errors say why";
    default: return "";
  }
}

// What usually makes most rows end with `outcome`.
std::string likely_cause(uint8_t outcome, const ColumnMap& c, const OptionNames& name) {
  const std::string candidate =
      c.candidate.present() ? "the candidate column " + quoted(c.candidate) : "the candidate";
  const std::string reference = c.references.empty()
                                    ? std::string("the reference column")
                                    : "the reference column " + quoted(c.references.front());
  if (outcome == kBadRow) {
    return "the rows could not be read: is the input's format what its name says (CSV, TSV or "
           "JSON Lines)?";
  }
  if (schema_from_file(c)) {
    if (std::string cause = schema_file_cause(outcome, candidate, reference, name); !cause.empty())
      return cause;
  }
  switch (static_cast<Verdict>(outcome)) {
    case Verdict::kNoQuery:
      return "no query was found in " + candidate +
             ": it is usually empty or not the model's answer; name the right column" +
             how_to_name(name, ColumnRole::kCandidate);
    case Verdict::kInvalidReference:
      return reference +
             " does not validate against the rows' schemas: it is usually not the "
             "reference column" +
             how_to_name(name, ColumnRole::kReference) + ", or " + schema_source(c) +
             " is not the schema the references were written for";
    case Verdict::kInvalidCandidate:
      return candidate + " does not validate against the rows' schemas: check that " +
             schema_source(c) + " is the schema the questions were asked about" +
             how_to_name(name, schema_role(c));
    case Verdict::kInvalidSchema:
      return schema_source(c) + " does not build as a GraphQL schema: is it the schema column" +
             how_to_name(name, schema_role(c)) + "?";
    default: return "";
  }
}

}  // namespace

std::string_view gate_metric_name(GateMetric metric) {
  for (const auto& [name, m] : kMetrics) {
    if (m == metric) return name;
  }
  return "?";
}

Result<std::vector<Gate>, Diagnostic> parse_gates(std::string_view text) {
  std::vector<Gate> gates;
  while (!text.empty()) {
    const size_t comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    const size_t eq = item.find('=');
    const std::string_view name = item.substr(0, eq);
    Gate gate;
    bool known = false;
    for (const auto& [metric_name, m] : kMetrics) {
      if (metric_name == name) {
        gate.metric = m;
        known = true;
      }
    }
    if (!known || eq == std::string_view::npos) {
      return Unexpected{make_error("Usage",
                                   "expected METRIC=VALUE with METRIC one of pass_rate, mean_f1, "
                                   "compared_rate, mean_score, mean_recall, got '" +
                                       std::string(item) + "'")};
    }
    const std::string_view value = item.substr(eq + 1);
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), gate.threshold);
    if (ec != std::errc() || end != value.data() + value.size() || !(gate.threshold >= 0) ||
        gate.threshold > 1) {
      return Unexpected{make_error("Usage", "the threshold of " + std::string(name) +
                                                " must be a number from 0 to 1, got '" +
                                                std::string(value) + "'")};
    }
    gates.push_back(gate);
  }
  if (gates.empty()) return Unexpected{make_error("Usage", "no gate given (e.g. pass_rate=0.6)")};
  return gates;
}

std::optional<Diagnostic> check_gate_mode(const Gate& gate, ScoreMode mode,
                                          const OptionNames& names) {
  // A mean is the figure of the mode that grades by it.
  const std::string mean = "mean_" + std::string(graded_member(mode));
  const std::string_view metric = gate_metric_name(gate.metric);
  if (!metric.starts_with("mean_") || metric == mean) return std::nullopt;
  return make_error(
      "Usage", names.name("fail-under") + ": " + std::string(metric) + " is not a figure of " +
                   names.with_value("mode", score_mode_name(mode)) + " runs; theirs is " + mean);
}

std::vector<GateResult> check_gates(const Summary& summary, std::span<const Gate> gates) {
  std::vector<GateResult> out;
  for (const Gate& g : gates) {
    const double value = metric_value(summary, g.metric);
    out.push_back(GateResult{g, value, value >= g.threshold});
  }
  return out;
}

std::optional<std::string> not_compared_warning(const Summary& s, const ColumnMap& columns,
                                                const OptionNames& names) {
  return not_compared_warning(
      s, [&](uint8_t outcome) { return likely_cause(outcome, columns, names); });
}

std::string not_compared_cause(uint8_t outcome, const ColumnMap& columns,
                               const OptionNames& names) {
  return likely_cause(outcome, columns, names);
}

std::optional<std::string> not_compared_warning(const Summary& s,
                                                const std::function<std::string(uint8_t)>& cause) {
  const uint64_t not_compared = s.rows() - s.compared();
  if (s.rows() == 0 || not_compared * 2 <= s.rows()) return std::nullopt;
  uint8_t top = kBadRow;
  for (uint8_t o = 0; o < kOutcomeCount; ++o) {
    if (!outcome_compared(o) && s.count(o) > s.count(top)) top = o;
  }
  char share[32];
  std::snprintf(share, sizeof share, "%.1f%%",
                100.0 * static_cast<double>(not_compared) / static_cast<double>(s.rows()));
  return std::to_string(not_compared) + " of " + std::to_string(s.rows()) + " rows (" + share +
         ") were never compared; most are " + std::string(outcome_name(top)) + " (" +
         std::to_string(s.count(top)) + "): " + cause(top);
}

}  // namespace gqleval::batch
