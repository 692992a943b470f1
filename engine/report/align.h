// Pairs the rows of several runs: row k of the first run with the row of
// every other run that answers the same question.
//
// By id when every row of every run has one from an id column; by the input
// row number ("row") otherwise. A row whose id is its stable key LINE:HASH
// has no id column (the key hashes the candidate too, so it differs between
// runs); nor do runs whose ids repeat, which are aligned by row with a
// warning. Every run must hold the same rows: a row of the first run that
// another lacks, or a row another has beyond them, is an error naming the
// file and line of the first such row.
//
// The runs must also have been scored against the same references: results
// rows carry reference_hash (a hash of the row's schema and references), and
// two paired rows whose hashes differ are an error naming both lines (a row
// the score run could not read has a null hash, and is not checked). A run
// whose rows lack the member (results written before it existed) is aligned
// by id or row alone, with a warning that says so.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/report/run_file.h"

namespace gqleval::report {

enum class AlignedBy : uint8_t { kId, kRow };

struct Alignment {
  AlignedBy by = AlignedBy::kRow;
  // index[r][k]: the row of run r paired with row k of the first run.
  std::vector<std::vector<uint32_t>> index;
  bool references_checked = false;  // every pair's reference_hash compared
  std::vector<std::string> warnings;

  size_t rows() const { return index.empty() ? 0 : index.front().size(); }
};

Result<Alignment, Diagnostic> align_runs(std::span<const Run> runs);

}  // namespace gqleval::report
