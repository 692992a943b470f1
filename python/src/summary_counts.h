// A run's summary from its result rows, merged exactly however the rows were
// split: each part counts its rows per verdict and its F1 in millionths (with
// the squares, for the standard error), as a batch run's shards do
// (batch/summary.h RowTally); integer counts add up the same in any order, so
// a Dask run's partitions, summed, give the summary of a single run. The
// figures come from the CLI's own summary (batch::summary_json) of those
// counts.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/summary.h"

namespace gqleval::python {

struct SummaryCounts {
  std::array<uint64_t, batch::kOutcomeCount> outcomes{};  // by batch outcome code
  uint64_t f1_millionths = 0;
  batch::F1Squares f1_squares = 0;
};

// Counts of rows given by verdict and F1 (f1s: one per verdict). Errors: a
// verdict that is no outcome of a score row (rule "Usage", message
// "verdict 'x' of row 3 is not one of ...").
Result<SummaryCounts, Diagnostic> count_rows(std::span<const std::string_view> verdicts,
                                             std::span<const double> f1s);

// batch::summary_json of an equivalence run with these counts, and no facts
// of a run (provenance, gates, schemas).
std::string summary_json_of(const SummaryCounts& counts);

}  // namespace gqleval::python
