// Result records of a batch run: one per input data row, as a JSON Lines
// object (the default) or a CSV record, written straight into a caller's
// buffer with no intermediate objects and no allocation beyond growing it.
// Their members are the results contract (docs/results.schema.json,
// results_version below), shared by every command.
//
// JSONL, one object per line: "row" (the 0-based data row; the header is not
// a row), "id" (the id column's text; where the input has no id, or the
// row's cell is blank, the row's stable key `LINE:HASH`, its 1-based line in
// the input and a hash of its content), in score rows "run" (the candidate
// column, only when one file holds several candidates' rows) and
// "reference_hash" (16 hex digits of a hash of the row's schema and
// references, the same for every candidate scored against them; null for a
// record that could not be read), the kept input columns by their names (a
// cell the row lacks is null), then the members of the row kind:
//   - a score row, the pair's result (score/result_json.h: verdict, pass,
//     compared, ... errors); in a subset run (score_mode.h) the row's subset
//     result (score/subset_json.h: verdict, pass, compared, missing, score,
//     ... errors); in a coverage run its coverage (score/coverage_json.h:
//     verdict, pass, compared, required, covered_count, recall, ... errors). A malformed row has
//     verdict "bad_row", pass and compared false, the members of its run's rows with null counts
//     and zero scores, and one error {"query":"row", "rule": the short name (e.g.
//     "unterminated_quote", "invalid_json"), "message", "line", "column"}
//     that points at the fault in the input file;
//   - a validate row, "valid" then "errors", each error {"query", "rule",
//     "message", "line", "column"} with "query" naming what it is about:
//     "query", "schema" or "row".
//
// CSV: a header (append_csv_header) and the same columns (a null is an
// empty cell); lists are one item
// per line inside their cell ("PATH (LINE:COLUMN, N nodes)", "RULE at
// LINE:COLUMN PATH: DETAIL", "QUERY LINE:COLUMN: RULE: message").
//
// Numbers are printed shortest-round-trip (std::to_chars), so a file is the
// same byte for byte however the run was split or threaded.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/base/diagnostic.h"
#include "engine/batch/score_mode.h"
#include "engine/score/coverage.h"
#include "engine/score/result_json.h"
#include "engine/score/score_pair.h"
#include "engine/score/subset.h"

namespace gqleval::batch {

enum class OutputFormat : uint8_t { kJsonl, kCsv };

// Outcomes counted by the summary: the nine verdicts of score::Verdict, in
// their order, then bad_row, then the two verdicts of a subset row that
// compared its queries, then the two of a coverage row (the stage 1
// verdicts of either are the outcomes of the same names).
inline constexpr uint8_t kBadRow = 9;
inline constexpr uint8_t kSubsetPass = 10;       // "subset"
inline constexpr uint8_t kSubsetMissing = 11;    // "missing"
inline constexpr uint8_t kCoveragePass = 12;     // "covered"
inline constexpr uint8_t kCoverageMissing = 13;  // "not_covered"
inline constexpr size_t kOutcomeCount = 14;
// verdict_name(), "bad_row", subset_verdict_name(), coverage_verdict_name().
std::string_view outcome_name(uint8_t outcome);
// The outcome a verdict's name names; none for a name no row has.
std::optional<uint8_t> outcome_by_name(std::string_view name);
constexpr uint8_t outcome_of(score::Verdict v) { return static_cast<uint8_t>(v); }
uint8_t outcome_of(score::SubsetVerdict v);
uint8_t outcome_of(score::CoverageVerdict v);
bool outcome_passes(uint8_t outcome);    // equivalent, overfetch_ok, subset
bool outcome_compared(uint8_t outcome);  // neither a stage 1 verdict nor bad_row
// The outcomes rows of `mode` can have, in the order the summary lists them.
std::span<const uint8_t> mode_outcomes(ScoreMode mode);
// The members of a result of `mode`, in order (the CSV columns after the
// row's key; docs/results.schema.json).
std::span<const std::string_view> result_members(ScoreMode mode);

using score::kResultsVersion;

// An input column copied into each result (--keep-col).
struct KeptCell {
  std::string_view name;   // the member or column name in the results
  std::string_view value;  // the cell's text, or its JSON text when `json`
  bool present = false;    // false: the row lacks it (null)
  bool json = false;       // a JSON Lines value that is not a string
};

struct RowKey {
  uint64_t row = 0;     // 0-based data row
  std::string_view id;  // the id cell, or the row's stable key
  std::span<const KeptCell> kept;
  // Score rows: 16 hex digits of the hash of the row's schema and references
  // (internal/row_key.h); empty: null (a record that could not be read).
  std::string_view reference_hash = {};
  // Score rows of several candidates in one file: the candidate column;
  // empty: no run member.
  std::string_view run = {};
};

// The names a kept column may not take, as the results already use them.
bool is_result_member(std::string_view name);

// A score run's CSV header: row, id, [run,] reference_hash, the kept
// columns, then the members of `mode`'s rows. `run`: the results hold several
// candidates in one file.
void append_csv_header(std::string& out, std::span<const std::string> kept_names = {},
                       ScoreMode mode = ScoreMode::kEquivalence, bool run = false);

// `{"row":N,"id":ID,KEPT...,`: the opening of a JSONL row, for the members of
// a result to follow (other tools' rows join ours by these keys).
void append_json_row_head(std::string& out, const RowKey& key);

// A score row's line is its key's part (row, id, run, reference_hash, the
// kept cells) then its result's part. Each of these returns where the
// result's part begins in `out`: a candidate that repeats an answer scored
// earlier in its row gets append_row_key() and a copy of that part
// (RowScorer), the bytes scoring it again would give.
size_t append_row_result(std::string& out, OutputFormat format, const RowKey& key,
                         const score::PairResult& result);

// A row of a subset run.
size_t append_subset_row(std::string& out, OutputFormat format, const RowKey& key,
                         const score::SubsetRow& row);

// A row of a coverage run.
size_t append_coverage_row(std::string& out, OutputFormat format, const RowKey& key,
                           const score::CoverageRow& row);

// The key's part of a score row's line alone.
void append_row_key(std::string& out, OutputFormat format, const RowKey& key);

// A row the reader could not read, with the members of `mode`'s rows:
// diagnostic.rule is the short name (io::csv_issue_name /
// io::jsonl_issue_name, "invalid_variables").
void append_bad_row(std::string& out, OutputFormat format, const RowKey& key,
                    const Diagnostic& diagnostic, ScoreMode mode = ScoreMode::kEquivalence);

// A validate row (JSON Lines): its errors, about `query` ("query", "schema" or
// "row"); warnings are left out.
void append_validate_row(std::string& out, const RowKey& key, std::string_view query,
                         const Diagnostics& diagnostics);

}  // namespace gqleval::batch
