#include "engine/batch/score_mode.h"

namespace gqleval::batch {

std::string_view score_mode_name(ScoreMode mode) {
  switch (mode) {
    case ScoreMode::kEquivalence: return "equivalence";
    case ScoreMode::kSubset: return "subset";
    case ScoreMode::kCoverage: return "coverage";
  }
  return "?";
}

bool score_mode_from_name(std::string_view name, ScoreMode* out) {
  for (ScoreMode m : {ScoreMode::kEquivalence, ScoreMode::kSubset, ScoreMode::kCoverage}) {
    if (score_mode_name(m) == name) {
      *out = m;
      return true;
    }
  }
  return false;
}

std::string_view graded_member(ScoreMode mode) {
  switch (mode) {
    case ScoreMode::kEquivalence: return "f1";
    case ScoreMode::kSubset: return "score";
    case ScoreMode::kCoverage: return "recall";
  }
  return "f1";
}

}  // namespace gqleval::batch
