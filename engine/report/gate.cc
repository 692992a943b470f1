#include "engine/report/gate.h"

#include <cstdio>

namespace gqleval::report {

std::vector<GateOutcome> check_gate(const Report& report, const GateOptions& options) {
  std::vector<GateOutcome> out;
  const RunSummary& base = report.runs[report.baseline];
  for (const Comparison& c : report.comparisons) {
    const RunSummary& run = report.runs[c.run];
    GateOutcome g;
    g.run = run.name;
    char text[256];
    if (options.significance && c.mcnemar_p < options.alpha && run.pass_rate < base.pass_rate) {
      std::snprintf(text, sizeof text,
                    "pass rate %.1f%% against %.1f%% for %s, McNemar p = %.3g < %g (%llu "
                    "regressed, %llu fixed)",
                    100 * run.pass_rate, 100 * base.pass_rate, base.name.c_str(), c.mcnemar_p,
                    options.alpha, static_cast<unsigned long long>(c.regressed),
                    static_cast<unsigned long long>(c.fixed));
      g.reasons.emplace_back(text);
    }
    if (options.max_regressed && c.regressed > *options.max_regressed) {
      std::snprintf(text, sizeof text, "%llu rows regressed, more than --max-regressed %llu",
                    static_cast<unsigned long long>(c.regressed),
                    static_cast<unsigned long long>(*options.max_regressed));
      g.reasons.emplace_back(text);
    }
    g.failed = !g.reasons.empty();
    out.push_back(std::move(g));
  }
  return out;
}

}  // namespace gqleval::report
