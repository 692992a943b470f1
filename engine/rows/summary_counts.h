// A summary of result rows held by the caller (a binding's list of results,
// a DataFrame's columns, a Dask run's partitions), merged exactly however the
// rows were split: each part counts its rows per verdict and its graded
// score (F1, or the subset score) in millionths, with the squares for the
// standard error, as a batch run's shards do (batch/summary.h RowTally);
// integer counts add up the same in any order, so parts summed give the
// summary of a single run. The figures come from the CLI's own summary
// (batch::summary_json) of those counts.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/result_format.h"
#include "engine/batch/summary.h"
#include "engine/rows/option_values.h"

namespace gqleval::rows {

using SquareSum = batch::F1Squares;  // 128 bits

struct SummaryCounts {
  std::array<uint64_t, batch::kOutcomeCount> outcomes{};  // by outcome code (result_format.h)
  uint64_t millionths = 0;                                // the graded scores' sum
  SquareSum squares = 0;                                  // their squares' (in millionths^2)
};

// Counts of rows given by verdict and graded score (`values`: one per
// verdict; a row not compared has 0). Errors (rule "Usage"): a verdict no row
// of the mode has ("verdict 'x' of row 3 is not one of ...").
Result<SummaryCounts, Diagnostic> count_rows(std::string_view mode, const OptionNames& names,
                                             std::span<const std::string_view> verdicts,
                                             std::span<const double> values);

// batch::summary_json of a run of `mode` with these counts, and no facts of a
// run (provenance, gates, schemas). Errors: an unknown mode (named as
// `names` names the option).
Result<std::string, Diagnostic> summary_json_of(std::string_view mode, const OptionNames& names,
                                                const SummaryCounts& counts);

}  // namespace gqleval::rows
