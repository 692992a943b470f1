#include "engine/score/verdict.h"

#include <array>

namespace gqleval::score {
namespace {

constexpr std::array<std::string_view, 9> kNames = {
    "equivalent", "overfetch_ok",      "overfetch",         "underfetch",     "mismatch",
    "no_query",   "invalid_candidate", "invalid_reference", "invalid_schema",
};

// Lower wins: docs/semantics.md lists invalid_schema first.
int stage1_rank(Verdict v) {
  switch (v) {
    case Verdict::kInvalidSchema: return 0;
    case Verdict::kInvalidReference: return 1;
    case Verdict::kNoQuery: return 2;
    case Verdict::kInvalidCandidate: return 3;
    default: return 4;
  }
}

}  // namespace

std::string_view verdict_name(Verdict v) { return kNames[static_cast<size_t>(v)]; }

bool verdict_from_name(std::string_view name, Verdict* out) {
  for (size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == name) {
      *out = static_cast<Verdict>(i);
      return true;
    }
  }
  return false;
}

bool is_pass(Verdict v) { return v == Verdict::kEquivalent || v == Verdict::kOverfetchOk; }

bool is_stage1(Verdict v) { return v >= Verdict::kNoQuery; }

Verdict classify(uint64_t missing, uint64_t extra, uint64_t delta, bool operation_differs) {
  if (missing > 0) return extra > 0 ? Verdict::kMismatch : Verdict::kUnderfetch;
  if (extra == 0) return operation_differs ? Verdict::kMismatch : Verdict::kEquivalent;
  return extra <= delta && !operation_differs ? Verdict::kOverfetchOk : Verdict::kOverfetch;
}

Verdict stage1_precedence(Verdict a, Verdict b) { return stage1_rank(b) < stage1_rank(a) ? b : a; }

bool better_match(const Comparison& a, const Comparison& b, uint64_t delta) {
  const bool pass_a = is_pass(classify(a.missing, a.extra, delta, a.operation_differs));
  const bool pass_b = is_pass(classify(b.missing, b.extra, delta, b.operation_differs));
  if (pass_a != pass_b) return pass_a;
  if (a.missing != b.missing) return a.missing < b.missing;
  return a.extra < b.extra;
}

GradedScores graded_scores(const Comparison& c) {
  GradedScores s;
  if (c.operation_differs) return s;
  s.precision = c.candidate_nodes == 0 ? 1.0 : static_cast<double>(c.shared) / c.candidate_nodes;
  s.recall = c.reference_nodes == 0 ? 1.0 : static_cast<double>(c.shared) / c.reference_nodes;
  // 2PR / (P + R) is 2 shared / (|R| + |C|); computed so, it is exact where
  // the fraction is (3 of 3 and 5 nodes: 0.75, not 0.7499999999999999).
  const uint32_t total = c.reference_nodes + c.candidate_nodes;
  s.f1 = total == 0 ? 1.0 : 2.0 * c.shared / total;
  return s;
}

}  // namespace gqleval::score
