// The result of scoring one pair (score_pair.h), as plain data: the verdict,
// the counts and graded scores, the missing and extra subtrees, the rewrite
// rules that fired and the diagnostics of every query that failed stage 1.
// Printed by result_json.h (JSON) and render.h (text).
//
// Lifetime. The string_views and spans (paths, segments, firings) point into
// the arena of the Scorer that made the result: they stay valid until its next
// score(). `errors` owns its strings.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/score/verdict.h"

namespace gqleval::score {

// Which input a diagnostic or a rule firing belongs to.
enum class QueryRole : uint8_t { kSchema, kReference, kCandidate };
std::string_view query_role_name(QueryRole role);  // "schema", "reference", "candidate"

struct QueryDiagnostic {
  QueryRole query = QueryRole::kCandidate;
  uint32_t reference = 0;  // 0-based, when query is kReference
  Diagnostic diagnostic;
  // The candidate's operation it is about, when every operation of the
  // answer is graded (ScoreOptions::all_operations); -1: none named.
  int32_t operation = -1;
};

// One node on a path, split so that paths can be grouped by type.
struct PathSegment {
  std::string_view key;        // the node's identity text, e.g. `title on Book @include(if: $1)`
  std::string_view head;       // name and arguments, e.g. `users(id: 1)`; the root: its kind
  std::string_view on_type;    // the concrete type when the parent is abstract, else empty
  std::string_view condition;  // e.g. `@include(if: $1)`, else empty
};

struct SubtreeDiff {
  std::string_view path;                  // the segments from the root, joined by " -> "
  std::span<const PathSegment> segments;  // the root first
  SourcePos pos;                          // the selection the node came from
  uint32_t nodes = 0;                     // field nodes in the subtree, itself included
  bool argument_difference = false;       // one side of an ArgumentDifference
  int32_t operation = -1;  // the candidate's operation `pos` is in (every operation graded)
};

// One argument whose value differs between the two sides of an argument
// difference: canonical value texts, empty where that side does not give the
// argument (or gives its default).
struct ArgumentChange {
  std::string_view name;
  std::string_view reference;
  std::string_view candidate;
};

// A missing and an extra subtree under one parent that are the same field
// with other arguments (docs/semantics.md, Stage 4), explained as one difference
// of arguments and what differs inside when the children are compared as if
// the arguments were equal (score/internal/argument_differences.h). Counts
// and verdicts do not change: both subtrees stay in missing_paths and
// extra_paths, marked.
struct ArgumentDifference {
  std::string_view path;             // the parent as the reference wrote it, then the field's name
  std::string_view field;            // the field's name as the reference wrote it
  std::string_view candidate_field;  // as the candidate wrote it (the same unless a rule mapped it)
  std::string_view text;             // e.g. `followers: first 10 -> 100`
  std::string_view changes_text;     // the part after the field: `first 10 -> 100`
  std::span<const ArgumentChange> changes;
  SourcePos reference_pos;                     // the reference's selection
  SourcePos candidate_pos;                     // the candidate's selection
  int32_t candidate_operation = -1;            // its operation (every operation graded)
  uint32_t reference_nodes = 0;                // nodes of the reference's subtree (missing)
  uint32_t candidate_nodes = 0;                // nodes of the candidate's subtree (extra)
  std::span<const SubtreeDiff> missing_paths;  // inside, top-most, as if the arguments were equal
  std::span<const SubtreeDiff> extra_paths;
  int32_t within = -1;  // the difference this one was found inside (an index); -1: none
  // The two subtrees it pairs: indices into the missing and extra paths of
  // the result (within == -1) or of the difference it was found inside.
  uint32_t missing_index = 0;
  uint32_t extra_index = 0;
};

struct FiredRule {
  QueryRole query = QueryRole::kCandidate;  // kReference (the matched one) or kCandidate
  uint32_t reference = 0;
  std::string_view rule;    // "cycles", "endpoints", "rgeval"
  std::string_view path;    // where, before the rewrite
  std::string_view detail;  // what it did
  SourcePos pos;
  int32_t operation = -1;  // a candidate's firing: its operation (every operation graded)
};

inline constexpr int32_t kNoReference = -1;

struct PairResult {
  Verdict verdict = Verdict::kInvalidCandidate;
  bool pass = false;
  // Field nodes (Stage 4); all zero for a stage 1 verdict.
  uint32_t missing = 0;
  uint32_t extra = 0;
  uint32_t shared = 0;
  uint32_t reference_nodes = 0;
  uint32_t candidate_nodes = 0;
  bool operation_differs = false;  // the root kinds differ (query vs mutation, ...)
  double precision = 0;            // see verdict.h for empty sets
  double recall = 0;
  double f1 = 0;
  int32_t matched_reference = kNoReference;  // 0-based; kNoReference for stage 1 verdicts
  uint32_t reference_count = 0;
  std::span<const SubtreeDiff> missing_paths;  // top-most, in the reference
  std::span<const SubtreeDiff> extra_paths;    // top-most, in the candidate
  // Missing and extra paths that are one field with other arguments, each
  // followed by those found inside it.
  std::span<const ArgumentDifference> argument_differences;
  std::span<const FiredRule> rules_fired;  // matched reference's, then candidate's
  // The candidate's operations read (0 when no query was found) and, of
  // them, those left out as invalid; with every operation graded
  // (ScoreOptions::all_operations), the candidate's paths, firings and errors
  // name theirs.
  uint32_t operations = 0;
  uint32_t invalid_operations = 0;
  std::vector<QueryDiagnostic> errors;  // stage 1 diagnostics, references first
};

// The invalid_schema result for a schema that did not build.
PairResult schema_failure(const Diagnostics& schema_errors, uint32_t reference_count = 1);

}  // namespace gqleval::score
