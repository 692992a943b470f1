// The report as one JSON object (gqleval report --json PATH), everything the
// other outputs show and more, for dashboards and scripts:
//
//   {"gqleval_report": 1, "title", "mode", "aligned_by": "id" | "row",
//    "references_checked", "confidence": 0.95,
//    "bootstrap": {"method": "poisson", "resamples", "seed"},
//    "baseline": NAME, "group_by": [...], "warnings": [...],
//    "runs": [{"name", "path", "rows", "pass", "pass_rate",
//              "pass_rate_interval": [LOW, HIGH], "mean_f1" (or "mean_score"),
//              "mean_f1_interval", "verdicts": {NAME: COUNT, ...},
//              "groups": {COLUMN: [{"value", "rows", "pass", "pass_rate",
//                                   "pass_rate_interval", "mean_f1"}]}}],
//    "comparisons": [{"run", "baseline", "rows", "both_pass", "fixed",
//                     "regressed", "both_fail", "mcnemar_p",
//                     "pass_rate_diff", "pass_rate_diff_interval",
//                     "mean_f1_diff", "mean_f1_diff_interval",
//                     "regressed_rows": [{"id", "row", "where", "before",
//                        "after", "f1_before", "f1_after", "severity",
//                        and with details: "missing", "extra",
//                        "matched_reference", "missing_paths",
//                        "extra_paths", "error", "candidate", "reference"}],
//                     "gate": {"failed", "reasons"}}],
//    "trend": [{"run", "pass_rate", "pass_rate_interval"}]}
//
// A subset run's members say score where an equivalence run's say f1
// (mean_score, f1_before becomes score_before, ...). Numbers are printed
// shortest-round-trip, so the same runs, options and seed give the same bytes.
#pragma once

#include <span>
#include <string>

#include "engine/report/gate.h"
#include "engine/report/report.h"

namespace gqleval::report {

std::string report_json(const Report& report, std::span<const GateOutcome> gates);

}  // namespace gqleval::report
