// The nightly gate of gqleval report: does a run fail against the baseline?
//
// A run fails when it is significantly worse than the baseline (McNemar's
// exact p-value below alpha and its pass rate lower: a drop that the
// discordant rows make unlikely to be noise) or when more rows regressed
// (pass -> fail) than allowed. Each run other than the baseline is checked;
// in a nightly job (yesterday's results, today's) that is today's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/report/report.h"

namespace gqleval::report {

struct GateOptions {
  bool significance = false;  // --fail-on-regression
  double alpha = 0.05;
  std::optional<uint64_t> max_regressed;
};

struct GateOutcome {
  std::string run;
  bool failed = false;
  std::vector<std::string> reasons;  // why it failed, one sentence each
};

// One outcome per comparison of `report`, in its order.
std::vector<GateOutcome> check_gate(const Report& report, const GateOptions& options);

}  // namespace gqleval::report
