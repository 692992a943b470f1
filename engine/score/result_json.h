// The JSON form of a scored pair: the one serializer of PairResult, used by
// `gqleval score` rows, `gqleval compare --json` and the artifacts, written
// straight into a caller's buffer with no intermediate objects and no
// allocation beyond growing it.
//
// Members, in this order:
//   verdict, pass, compared, missing, extra, precision, recall, f1,
//   matched_reference, missing_paths, extra_paths, argument_differences,
//   rules_fired, operations, invalid_operations, errors
// - compared: whether the two queries were compared (false for a stage 1
//   verdict: no query, an invalid query or schema);
// - missing, extra, matched_reference: null when nothing was compared, so that
//   "nothing matched" and "not compared" differ; precision, recall and f1 are
//   0 then, the value a run's mean F1 counts for such a row;
// - a path is {"path", "line", "column", "nodes"}; a rule firing is {"query",
//   ["reference",] "rule", "path", "detail", "line", "column"}; an error is
//   {"query", ["reference",] "rule", "message", "line", "column"} with the
//   first location. A line or column that is not known is null. "query" is
//   "schema", "reference" or "candidate" (or what the caller names, for an
//   error of its own such as a malformed input row); "reference" is the
//   0-based index of the reference and appears only with "query":"reference".
//   A reference's firings are the matched reference's, so they carry its index.
// - operations: the candidate's operations read (1, or 0 when no query was
//   found; with every operation graded, --answer all, as many as it has);
//   invalid_operations: of them, those left out as invalid. With every
//   operation graded, each item of the candidate (an extra path, a firing,
//   an error) adds "operation", the index of the operation it is in (0-based,
//   over the answer's texts in order), and an argument difference
//   "candidate_operation".
// - an argument difference (pair_result.h) is {"path", "field",
//   "candidate_field", "text", "arguments": [{"name", "reference",
//   "candidate"}], "reference_line", "reference_column", "candidate_line",
//   "candidate_column", "reference_nodes", "candidate_nodes", "missing_index",
//   "extra_index", "within", "missing_paths", "extra_paths"}; an argument's
//   value is null on the side that does not give it.
//
// Numbers are printed shortest-round-trip (std::to_chars), so the text of a
// result depends on the result alone.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/base/diagnostic.h"
#include "engine/score/score_pair.h"
#include "engine/score/subset.h"

namespace gqleval::score {

// The version of the results contract (docs/results.schema.json): the
// members of score and validate rows, of `compare --json` and of summaries. It
// grows by one whenever a member is added, renamed, removed or changes its
// meaning, or a CSV column moves.
// 2: score rows carry reference_hash (and run, with several candidates in one
// file), in CSV as columns after id, so the kept columns moved.
// 3: argument_differences (a CSV column after extra_paths); paths print each
// query's own words, with the rule that mapped a selection (`usersById(id: 1)
// [endpoints]`), no longer the canonical field.
// 4: summaries and compare --json state variables_by_name (whether unbound
// variables kept their names, or were numbered so that a renaming is equal).
// 5: coverage rows (score --mode coverage), summaries' mean_recall.
// 6: equivalence and subset rows count the candidate's operations
// (operations, invalid_operations; CSV columns before errors), and with
// --answer all name each candidate item's operation.
inline constexpr int kResultsVersion = 6;

// The members above, without braces: `"verdict":...,"errors":[...]`, so that a
// caller can put its own members around them.
void append_result_members(std::string& out, const PairResult& result);

// The members above for a row that was never compared, with a verdict and
// one error of the caller's own: a malformed input row's ("bad_row", its error
// under query "row"), whose line has every member of a result, written as a
// result's are.
void append_uncompared_members(std::string& out, std::string_view verdict, std::string_view query,
                               const Diagnostic& error);

// `{"results_version":N,members}` for one pair; `rule_profile`, when given,
// adds the last members "rules", naming the rewrite rules the run used, and
// "variables_by_name", whether unbound variables kept their names.
void append_result_object(std::string& out, const PairResult& result,
                          std::optional<std::string_view> rule_profile = std::nullopt,
                          bool variables_by_name = false);

// The reference index a firing is reported under: a reference's firings are
// the matched reference's, so they carry matched_reference (which a caller
// may have renumbered, e.g. to the input's reference columns).
uint32_t reported_reference(const PairResult& result, const FiredRule& firing);

// `,"name":` (member separator, key and colon).
void append_json_key(std::string& out, std::string_view name);

// `,"line":L,"column":C`, null where unknown (0).
void append_json_position(std::string& out, SourcePos pos);

// `[{"path":P,"line":L,"column":C,"nodes":N},...]`: the paths of a result,
// missing or extra, of an equivalence row or of a subset row (the one
// serializer of both); a candidate's path adds "operation" when every
// operation of the answer was graded.
void append_json_paths(std::string& out, std::span<const SubtreeDiff> paths);
void append_json_paths(std::string& out, std::span<const SubsetMissing> paths);

// One error object, as in `errors` above; `reference` only with query
// "reference", `operation` (the candidate's) only where it is 0 or more.
void append_json_error(std::string& out, std::string_view query, std::optional<uint32_t> reference,
                       const Diagnostic& diagnostic, int32_t operation = -1);

// `,"operations":N,"invalid_operations":M`: the candidate's operations read
// and, of them, those left out as invalid.
void append_json_operations(std::string& out, uint32_t operations, uint32_t invalid);

// `[error,...]`: the `errors` member's value.
void append_json_errors(std::string& out, std::span<const QueryDiagnostic> errors);

}  // namespace gqleval::score
