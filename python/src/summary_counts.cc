#include "python/src/summary_counts.h"

#include <utility>

#include "engine/batch/result_format.h"

namespace gqleval::python {

Result<SummaryCounts, Diagnostic> count_rows(std::span<const std::string_view> verdicts,
                                             std::span<const double> f1s) {
  const std::span<const uint8_t> outcomes = batch::mode_outcomes(batch::ScoreMode::kEquivalence);
  batch::RowTally tally;
  for (size_t i = 0; i < verdicts.size(); ++i) {
    bool known = false;
    for (uint8_t o : outcomes) {
      if (batch::outcome_name(o) != verdicts[i]) continue;
      tally.add(o, f1s[i]);
      known = true;
      break;
    }
    if (!known) {
      std::string names;
      for (uint8_t o : outcomes) {
        names += names.empty() ? "" : ", ";
        names += batch::outcome_name(o);
      }
      std::string message = "verdict '";
      message += verdicts[i];
      message += "' of row " + std::to_string(i) + " is not one of " + names;
      return Unexpected{make_error("Usage", std::move(message))};
    }
  }
  return SummaryCounts{tally.outcomes, tally.f1_millionths, tally.f1_squares};
}

std::string summary_json_of(const SummaryCounts& counts) {
  batch::Summary summary;
  batch::Summary::Counts c;
  c.outcomes = counts.outcomes;
  c.f1_millionths = counts.f1_millionths;
  c.f1_squares = counts.f1_squares;
  summary.restore(std::move(c));
  return batch::summary_json(summary, batch::RunFacts{});
}

}  // namespace gqleval::python
