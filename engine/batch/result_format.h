// Result records of a batch run: one per input data row, as a JSON Lines
// object (the default) or a CSV record, written straight into a caller's
// buffer with no intermediate objects and no allocation beyond growing it.
//
// JSONL, one object per line: "row" (the 0-based data row; the header is not
// a row) and "id" (the id column's text, or null when there is no id column
// or the record has no such cell), then the members of the pair's result
// (score/result_json.h: verdict ... errors). A malformed row has verdict
// "bad_row", pass false, one more member after "pass": "reason" (e.g.
// "unterminated_quote", "invalid_json"), null counts and scores, and one
// error with "query":"row" that points at the fault in the input file.
//
// CSV: a header (append_csv_header) and the same columns; lists are one item
// per line inside their cell ("PATH (LINE:COLUMN, N nodes)", "RULE at
// LINE:COLUMN PATH: DETAIL", "QUERY LINE:COLUMN: RULE: message"); a bad row's
// errors cell starts with its reason in brackets.
//
// Numbers are printed shortest-round-trip (std::to_chars), so a file is the
// same byte for byte however the run was split or threaded.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/base/diagnostic.h"
#include "engine/score/score_pair.h"

namespace gqleval::batch {

enum class OutputFormat : uint8_t { kJsonl, kCsv };

// Outcomes counted by the summary: the nine verdicts of score::Verdict, in
// their order, then bad_row.
inline constexpr uint8_t kBadRow = 9;
inline constexpr size_t kOutcomeCount = 10;
std::string_view outcome_name(uint8_t outcome);  // verdict_name(), or "bad_row"
inline uint8_t outcome_of(score::Verdict v) { return static_cast<uint8_t>(v); }

struct RowKey {
  uint64_t row = 0;     // 0-based data row
  std::string_view id;  // the id cell
  bool has_id = false;
};

void append_csv_header(std::string& out);

// `{"row":N,"id":ID,`: the opening of a JSONL row, for the members of a
// result to follow (other tools' rows join ours by these keys).
void append_json_row_head(std::string& out, const RowKey& key);

void append_row_result(std::string& out, OutputFormat format, const RowKey& key,
                       const score::PairResult& result);

// A row the reader could not read: reason is the short name
// (io::csv_issue_name / io::jsonl_issue_name), diagnostic its description.
void append_bad_row(std::string& out, OutputFormat format, const RowKey& key,
                    std::string_view reason, const Diagnostic& diagnostic);

}  // namespace gqleval::batch
