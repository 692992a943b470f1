// The candidate columns of a score run that scores several answers per row in
// one pass (gqleval score --candidate-col A --candidate-col B, or
// --candidate-cols 'ckpt_*'): wide files with one column per model or
// checkpoint. The row is read once, its schema built once and its
// references hashed once; each candidate is scored against them
// (internal/row_scorer.h) into its own results and summary.
//
// The columns are the named ones in the order given, then each pattern's
// matches (shell-style, fnmatch(3): `*`, `?`, `[...]`) in the input's column
// order. Errors name what went wrong and list the input's columns: a
// pattern that matches no column, a column selected twice, a candidate that
// is also the schema, schema path, id, variables or a reference column.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/columns.h"

namespace gqleval::batch {

struct CandidateColumns {
  std::vector<std::string> names;     // as given, in order
  std::vector<std::string> patterns;  // shell-style, over the input's column names
  bool given() const { return !names.empty() || !patterns.empty(); }
};

// The names the request selects among `input_names`, in order; messages name
// the patterns' option as `names` does.
Result<std::vector<std::string>, Diagnostic> expand_candidates(
    std::span<const std::string> input_names, const CandidateColumns& request,
    const OptionNames& names);

// Checks that no candidate (by name) is a column of another role of `map`.
std::optional<Diagnostic> check_candidates(const ColumnMap& map,
                                           std::span<const Column> candidates);

}  // namespace gqleval::batch
