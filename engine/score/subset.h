// Subset comparison, beside score_pair.h over the same normal trees: does the
// RIGHT document select everything the LEFT one selects? The question Relay's
// `experimental-compare-document-ir` answers, which graders of LLM-written
// GraphQL already ask, with Relay's semantics and its four defects fixed.
//
// Both documents go through Stage 1 and Stage 2 of docs/semantics.md (parse,
// validate, pick the operation, normalize; no Stage 3 rewrite), and each normal
// tree is regrouped as Relay groups selections (internal/subset_tree.h: one
// node per field, a leaf carrying its concrete object types). Then:
//   - a LEFT node is present when its whole path from the root is matched,
//     step by step, by a RIGHT path: same field name, a condition that is
//     none or the same, arguments that give all LEFT asks for
//     (internal/argument_subset.h: any value is a subset of a variable, lists
//     item by item, input objects by field name, RIGHT may give more
//     arguments and fields). Every RIGHT path is tried, not the first match
//     only; a leaf is present when the RIGHT leaves that match it cover its
//     types together;
//   - a missing LEFT node is reported at the top of its missing subtree, in
//     LEFT's source order (depth first), with the number of LEFT nodes in
//     that subtree, or, for a leaf whose types are not all covered, with the
//     types missing (counted as one node, as Relay does);
//   - score = 1 - (LEFT nodes reported missing) / (LEFT nodes, root included),
//     Relay's library score.
// Where this differs from Relay 21.0.1 (`@include`/`@skip` ignored, children
// of a repeated field dropped, greedy first match, key order in constant input
// objects; and values compared after input coercion: defaults, `1` and "1"
// for an ID): docs/commands/subset.md, "Where gqleval and Relay differ".
//
// A different operation kind misses the whole LEFT tree (score 0).
//
// Rows of `gqleval score --mode subset` (compare_references below): the
// references are LEFT, the candidate RIGHT; the row takes the best reference
// (a pass first, then the highest score, then the earliest) and has a verdict,
// `subset` or `missing`, or a stage 1 verdict named and ordered as score_pair.h
// names them (invalid_schema > invalid_reference > no_query >
// invalid_candidate): a row with an invalid reference is invalid_reference
// whatever the candidate, and lists the diagnostics of every invalid document.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/normalize/options.h"
#include "engine/schema/schema.h"
#include "engine/score/pair_result.h"

namespace gqleval::score {

struct SubsetOptions {
  std::string_view operation_name;        // for documents with several operations
  normalize::NormalizeOptions normalize;  // variables JSON, ignore_typename (rules: none apply)
  bool extract_left = false;              // find the query in LLM text first
  bool extract_right = false;
  // compare_references(): RIGHT is an answer of several operations, merged
  // as score_pair.h merges them ("Several operations"); its errors name them.
  bool all_operations = false;
};

enum class SubsetState : uint8_t {
  kCompared,
  kInvalidLeft,   // LEFT does not parse, validate, name an operation, or normalize
  kInvalidRight,  // (LEFT is valid) RIGHT does not
};

// A field on a missing node's path: where it was first selected in LEFT (to
// print it as written) and its definition.
struct SubsetStep {
  SourcePos pos;
  schema::FieldId field = schema::kNone;
};

struct SubsetMissing {
  std::string path;                     // "query -> user(id: \"1\") -> name", canonical arguments
  SourcePos pos;                        // of the missing node's first selection in LEFT
  uint32_t nodes = 0;                   // LEFT nodes in the missing subtree; 1 for a type gap
  std::vector<std::string_view> types;  // a leaf's uncovered concrete types (schema order);
                                        // empty when the node is missing entirely
  std::vector<SubsetStep> steps;        // the fields on the path, root excluded
};

struct SubsetResult {
  SubsetState state = SubsetState::kCompared;
  bool passed = false;
  double score = 0;
  std::string_view operation;  // LEFT's operation kind: "query", "mutation", "subscription"
  SourcePos operation_pos;     // where LEFT's operation starts
  uint32_t left_nodes = 0;     // LEFT's tree, root included
  uint32_t missing_nodes = 0;  // the sum of `nodes` over `missing`
  std::vector<SubsetMissing> missing;
  std::vector<QueryDiagnostic> errors;  // LEFT's as kReference, RIGHT's as kCandidate
};

// The verdict of a row of `score --mode subset`.
enum class SubsetVerdict : uint8_t {
  kSubset,            // nothing the matched reference selects is missing (a pass)
  kMissing,           // something is missing
  kNoQuery,           // no query found in the candidate
  kInvalidCandidate,  // the candidate does not parse, validate or normalize
  kInvalidReference,  // a reference does not
  kInvalidSchema,     // the schema does not build
};

// "subset", "missing", then the stage 1 names of verdict.h: "no_query",
// "invalid_candidate", "invalid_reference", "invalid_schema".
std::string_view subset_verdict_name(SubsetVerdict v);
// subset or missing: the documents were compared.
bool is_compared(SubsetVerdict v);

// One row: the comparison with the matched reference, or, for a stage 1
// verdict, a result whose state is not kCompared and whose errors are every
// failing document's (references first, with their 0-based index).
struct SubsetRow {
  SubsetVerdict verdict = SubsetVerdict::kInvalidCandidate;
  int32_t matched_reference = kNoReference;  // 0-based; kNoReference unless compared
  SubsetResult result;
  // The candidate's operations read and left out, as PairResult counts them.
  uint32_t operations = 0;
  uint32_t invalid_operations = 0;
};

// The invalid_schema row for a schema that did not build.
SubsetRow subset_schema_failure(const Diagnostics& schema_errors);

// True when `a` is a strictly better match than `b`: a pass first, then the
// higher score. Ties are not better, so a scan keeps the earliest.
bool better_subset(const SubsetResult& a, const SubsetResult& b);

// The per-thread workspace (an arena, the front end, the normalizer); not
// thread-safe. Type names in a result point into the schema. What it derives
// from a schema (argument defaults) is kept while calls pass the same schema
// object, known by its address: keep the last call's schema alive while the
// comparer may be called again, so that no other schema can be built there.
class SubsetComparer {
 public:
  SubsetComparer();
  ~SubsetComparer();
  SubsetComparer(const SubsetComparer&) = delete;
  SubsetComparer& operator=(const SubsetComparer&) = delete;

  SubsetResult compare(const schema::Schema& schema, std::string_view left, std::string_view right,
                       const SubsetOptions& options = {});

  // A row: RIGHT (the candidate, read once) against each LEFT (the
  // references), the best of them (see the top of this file); an empty
  // `lefts` is invalid_reference. As in compare(), every document is read
  // whatever the others are, so that the row lists every diagnostic.
  SubsetRow compare_references(const schema::Schema& schema,
                               std::span<const std::string_view> lefts, std::string_view right,
                               const SubsetOptions& options = {});

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

// compare() on a thread-local SubsetComparer.
SubsetResult subset(const schema::Schema& schema, std::string_view left, std::string_view right,
                    const SubsetOptions& options = {});

std::string_view subset_state_name(SubsetState state);  // "compared", "invalid_left", ...

}  // namespace gqleval::score
