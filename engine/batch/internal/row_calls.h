// RowCalls: the worker of `calls` runs in the batch pipeline (pipeline.h).
// Each record is one GraphQLRestBench-style row:
//
//   read the record (a malformed one becomes a bad_row result) -> find its
//   schema (row_schema.h; a blank cell: none) and its functions (the
//   function specs plus the schema's Query fields, calls/score_calls.h),
//   both cached -> take the candidate from the row, or from the predictions
//   file -> score the pair (calls::score_calls) -> append the result
//   (calls/calls_result.h) and count it in the worker's summary.
//
// A row whose function specs are not a JSON list of functions is a bad_row
// (rule "invalid_function_specs"); a row whose schema does not build is
// scored with the functions of its specs alone and no path check, with the
// schema's first error among its errors (rule "Schema"); a row the
// predictions do not answer has no code, with an error (rule "Predictions").
// Every record yields exactly one result, in record order. One per worker
// thread; results depend only on the row.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/batch/batch_input.h"
#include "engine/batch/columns.h"
#include "engine/batch/internal/pipeline.h"
#include "engine/batch/internal/predictions.h"
#include "engine/batch/internal/row_key.h"
#include "engine/batch/internal/row_schema.h"
#include "engine/calls/calls_summary.h"
#include "engine/calls/function_specs.h"
#include "engine/calls/score_calls.h"

namespace gqleval::batch {

inline constexpr uint8_t kCallsFullMatch = 0;  // tally outcomes, for progress
inline constexpr uint8_t kCallsOther = 1;

// What the workers of a calls run share, read-only (the caches are
// thread-safe).
struct CallsContext {
  const BatchInput* input = nullptr;
  ColumnMap columns;
  SchemaSources schemas;
  bool has_schema = false;                            // a schema column, path column or one schema
  const Predictions* predictions = nullptr;           // null: the candidate column
  std::string artifacts_dir;                          // empty: none
  uint64_t artifacts_rows = 0;                        // rows below it get artifacts; 0: every row
  std::atomic<uint64_t>* artifacts_failed = nullptr;  // files that could not be written
};

class RowCalls final : public ShardWorker {
 public:
  // `summary` and `asked` (one flag per prediction, for a join by id) are
  // the worker's own, read once the run is over.
  RowCalls(const CallsContext& context, calls::CallsSummary& summary, std::vector<bool>& asked);

  void process(const io::RecordShard& shard, std::string& out, RowTally& tally) override;

 private:
  // The row's functions, parsed once per distinct specs text and schema.
  struct Functions {
    std::string specs;  // the text they were parsed from
    uint64_t schema_hash = 0;
    std::shared_ptr<const calls::FunctionSpecs> functions;  // null: the specs do not parse
    Diagnostic error;
  };
  const Functions& functions(std::string_view specs, const SchemaEntry* schema);

  void score_row(uint64_t row, const io::RecordSpan& span, std::string& out, RowTally& tally);
  const SchemaEntry* row_schema();
  struct RowAnswer {
    std::string_view text;
    const Diagnostic* bad = nullptr;  // a prediction that could not be read
    bool answered = true;             // false: the predictions file has none for the row
  };
  RowAnswer row_answer(uint64_t row);
  void bad_row(const RowKey& key, const Diagnostic& reason, std::string& out, RowTally& tally);
  std::string_view group() const;
  void write_artifacts(uint64_t row, const calls::CallsPrograms& programs);

  const CallsContext& context_;
  calls::CallsSummary& summary_;
  std::vector<bool>& asked_;
  RecordReader reader_;
  RowSchemas schemas_;
  RowKeys keys_;
  std::unordered_map<uint64_t, Functions> functions_;
  std::string head_;
};

}  // namespace gqleval::batch
