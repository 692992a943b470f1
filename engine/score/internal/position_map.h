// PositionMap: moves a position in an extracted query (1-based line, UTF-16
// column) to the same character in the text it was extracted from, so that
// diagnostics and explanations point into the LLM's answer as written.
//
// The rule is io::position_in_text's (io/query_extract.h): the query's line 1
// starts at `origin`; later lines keep their column. Computing the origin once
// per query (one call of position_in_text) makes every later mapping O(1).
#pragma once

#include <cstdint>
#include <span>

#include "engine/base/diagnostic.h"

namespace gqleval::score {

struct PositionMap {
  SourcePos origin{1, 1};  // where the query's 1:1 lies in the text

  SourcePos apply(SourcePos p) const {
    if (p.line == 0) return p;  // unknown stays unknown
    if (p.line == 1) return {origin.line, origin.column + p.column - 1};
    return {origin.line + p.line - 1, p.column};
  }
  // `d` with every location moved.
  Diagnostic apply(Diagnostic d) const {
    for (SourcePos& p : d.locations) p = apply(p);
    return d;
  }
};

// Where a normal tree's nodes lie in the texts as given: one map, or for an
// answer's operations merged into one tree (normalize/merge_operations.h)
// one map per operation, by Node::operation (and RuleFiring::operation).
struct TreePlaces {
  PositionMap map;
  std::span<const PositionMap> maps;  // by operation; empty: `map` for every node

  SourcePos apply(SourcePos p, uint16_t operation) const {
    return maps.empty() ? map.apply(p) : maps[operation].apply(p);
  }
  // The operation to name beside a position: -1 for a tree of one.
  int32_t operation(uint16_t operation) const { return maps.empty() ? -1 : operation; }
};

}  // namespace gqleval::score
