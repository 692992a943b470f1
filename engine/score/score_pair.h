// Scoring one evaluation row: a candidate query against one or more reference
// queries over one schema, per docs/semantics.md (the contract), end to end:
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
// several operations (docs/semantics.md: "the operation name when a document has
// several"); a document with a single operation runs that one, whatever its
// name, so that one flag can serve a reference and a candidate.
//
// Several operations. With all_operations, the candidate is an answer of
// several operations (internal/answer_reader.h: a JSON array of query texts
// or one document, each operation validated on its own, an invalid one left
// out with its errors, which name it); the valid ones are normalized each and
// merged at the root (normalize/merge_operations.h), and that tree is the
// candidate. Operations of another kind than the first valid one do not merge:
// they are left out, with an OperationKind error. No valid operation is
// invalid_candidate; no query in any text, no_query. The result counts the
// operations read and left out, and names the operation of each candidate
// path, firing and error.
//
// Several references. The row takes the best comparison over the references
// (a pass first, then the fewest missing, then the fewest extra, then the
// earliest) and names it in matched_reference (0-based). A row with an invalid
// reference is invalid_reference, whatever the candidate: docs/semantics.md puts
// invalid_reference first among the stage 1 verdicts, and a row's verdict must
// not depend on the candidate to be excluded as a dataset defect (passing such
// a row when the candidate matches a valid reference, and excluding it when it
// does not, would raise the pass rate of every model that fails it). The
// diagnostics of every invalid query are listed in `errors`.
//
// Lifetime. The string_views and spans of a PairResult (paths, firings) point
// into the Scorer's arenas: they stay valid until the next score(),
// set_references() or score_candidate() on the same Scorer (for score_pair(),
// the next call on the same thread). Render or copy a result before scoring
// the next pair. `errors` owns its strings.
//
// This is the header an embedder includes: it declares the scorer behind a
// small interface (the workspace is private to score_pair.cc) and pulls in
// only plain data (pair_result.h, normalize/options.h, base/). The schema and
// the rewrite rules are opaque here; ScoringSchema builds both from SDL.
//
// Costs: see score_benchmark.cc. For a typical pair (two ~150-byte queries, a
// 2 KB schema built once, the candidate in a fenced block of prose) about 3.0
// us of CPU on the 2-core development machine (~42k instructions):
// normalization about two fifths, parsing and lexing a quarter, extraction and
// validation a tenth each (a document of fields and literal arguments is
// certified in one walk, validate/simple_document.h; others run every rule),
// Stage 4 itself (interning, matrices, closure, counts) under a tenth.
// Nothing allocates in the steady state: the arenas are reset per pair, every
// buffer is reused, validation runs on the Scorer's Validator (a reused
// workspace), and the fence search is a plain line scan (score_alloc_test.cc
// checks that a warm rescoring allocates nothing). A pair with errors
// allocates its diagnostics.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/normalize/options.h"
#include "engine/score/pair_result.h"

namespace gqleval::schema {
class Schema;
}  // namespace gqleval::schema
namespace gqleval::normalize {
class Rewrites;
struct RulesFile;
}  // namespace gqleval::normalize

namespace gqleval::score {

class TreeComparer;

struct ScoreOptions {
  uint32_t delta = 0;                     // the over-fetch budget, in nodes
  normalize::NormalizeOptions normalize;  // ignore_typename, variables JSON, rule switches
  std::string_view operation_name;        // for documents with several operations
  bool extract_candidate = true;          // find the query in LLM text first
  bool extract_references = false;        // the same for references
  bool explain = true;                    // list missing/extra paths and rule firings
  // Grade every operation of the candidate together (one document, or a
  // JSON array of query texts): see "Several operations" above.
  bool all_operations = false;
};

// Symbol alignment tries every numbering of up to this many symbols (6! = 720
// comparisons at most); beyond it each tree keeps its own canonical numbering.
inline constexpr uint32_t kMaxAlignedSymbols = 6;

struct ScoringSchemaOptions {
  bool strict = false;   // refuse what needs the StepZen dialect's fixes
  bool rewrites = true;  // derive the Stage 3 rules (off: no rule can fire)
  const normalize::RulesFile* rules_file = nullptr;  // declared rules; read during build()
};

// A schema ready for scoring: built from SDL once, with its rewrite rules,
// then shared read-only by any number of Scorers and threads.
class ScoringSchema {
 public:
  // Errors: the schema is empty or does not build (its diagnostics).
  static Result<std::shared_ptr<const ScoringSchema>, Diagnostics> build(
      std::string_view sdl, const ScoringSchemaOptions& options = {});

  ScoringSchema(std::shared_ptr<const schema::Schema> schema,
                std::shared_ptr<const normalize::Rewrites> rewrites);

  const schema::Schema& schema() const { return *schema_; }
  const normalize::Rewrites* rewrites() const { return rewrites_.get(); }
  const std::shared_ptr<const schema::Schema>& shared_schema() const { return schema_; }
  const std::shared_ptr<const normalize::Rewrites>& shared_rewrites() const { return rewrites_; }
  // What the dialect fixed and what the rules file named that the schema
  // lacks, one warning each.
  Diagnostics warnings() const;

 private:
  std::shared_ptr<const schema::Schema> schema_;
  std::shared_ptr<const normalize::Rewrites> rewrites_;
};

// The per-thread workspace of scoring: arenas reset per pair, the
// normalizer's scratch, the comparer's matrices. Not thread-safe; cheap to
// keep, so keep one per thread.
class Scorer {
 public:
  Scorer();
  ~Scorer();
  Scorer(const Scorer&) = delete;
  Scorer& operator=(const Scorer&) = delete;

  PairResult score(const ScoringSchema& schema, std::span<const std::string_view> references,
                   std::string_view candidate, const ScoreOptions& options);
  // The same with the schema's parts; `rewrites`, when given, must have been
  // built for `schema`.
  PairResult score(const schema::Schema& schema, const normalize::Rewrites* rewrites,
                   std::span<const std::string_view> references, std::string_view candidate,
                   const ScoreOptions& options);

  // One row, several candidates (models, checkpoints): set_references()
  // reads, validates and normalizes the row's references once, then each
  // score_candidate() scores one candidate against them and returns what
  // score() would for that pair (the references' errors, and an invalid
  // reference's verdict, repeated in each result). The reference texts, the
  // schema and the views in `options` must stay valid until the row's last
  // score_candidate(); score() and the next set_references() replace the
  // references. score_candidate() with no references set is an
  // invalid_reference result. A candidate whose query (after extraction) is
  // the very text of a valid reference is not read again: it takes that
  // reference's normal tree (the same text gives the same tree), with
  // positions in its own text.
  void set_references(const schema::Schema& schema, const normalize::Rewrites* rewrites,
                      std::span<const std::string_view> references, const ScoreOptions& options);
  PairResult score_candidate(std::string_view candidate);

  // The comparer of the last pair (tests reach into its interner).
  TreeComparer& comparer_for_testing();

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

// score() on a thread-local Scorer; the result's views last until the next
// call on the same thread.
PairResult score_pair(const schema::Schema& schema, const normalize::Rewrites* rewrites,
                      std::span<const std::string_view> references, std::string_view candidate,
                      const ScoreOptions& options);

}  // namespace gqleval::score
