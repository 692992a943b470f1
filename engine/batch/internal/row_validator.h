// RowValidator: the worker of `validate` runs in the batch pipeline
// (pipeline.h). Each row's query is parsed and validated against the row's
// schema (row_schema.h) with every rule, as a GraphQL server would before
// executing it, and gives one JSON line:
//
//   {"row": N, "valid": BOOL, "errors": [{"rule", "message", "line", "column"}]}
//
// "row" is the 0-based data row; errors are the diagnostics of severity error
// with their first location (line and column null when it has none). A row
// whose schema does not build is invalid with the schema's errors; a
// malformed row is invalid with the reader's diagnostic (rule "CSV" or
// "JSONL"). Tally outcomes (summary.h): kValidRow, kInvalidRow, or kBadRow
// for a malformed row.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/base/arena.h"
#include "engine/base/diagnostic.h"
#include "engine/batch/batch_input.h"
#include "engine/batch/columns.h"
#include "engine/batch/internal/pipeline.h"
#include "engine/batch/internal/row_key.h"
#include "engine/batch/internal/row_schema.h"
#include "engine/batch/summary.h"
#include "engine/schema/schema.h"
#include "engine/validate/document_check.h"
#include "engine/validate/validator.h"

namespace gqleval::batch {

inline constexpr uint8_t kValidRow = 0;
inline constexpr uint8_t kInvalidRow = 1;

// What the workers of a validate run share, read-only.
struct ValidateContext {
  const BatchInput* input = nullptr;
  ColumnMap columns;
  SchemaSources schemas;
  validate::ValidateOptions options;
  std::string operation;
};

class RowValidator final : public ShardWorker {
 public:
  explicit RowValidator(const ValidateContext& context);

  void process(const io::RecordShard& shard, std::string& out, RowTally& tally) override;

 private:
  void validate_row(uint64_t row, const io::RecordSpan& span, std::string& out, RowTally& tally);

  const ValidateContext& context_;
  RecordReader reader_;
  RowSchemas schemas_;
  RowKeys keys_;
  Arena arena_;
  validate::Validator validator_;
};

}  // namespace gqleval::batch
