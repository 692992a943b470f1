#include "engine/batch/row_references.h"

#include "engine/batch/batch_input.h"

namespace gqleval::batch {

void RowReferences::clear() {
  texts_.clear();
  columns_.clear();
}

void RowReferences::add(size_t column, std::string_view text) {
  if (column != 0 && trim_cell(text).empty()) return;
  texts_.push_back(text);
  columns_.push_back(static_cast<uint32_t>(column));
}

void RowReferences::to_columns(int32_t& matched,
                               std::vector<score::QueryDiagnostic>& errors) const {
  if (matched != score::kNoReference) {
    matched = static_cast<int32_t>(columns_[static_cast<size_t>(matched)]);
  }
  for (score::QueryDiagnostic& e : errors) {
    if (e.query == score::QueryRole::kReference && e.reference < columns_.size()) {
      e.reference = columns_[e.reference];
    }
  }
}

}  // namespace gqleval::batch
