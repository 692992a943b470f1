// What a `score` run asks of each row (BatchOptions::mode):
//   - equivalence (the default): do the reference and the candidate ask for
//     the same data? (score_pair.h; verdicts equivalent ... mismatch, F1);
//   - subset: does the candidate select everything the reference selects?
//     (subset.h, the question of Relay's document compare: the reference is
//     LEFT, the candidate RIGHT; verdicts subset or missing, a score);
//   - coverage: does the candidate traverse every schema coordinate the row
//     requires (coverage.h, an agent benchmark's gate; verdicts covered or
//     not_covered, a recall).
// The mode decides the members of the result rows and of the summary
// (docs/results.schema.json) and is part of what a resumed run must repeat.
#pragma once

#include <cstdint>
#include <string_view>

namespace gqleval::batch {

enum class ScoreMode : uint8_t { kEquivalence, kSubset, kCoverage };

std::string_view score_mode_name(ScoreMode mode);  // "equivalence", "subset", "coverage"
// The mode named `name`; false when there is none.
bool score_mode_from_name(std::string_view name, ScoreMode* out);

// The member of a row that the mode grades by, and which the summary
// averages (mean_f1, mean_score, mean_recall): "f1", "score", "recall".
std::string_view graded_member(ScoreMode mode);

}  // namespace gqleval::batch
