#include "engine/rows/summary_counts.h"

#include <algorithm>
#include <utility>

#include "engine/base/concat.h"
#include "engine/batch/run_words.h"

namespace gqleval::rows {

Result<SummaryCounts, Diagnostic> count_rows(std::string_view mode_name, const OptionNames& names,
                                             std::span<const std::string_view> verdicts,
                                             std::span<const double> values) {
  auto mode = batch::read_score_mode(mode_name, names);
  if (!mode) return Unexpected{std::move(mode.error())};
  if (verdicts.size() != values.size()) {
    return Unexpected{make_error("Usage", concat({std::to_string(verdicts.size()), " verdicts and ",
                                                  std::to_string(values.size()), " scores"}))};
  }
  const std::span<const uint8_t> outcomes = batch::mode_outcomes(*mode);
  batch::RowTally tally;
  for (size_t i = 0; i < verdicts.size(); ++i) {
    const std::optional<uint8_t> outcome = batch::outcome_by_name(verdicts[i]);
    if (!outcome || std::find(outcomes.begin(), outcomes.end(), *outcome) == outcomes.end()) {
      std::string names;
      for (uint8_t o : outcomes) {
        names += names.empty() ? "" : ", ";
        names += batch::outcome_name(o);
      }
      return Unexpected{make_error("Usage", concat({"verdict '", verdicts[i], "' of row ",
                                                    std::to_string(i), " is not one of ", names}))};
    }
    tally.add(*outcome, values[i]);
  }
  return SummaryCounts{tally.outcomes, tally.f1_millionths, tally.f1_squares};
}

Result<std::string, Diagnostic> summary_json_of(std::string_view mode_name,
                                                const OptionNames& names,
                                                const SummaryCounts& counts) {
  auto mode = batch::read_score_mode(mode_name, names);
  if (!mode) return Unexpected{std::move(mode.error())};
  batch::Summary summary({}, *mode);
  batch::Summary::Counts c;
  c.outcomes = counts.outcomes;
  c.f1_millionths = counts.millionths;
  c.f1_squares = counts.squares;
  summary.restore(std::move(c));
  return batch::summary_json(summary, batch::RunFacts{});
}

}  // namespace gqleval::rows
