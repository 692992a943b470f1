// PositionMap: moves a position in an extracted query (1-based line, UTF-16
// column) to the same character in the text it was extracted from, so that
// diagnostics and explanations point into the LLM's answer as written.
//
// The rule is io::position_in_text's (io/query_extract.h): the query's line 1
// starts at `origin`; later lines keep their column. Computing the origin once
// per query (one call of position_in_text) makes every later mapping O(1).
#pragma once

#include "engine/base/diagnostic.h"

namespace gqleval::score {

struct PositionMap {
  SourcePos origin{1, 1};  // where the query's 1:1 lies in the text

  SourcePos apply(SourcePos p) const {
    if (p.line == 0) return p;  // unknown stays unknown
    if (p.line == 1) return {origin.line, origin.column + p.column - 1};
    return {origin.line + p.line - 1, p.column};
  }
};

}  // namespace gqleval::score
