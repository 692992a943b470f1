// Printing a PairResult (score_pair.h) as human-readable text, for `gqleval
// compare`: the verdict, the counts and scores, the grouped missing and extra
// paths (explanation.h) with positions as `FILE:LINE:COLUMN`, the rules that
// fired, and the errors as `FILE:LINE:COLUMN: Rule: message`. FILE is the
// label of the query (RenderLabels: e.g. the file names given on the command
// line). The JSON form is result_json.h.
#pragma once

#include <string>
#include <vector>

#include "engine/score/score_pair.h"

namespace gqleval::score {

struct RenderLabels {
  std::vector<std::string> references;  // by index; missing ones default as below
  std::string candidate = "candidate";
  std::string schema = "schema";
  // "reference" when there is one, "reference[k]" (0-based) when several.
  std::string reference(size_t k, size_t count) const;
};

std::string render_text(const PairResult& result, const RenderLabels& labels = {});

}  // namespace gqleval::score
