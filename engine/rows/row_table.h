// Rows as a language binding hands them to the engine (views into its
// language's strings), and their results as the engine hands them back: what
// a binding needs to walk them, so that each binding only converts values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/rows/option_values.h"

namespace gqleval::rows {

// One row. A missing cell (Python's None, JavaScript's null) is an empty
// view, as a JSON Lines null is an empty cell to the CLI.
struct RowCells {
  std::string_view schema;
  // The primary first; at least one, but for a coverage row with its list.
  std::span<const std::string_view> references;
  std::string_view candidate;
  std::string_view variables;  // a JSON object, or blank for none
  // A coverage row's lists of coordinates (a JSON array, or one a line);
  // `listed`: the row has a required list (else its primary reference's
  // coordinates are required).
  bool listed = false;
  std::string_view required;
  std::string_view excluded;
};

// A row's id as the caller gave it, written as the first member of its result
// (`"id":"q17"`, `"id":17`); kNone: the result has no id.
struct RowId {
  enum class Kind : uint8_t { kNone, kText, kNumber };
  Kind kind = Kind::kNone;
  std::string_view text;
  double number = 0;  // finite
};

// Rows as columns: each column has one cell per row, or where its `one_`
// flag says so one cell for every row (a single schema), or none (no
// variables, no ids). Row i's references are
// references[reference_begin[i], reference_begin[i + 1]).
struct RowTable {
  size_t rows = 0;
  std::vector<std::string_view> schemas;
  std::vector<std::string_view> references;
  std::vector<uint32_t> reference_begin;  // rows + 1 offsets
  std::vector<std::string_view> candidates;
  std::vector<std::string_view> variables;
  std::vector<RowId> ids;  // one per row, or none
  // Coverage rows' lists: one per row, or none (required: the references'
  // own coordinates; excluded: none).
  std::vector<std::string_view> required;
  std::vector<std::string_view> excluded;
  bool one_schema = false;
  bool one_candidate = false;
  bool one_variables = false;

  RowCells row(size_t i) const;
  RowId id(size_t i) const;
};

// What the engine asks of every row and table, checked before any row is
// scored (rule "RangeError", the row or column named): at least one reference
// a row ("row 3 has no reference: give at least one"; a coverage row with its
// required list needs none), and one cell per row
// in each column, or one for every row where the table says so ("schemas
// has 2 items and the rows are 3: give one per row"; variables and ids may
// be absent).
// check_table() checks the rows [first, first + count).
std::optional<Diagnostic> check_row(const RowCells& row);
std::optional<Diagnostic> check_table(const RowTable& table, size_t first, size_t count);

// Results of several rows, back to back: row i is text[ends[i-1], ends[i]).
// firsts[i] is the first row with row i's cells, both counted from the call's
// `first`: i itself, or an earlier row whose result row i repeats; a repeat's
// text is empty (its result is the earlier row's).
struct RowResults {
  std::string text;
  std::vector<size_t> ends;
  std::vector<uint32_t> firsts;

  void clear();
  bool repeats(size_t i) const { return firsts[i] != i; }
  // Row i's result members, `{"verdict":...}` (for a repeat, the first
  // equal row's).
  std::string_view members(size_t i) const;
};

// The members of a result of `mode` ("equivalence", "subset"), in order, as
// the engine writes them (a binding's list of result fields, a DataFrame's
// columns). Errors: an unknown mode (named as `names` names the option).
Result<std::span<const std::string_view>, Diagnostic> result_members(std::string_view mode,
                                                                     const OptionNames& names);

// Row i of a call that began at table row `first`, as the object a binding
// returns: `"id"` first where the row has one, then the result's members.
void append_result_object(const RowResults& results, const RowTable& table, size_t first, size_t i,
                          std::string& out);
// Every row of the call, as a JSON array of those objects.
void append_results_array(const RowResults& results, const RowTable& table, size_t first,
                          std::string& out);

}  // namespace gqleval::rows
