// Verdicts and graded scores of one evaluation (docs/semantics.md, Stage 1 and
// Stage 4), as pure functions of counts, so that every rule of the contract
// is testable on its own.
//
//   classify()        missing / extra / delta -> equivalent, overfetch_ok,
//                     overfetch, underfetch, mismatch;
//   stage1_precedence invalid_schema > invalid_reference > no_query >
//                     invalid_candidate;
//   better_match()    the order over several references: a pass first, then
//                     the fewest missing, then the fewest extra, then the
//                     earliest reference;
//   graded_scores()   precision = shared / |C|, recall = shared / |R|, F1.
//
// Edge cases, fixed here and tested (verdict_test.cc):
//   - A different root operation kind is never equivalent: all of the
//     candidate's nodes are extra and all of the reference's are missing
//     (the interner gives the two roots different identities, so this follows
//     from the counts), and when both trees are empty (every field skipped)
//     the verdict is `mismatch` rather than `equivalent`.
//   - precision is 1 when the candidate has no field node (nothing it fetches
//     is wrong), recall is 1 when the reference has none; F1 is the harmonic
//     mean 2PR / (P + R), computed as 2 shared / (|R| + |C|) (the same
//     value, without the rounding of P and R), and 0 when P + R = 0. So an
//     empty candidate against
//     a non-empty reference scores P = 1, R = 0, F1 = 0, and two empty trees
//     score 1, 1, 1.
//   - When the operation kinds differ, precision, recall and F1 are all 0.
//   - A stage 1 verdict (no comparison took place) has no scores: a
//     PairResult holds 0, 0, 0 and its JSON says null (render.h).
// Costs: constant time, no allocation.
#pragma once

#include <cstdint>
#include <string_view>

namespace gqleval::score {

enum class Verdict : uint8_t {
  kEquivalent,        // missing = 0, extra = 0
  kOverfetchOk,       // missing = 0, 0 < extra <= delta (a pass)
  kOverfetch,         // missing = 0, extra > delta
  kUnderfetch,        // missing > 0, extra = 0
  kMismatch,          // missing > 0, extra > 0
  kNoQuery,           // no query found in the candidate
  kInvalidCandidate,  // the candidate does not parse, validate or normalize
  kInvalidReference,  // a reference does not parse, validate or normalize
  kInvalidSchema,     // the schema does not build
};

// "equivalent", "overfetch_ok", "overfetch", "underfetch", "mismatch",
// "no_query", "invalid_candidate", "invalid_reference", "invalid_schema".
std::string_view verdict_name(Verdict v);
// The verdict named `name`; false when there is none.
bool verdict_from_name(std::string_view name, Verdict* out);

// equivalent or overfetch_ok.
bool is_pass(Verdict v);
// no_query, invalid_candidate, invalid_reference, invalid_schema: no
// comparison took place.
bool is_stage1(Verdict v);

// The Stage 4 verdict from the counts. operation_differs: the two operations
// have different root kinds (then the result is never equivalent).
Verdict classify(uint64_t missing, uint64_t extra, uint64_t delta, bool operation_differs = false);

// Of two stage 1 verdicts, the one that wins: the first of invalid_schema,
// invalid_reference, no_query, invalid_candidate.
Verdict stage1_precedence(Verdict a, Verdict b);

// The outcome of comparing the candidate with one reference.
struct Comparison {
  uint32_t missing = 0;
  uint32_t extra = 0;
  uint32_t shared = 0;
  uint32_t reference_nodes = 0;  // field nodes of the reference (|R|)
  uint32_t candidate_nodes = 0;  // field nodes of the candidate (|C|)
  bool operation_differs = false;
};

// True when `a` is a strictly better match than `b` (a pass first, then
// fewer missing, then fewer extra). Ties are not better, so scanning the
// references in order and replacing only on "better" keeps the earliest.
bool better_match(const Comparison& a, const Comparison& b, uint64_t delta);

struct GradedScores {
  double precision = 0;
  double recall = 0;
  double f1 = 0;
};

GradedScores graded_scores(const Comparison& c);

}  // namespace gqleval::score
