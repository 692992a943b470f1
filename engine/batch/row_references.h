// A row's references as a score run counts them, for every scorer of rows
// (the batch engine's RowScorer, and engine/rows for the language bindings):
// the primary reference always (a blank one is the dataset's error and is
// reported), a further one only where the row has one. Each kept reference
// remembers its column, so that the indices a result gives (the matched
// reference, a reference's diagnostics) name the row's reference columns (0
// the primary, 1 the next...), the same in every row whichever cells were
// blank.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "engine/score/score_pair.h"

namespace gqleval::batch {

class RowReferences {
 public:
  // Starts a row.
  void clear();
  // The row's reference column `column` (in column order, from 0), kept by
  // the rule above.
  void add(size_t column, std::string_view text);

  // The kept references, in column order (views of the row's cells).
  std::span<const std::string_view> texts() const { return texts_; }
  size_t size() const { return texts_.size(); }

  // Indices of texts() in a result (the matched reference, the references'
  // diagnostics) turned into reference columns.
  void to_columns(int32_t& matched, std::vector<score::QueryDiagnostic>& errors) const;

 private:
  std::vector<std::string_view> texts_;
  std::vector<uint32_t> columns_;  // texts_[i] is in reference column columns_[i]
};

}  // namespace gqleval::batch
