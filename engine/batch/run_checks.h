// Checks of a finished run that a pipeline can act on: gates (a CI job fails
// when the pass rate or mean F1 is under a threshold) and a health check (a
// run where most rows were never compared was almost always given the wrong
// column, and says so loudly rather than report a pass rate near zero).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/result.h"
#include "engine/batch/columns.h"
#include "engine/batch/score_mode.h"
#include "engine/batch/summary.h"

namespace gqleval::batch {

// mean_f1 is a figure of equivalence runs, mean_score of subset runs
// (score_mode.h); gate_fits_mode says which a run may have.
enum class GateMetric : uint8_t { kPassRate, kMeanF1, kComparedRate, kMeanScore, kMeanRecall };

struct Gate {
  GateMetric metric = GateMetric::kPassRate;
  double threshold = 0;
};

struct GateResult {
  Gate gate;
  double value = 0;
  bool met = false;  // value >= threshold
};

// "pass_rate", "mean_f1", "compared_rate", "mean_score".
std::string_view gate_metric_name(GateMetric metric);

// "pass_rate=0.6" or several separated by commas ("pass_rate=0.6,mean_f1=0.7");
// thresholds are numbers from 0 to 1. The error (rule "Usage") says what is
// wrong.
Result<std::vector<Gate>, Diagnostic> parse_gates(std::string_view text);

// Whether a run of `mode` has the gate's metric: an error (rule "Usage")
// that names the mode (as `names` does) and its own metric when not.
std::optional<Diagnostic> check_gate_mode(const Gate& gate, ScoreMode mode,
                                          const OptionNames& names);

std::vector<GateResult> check_gates(const Summary& summary, std::span<const Gate> gates);

// When more than half of the rows were not compared: a warning that names the
// most common reason (a stage 1 verdict or bad_row), the column it concerns
// and what usually causes it, naming the options that pick a column as
// `names` does (none: the roles only). When `columns` has no schema column
// (one schema file serves every row) the advice is about that file and never
// suggests a schema column.
std::optional<std::string> not_compared_warning(const Summary& summary, const ColumnMap& columns,
                                                const OptionNames& names);
// The same with the cause of each outcome given (gqleval merge: the causes a
// shard's summary carries, as its columns are not known there).
std::optional<std::string> not_compared_warning(const Summary& summary,
                                                const std::function<std::string(uint8_t)>& cause);
// What usually makes most rows end with `outcome`, naming its column.
std::string not_compared_cause(uint8_t outcome, const ColumnMap& columns, const OptionNames& names);

}  // namespace gqleval::batch
