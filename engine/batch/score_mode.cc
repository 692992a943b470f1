#include "engine/batch/score_mode.h"

namespace gqleval::batch {

std::string_view score_mode_name(ScoreMode mode) {
  switch (mode) {
    case ScoreMode::kEquivalence: return "equivalence";
    case ScoreMode::kSubset: return "subset";
  }
  return "?";
}

bool score_mode_from_name(std::string_view name, ScoreMode* out) {
  for (ScoreMode m : {ScoreMode::kEquivalence, ScoreMode::kSubset}) {
    if (score_mode_name(m) == name) {
      *out = m;
      return true;
    }
  }
  return false;
}

}  // namespace gqleval::batch
