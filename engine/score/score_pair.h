// Scoring one evaluation row: a candidate query against one or more reference
// queries over one schema, per SEMANTICS.md (the contract), end to end:
//
//   Stage 1  extract the candidate from LLM text (io/query_extract.h; on by
//            default, off with extract_candidate = false), parse, validate with
//            every rule, and pick the operation (graphql-js execution's check:
//            a document with several operations needs a name);
//   Stage 2-3 normalize each to its response tree with the rewrites on;
//   Stage 4  intern, bit matrices, closure, popcount diffs (tree_compare.h),
//            verdict and graded scores (verdict.h), explanation
//            (explanation.h). When the trees differ and both have unbound
//            variables, the candidate's are renamed to the numbering that
//            matches the reference best (up to kMaxAlignedSymbols of them;
//            normalize/symbol_renaming.h), so counts do not depend on how
//            each tree happened to number its own.
//
// Stage 1 failures. A query that is not found, does not parse, does not
// validate, names no operation to run, or does not normalize (a size limit, a
// variable value that does not fit) fails stage 1: verdict no_query (nothing
// found in the candidate), invalid_candidate or invalid_reference, with its
// diagnostics in `errors`. Positions in a candidate's diagnostics and paths
// point into the candidate text as given (before extraction). A schema that
// does not build is the caller's to report: schema_failure() makes the
// invalid_schema result. With extraction off, an empty or blank candidate is
// no_query (the model answered nothing).
//
// Operation name. The name in the options is used for a document that has
// several operations (SEMANTICS.md: "the operation name when a document has
// several"); a document with a single operation runs that one, whatever its
// name, so that one flag can serve a reference and a candidate.
//
// Several references. The row takes the best comparison over the references
// (a pass first, then the fewest missing, then the fewest extra, then the
// earliest) and names it in matched_reference (0-based). A row with an invalid
// reference is invalid_reference, whatever the candidate: SEMANTICS.md puts
// invalid_reference first among the stage 1 verdicts, and a row's verdict must
// not depend on the candidate to be excluded as a dataset defect (passing such
// a row when the candidate matches a valid reference, and excluding it when it
// does not, would raise the pass rate of every model that fails it). The
// diagnostics of every invalid query are listed in `errors`.
//
// Lifetime. The string_views and spans of a PairResult (paths, firings) point
// into the Scorer's arena: they stay valid until the next score() on the same
// Scorer (for score_pair(), the next call on the same thread). Render or copy
// a result before scoring the next pair. `errors` owns its strings.
//
// Costs: see score_benchmark.cc. For a typical pair (two ~150-byte queries, a
// 2 KB schema built once, the candidate in a fenced block of prose) about 3.0
// us of CPU on the 2-core development machine (~42k instructions):
// normalization about two fifths, parsing and lexing a quarter, extraction and
// validation a tenth each (a document of fields and literal arguments is
// certified in one walk, validate/simple_document.h; others run every rule),
// Stage 4 itself (interning, matrices, closure, counts) under a tenth.
// Nothing allocates in the steady state: the arena is reset per pair, every
// buffer is reused, validation runs on the Scorer's Validator (a reused
// workspace), and the fence search is a plain line scan (score_alloc_test.cc
// checks that a warm rescoring allocates nothing). A pair with errors
// allocates its diagnostics.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "engine/base/diagnostic.h"
#include "engine/normalize/normalize.h"
#include "engine/normalize/rewrites.h"
#include "engine/schema/schema.h"
#include "engine/score/explanation.h"
#include "engine/score/position_map.h"
#include "engine/score/query_front_end.h"
#include "engine/score/tree_compare.h"
#include "engine/score/verdict.h"

namespace gqleval::score {

struct FiredRule {
  QueryRole query = QueryRole::kCandidate;  // kReference (the matched one) or kCandidate
  uint32_t reference = 0;
  std::string_view rule;    // "cycles", "endpoints", "rgeval"
  std::string_view path;    // where, before the rewrite
  std::string_view detail;  // what it did
  SourcePos pos;
};

struct ScoreOptions {
  uint32_t delta = 0;                     // the over-fetch budget, in nodes
  normalize::NormalizeOptions normalize;  // ignore_typename, variables JSON, rule switches
  std::string_view operation_name;        // for documents with several operations
  bool extract_candidate = true;          // find the query in LLM text first
  bool extract_references = false;        // the same for references
  bool explain = true;                    // list missing/extra paths and rule firings
};

inline constexpr int32_t kNoReference = -1;

// Symbol alignment tries every numbering of up to this many symbols (6! = 720
// comparisons at most); beyond it each tree keeps its own canonical numbering.
inline constexpr uint32_t kMaxAlignedSymbols = 6;

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
  std::span<const FiredRule> rules_fired;      // matched reference's, then candidate's
  std::vector<QueryDiagnostic> errors;         // stage 1 diagnostics, references first
};

// The invalid_schema result for a schema that did not build.
PairResult schema_failure(const Diagnostics& schema_errors, uint32_t reference_count = 1);

// The per-thread workspace of scoring: an arena reset per pair, the
// normalizer's scratch, the comparer's matrices. Not thread-safe.
class Scorer {
 public:
  Scorer();
  ~Scorer();
  Scorer(const Scorer&) = delete;
  Scorer& operator=(const Scorer&) = delete;

  // `rewrites`, when given, must have been built for `schema`.
  PairResult score(const schema::Schema& schema, const normalize::Rewrites* rewrites,
                   std::span<const std::string_view> references, std::string_view candidate,
                   const ScoreOptions& options);

  TreeComparer& comparer() { return comparer_; }

 private:
  struct Prepared {
    QueryState state = QueryState::kInvalid;
    normalize::NormalTree tree;
    PositionMap map;
  };

  Prepared prepare(std::string_view text, QueryRole role, uint32_t index, bool extract);
  // When the trees differ and both have unbound variables: renames the
  // candidate's (symbol_renaming.h) to the numbering that matches the
  // reference best, updating `c` and `used`. True when it compared anything.
  bool align_symbols(const normalize::NormalTree& reference, const normalize::NormalTree& candidate,
                     Comparison& c, normalize::NormalTree& used);
  void explain(const Prepared& reference, uint32_t reference_index, const Prepared& candidate);

  // Per call.
  const schema::Schema* schema_ = nullptr;
  const normalize::Rewrites* rewrites_ = nullptr;
  const ScoreOptions* options_ = nullptr;
  PairResult* result_ = nullptr;

  // Reused.
  Arena arena_;
  QueryFrontEnd front_end_;
  normalize::Normalizer normalizer_;
  TreeComparer comparer_;
  std::vector<Prepared> references_;
  std::vector<TopNode> top_;
  std::string scratch_;
  std::vector<uint32_t> numbering_;  // align_symbols()
};

// score() on a thread-local Scorer; the result's views last until the next
// call on the same thread.
PairResult score_pair(const schema::Schema& schema, const normalize::Rewrites* rewrites,
                      std::span<const std::string_view> references, std::string_view candidate,
                      const ScoreOptions& options);

}  // namespace gqleval::score
