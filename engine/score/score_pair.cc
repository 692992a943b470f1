#include "engine/score/score_pair.h"

#include <algorithm>
#include <utility>

#include "engine/normalize/normalize.h"
#include "engine/normalize/rewrites.h"
#include "engine/normalize/symbol_renaming.h"
#include "engine/schema/schema.h"
#include "engine/score/internal/answer_tree.h"
#include "engine/score/internal/argument_differences.h"
#include "engine/score/internal/explanation.h"
#include "engine/score/internal/position_map.h"
#include "engine/score/internal/tree_compare.h"
#include "engine/score/query_front_end.h"
#include "engine/score/verdict.h"

namespace gqleval::score {
PairResult schema_failure(const Diagnostics& schema_errors, uint32_t reference_count) {
  PairResult r;
  r.verdict = Verdict::kInvalidSchema;
  r.reference_count = reference_count;
  for (const Diagnostic& d : schema_errors) r.errors.push_back({QueryRole::kSchema, 0, d});
  return r;
}

// The workspace behind Scorer: reused from pair to pair, so that a steady run
// allocates nothing (score_alloc_test.cc).
class Scorer::Impl {
 public:
  void set_references(const schema::Schema& schema, const normalize::Rewrites* rewrites,
                      std::span<const std::string_view> references, const ScoreOptions& options);
  PairResult score_candidate(std::string_view candidate);
  TreeComparer& comparer() { return comparer_; }

 private:
  struct Prepared {
    QueryState state = QueryState::kInvalid;
    normalize::NormalTree tree;
    TreePlaces places;
    std::string_view query;  // the text read (after extraction); empty for an answer's
  };

  // Reads and normalizes one query into `arena`, its diagnostics into `errors`.
  Prepared prepare(std::string_view text, QueryRole role, uint32_t index, bool extract,
                   Arena& arena, std::vector<QueryDiagnostic>& errors);
  // A candidate whose query (after extraction) is the very text of a valid
  // reference's reads as that reference read: its tree is the reference's,
  // only its positions map into its own text.
  const Prepared* same_as_reference(std::string_view query) const;
  // The candidate as an answer of several operations (all_operations): its
  // valid operations' trees merged; counts and errors into the result.
  Prepared prepare_answer(std::string_view text);
  // When the trees differ and both have unbound variables: renames the
  // candidate's (symbol_renaming.h) to the numbering that matches the
  // reference best, updating `c` and `used`. True when it compared anything.
  bool align_symbols(const normalize::NormalTree& reference, const normalize::NormalTree& candidate,
                     Comparison& c, normalize::NormalTree& used);
  void explain(const Prepared& reference, uint32_t reference_index, const Prepared& candidate);
  std::span<SubtreeDiff> describe_all(const Prepared& side, std::span<const TopNode> top);

  // Per row: the references and what they were read with (set_references).
  // The references' trees live in reference_arena_, so that scoring each
  // candidate of the row (arena_, reset per candidate) leaves them alone.
  const schema::Schema* schema_ = nullptr;
  const normalize::Rewrites* rewrites_ = nullptr;
  ScoreOptions options_;
  std::vector<Prepared> references_;
  std::vector<QueryDiagnostic> reference_errors_;
  bool any_reference_invalid_ = false;

  // Per candidate.
  PairResult* result_ = nullptr;

  // Reused.
  Arena reference_arena_;
  Arena arena_;
  QueryFrontEnd front_end_;
  TreeComparer comparer_;
  ArgumentDiffer differ_;
  std::vector<TopNode> top_missing_, top_extra_;
  std::string scratch_;
  std::vector<uint32_t> numbering_;  // align_symbols()
  AnswerTreeReader answer_reader_;   // prepare_answer()
  AnswerTree answer_;
};

Result<std::shared_ptr<const ScoringSchema>, Diagnostics> ScoringSchema::build(
    std::string_view sdl, const ScoringSchemaOptions& options) {
  if (is_blank(sdl)) {
    // Schema::build would say "Query root type must be provided."; the real
    // problem is that there is no schema at all.
    return Unexpected{Diagnostics{make_error("Schema", "The schema is empty.", SourcePos{})}};
  }
  schema::BuildOptions build;
  build.strict = options.strict;
  auto built = schema::Schema::build(sdl, build);
  if (!built) return Unexpected{std::move(built.error())};
  std::shared_ptr<const normalize::Rewrites> rewrites;
  if (options.rewrites) rewrites = normalize::Rewrites::build(*built, options.rules_file);
  return std::make_shared<const ScoringSchema>(std::move(*built), std::move(rewrites));
}

ScoringSchema::ScoringSchema(std::shared_ptr<const schema::Schema> schema,
                             std::shared_ptr<const normalize::Rewrites> rewrites)
    : schema_(std::move(schema)), rewrites_(std::move(rewrites)) {}

Diagnostics ScoringSchema::warnings() const {
  Diagnostics all = schema_->warnings();
  if (rewrites_ != nullptr) {
    const Diagnostics& more = rewrites_->warnings();
    all.insert(all.end(), more.begin(), more.end());
  }
  return all;
}

Scorer::Scorer() : impl_(std::make_unique<Impl>()) {}
Scorer::~Scorer() = default;

PairResult Scorer::score(const ScoringSchema& schema, std::span<const std::string_view> references,
                         std::string_view candidate, const ScoreOptions& options) {
  return score(schema.schema(), schema.rewrites(), references, candidate, options);
}

PairResult Scorer::score(const schema::Schema& schema, const normalize::Rewrites* rewrites,
                         std::span<const std::string_view> references, std::string_view candidate,
                         const ScoreOptions& options) {
  impl_->set_references(schema, rewrites, references, options);
  return impl_->score_candidate(candidate);
}

void Scorer::set_references(const schema::Schema& schema, const normalize::Rewrites* rewrites,
                            std::span<const std::string_view> references,
                            const ScoreOptions& options) {
  impl_->set_references(schema, rewrites, references, options);
}

PairResult Scorer::score_candidate(std::string_view candidate) {
  return impl_->score_candidate(candidate);
}

TreeComparer& Scorer::comparer_for_testing() { return impl_->comparer(); }

Scorer::Impl::Prepared Scorer::Impl::prepare(std::string_view text, QueryRole role, uint32_t index,
                                             bool extract, Arena& arena,
                                             std::vector<QueryDiagnostic>& errors) {
  Prepared p;
  FrontEndQuery q = front_end_.find(text, role, index, extract, arena, errors);
  p.places.map = q.map;
  p.query = q.query;
  if (q.state == QueryState::kOk && role == QueryRole::kCandidate) {
    if (const Prepared* same = same_as_reference(q.query)) {
      p.state = QueryState::kOk;
      p.tree = same->tree;
      return p;
    }
  }
  if (front_end_.read_in_one_pass(q, *schema_, rewrites_, options_.normalize, arena, p.tree)) {
    p.state = QueryState::kOk;
    return p;
  }
  if (q.state == QueryState::kOk) {
    front_end_.check(q, role, index, *schema_, options_.operation_name, arena, errors);
  }
  if (q.state == QueryState::kOk) {
    front_end_.normalize(q, role, index, *schema_, rewrites_, options_.normalize, arena, errors,
                         p.tree);
  }
  p.state = q.state;
  return p;
}

const Scorer::Impl::Prepared* Scorer::Impl::same_as_reference(std::string_view query) const {
  // Only a reference read without any diagnostic (a valid one gives none):
  // the candidate's result then has none of its own either, as reading it
  // would give.
  for (const Prepared& r : references_) {
    if (r.state == QueryState::kOk && r.query == query) return &r;
  }
  return nullptr;
}

Scorer::Impl::Prepared Scorer::Impl::prepare_answer(std::string_view text) {
  AnswerTreeOptions o;
  o.extract = options_.extract_candidate;
  o.normalize = options_.normalize;
  o.rewrites = rewrites_;
  answer_reader_.read(*schema_, text, o, front_end_, arena_, result_->errors, answer_);
  result_->operations = answer_.operations;
  result_->invalid_operations = answer_.invalid;
  Prepared p;
  p.state = answer_.state;
  p.tree = answer_.tree;
  p.places = answer_.places;
  return p;
}

std::span<SubtreeDiff> Scorer::Impl::describe_all(const Prepared& side,
                                                  std::span<const TopNode> top) {
  auto out = arena_.make_array<SubtreeDiff>(top.size());
  for (size_t i = 0; i < top.size(); ++i) {
    const normalize::Node& n = side.tree.nodes[top[i].node];
    const SourcePos pos = side.places.apply(n.pos, n.operation);
    out[i] =
        describe_subtree(side.tree, top[i].node, top[i].nodes, pos, *schema_, arena_, scratch_);
    out[i].operation = side.places.operation(n.operation);
  }
  return out;
}

void Scorer::Impl::explain(const Prepared& reference, uint32_t reference_index,
                           const Prepared& candidate) {
  PairResult& r = *result_;
  comparer_.topmost_missing(top_missing_);
  comparer_.topmost_extra(top_extra_);
  const std::span<SubtreeDiff> missing = describe_all(reference, top_missing_);
  const std::span<SubtreeDiff> extra = describe_all(candidate, top_extra_);
  r.argument_differences =
      differ_.find({&reference.tree, reference.places}, {&candidate.tree, candidate.places},
                   comparer_, top_missing_, missing, top_extra_, extra, *schema_, arena_);
  r.missing_paths = missing;
  r.extra_paths = extra;

  auto fired =
      arena_.make_array<FiredRule>(reference.tree.firings.size() + candidate.tree.firings.size());
  size_t k = 0;
  for (const normalize::RuleFiring& f : reference.tree.firings) {
    fired[k++] = FiredRule{QueryRole::kReference,
                           reference_index,
                           f.rule,
                           f.path,
                           f.detail,
                           reference.places.apply(f.pos, f.operation)};
  }
  for (const normalize::RuleFiring& f : candidate.tree.firings) {
    fired[k++] = FiredRule{QueryRole::kCandidate,
                           0,
                           f.rule,
                           f.path,
                           f.detail,
                           candidate.places.apply(f.pos, f.operation),
                           candidate.places.operation(f.operation)};
  }
  r.rules_fired = fired;
}

bool Scorer::Impl::align_symbols(const normalize::NormalTree& reference,
                                 const normalize::NormalTree& candidate, Comparison& c,
                                 normalize::NormalTree& used) {
  const uint32_t n = candidate.symbol_count;
  const uint32_t m = std::max(reference.symbol_count, n);
  if ((c.missing == 0 && c.extra == 0) || reference.symbol_count == 0 || n == 0 ||
      m > kMaxAlignedSymbols) {
    return false;
  }
  // Every injective numbering of the candidate's n symbols into 1..m: the
  // permutations of 1..m whose tail (beyond n) is in order. The identity,
  // already compared, is skipped.
  numbering_.resize(m);
  for (uint32_t i = 0; i < m; ++i) numbering_[i] = i + 1;
  const auto tail = numbering_.begin() + n;
  while (std::next_permutation(numbering_.begin(), numbering_.end())) {
    if (!std::is_sorted(tail, numbering_.end())) continue;
    const normalize::NormalTree renamed =
        normalize::rename_symbols(candidate, std::span(numbering_).first(n), arena_);
    const Comparison x = comparer_.compare(reference, renamed);
    if (better_match(x, c, options_.delta)) {
      c = x;
      used = renamed;
      if (c.missing == 0 && c.extra == 0) break;
    }
  }
  return true;
}

void Scorer::Impl::set_references(const schema::Schema& schema, const normalize::Rewrites* rewrites,
                                  std::span<const std::string_view> references,
                                  const ScoreOptions& options) {
  schema_ = &schema;
  rewrites_ = rewrites;
  options_ = options;
  reference_arena_.reset();
  reference_errors_.clear();
  references_.clear();
  any_reference_invalid_ = false;
  for (size_t k = 0; k < references.size(); ++k) {
    references_.push_back(prepare(references[k], QueryRole::kReference, static_cast<uint32_t>(k),
                                  options.extract_references, reference_arena_, reference_errors_));
    any_reference_invalid_ = any_reference_invalid_ || references_.back().state != QueryState::kOk;
  }
  if (references.empty()) {
    reference_errors_.push_back(
        {QueryRole::kReference, 0, make_error("Reference", "No reference query was given.")});
    any_reference_invalid_ = true;
  }
}

PairResult Scorer::Impl::score_candidate(std::string_view candidate) {
  PairResult result;
  if (schema_ == nullptr) {
    result.verdict = Verdict::kInvalidReference;
    result.errors.push_back({QueryRole::kReference, 0,
                             make_error("Reference", "No references were set for the candidate.")});
    return result;
  }
  result.reference_count = static_cast<uint32_t>(references_.size());
  result.errors = reference_errors_;
  result_ = &result;
  arena_.reset();
  const ScoreOptions& options = options_;
  const Prepared cand = options.all_operations
                            ? prepare_answer(candidate)
                            : prepare(candidate, QueryRole::kCandidate, 0,
                                      options.extract_candidate, arena_, result.errors);
  if (!options.all_operations && cand.state != QueryState::kNoQuery) {
    result.operations = 1;
    result.invalid_operations = cand.state == QueryState::kOk ? 0 : 1;
  }

  if (cand.state != QueryState::kOk || any_reference_invalid_) {
    Verdict v = Verdict::kInvalidReference;
    if (cand.state == QueryState::kNoQuery) {
      v = Verdict::kNoQuery;
    } else if (cand.state != QueryState::kOk) {
      v = Verdict::kInvalidCandidate;
    }
    result.verdict = any_reference_invalid_ ? stage1_precedence(v, Verdict::kInvalidReference) : v;
    result_ = nullptr;
    return result;
  }

  // The best comparison over the references (all valid here); ties keep the
  // earliest. Against each, the candidate's symbols are aligned with the
  // reference's when the trees differ (align_symbols).
  int32_t best = kNoReference;
  Comparison best_c;
  normalize::NormalTree best_tree = cand.tree;
  bool realigned = false;  // the comparer saw other pairs than (reference k, cand.tree)
  for (size_t k = 0; k < references_.size(); ++k) {
    normalize::NormalTree used = cand.tree;
    Comparison c = comparer_.compare(references_[k].tree, cand.tree);
    realigned = align_symbols(references_[k].tree, cand.tree, c, used) || realigned;
    if (best == kNoReference || better_match(c, best_c, options.delta)) {
      best = static_cast<int32_t>(k);
      best_c = c;
      best_tree = used;
    }
  }
  const Verdict v = classify(best_c.missing, best_c.extra, options.delta, best_c.operation_differs);

  result.verdict = v;
  result.pass = is_pass(v);
  result.missing = best_c.missing;
  result.extra = best_c.extra;
  result.shared = best_c.shared;
  result.reference_nodes = best_c.reference_nodes;
  result.candidate_nodes = best_c.candidate_nodes;
  result.operation_differs = best_c.operation_differs;
  const GradedScores g = graded_scores(best_c);
  result.precision = g.precision;
  result.recall = g.recall;
  result.f1 = g.f1;
  result.matched_reference = best;
  if (options.explain) {
    const Prepared& ref = references_[static_cast<size_t>(best)];
    Prepared used = cand;
    used.tree = best_tree;
    // The comparer holds the last pair compared (and points at its trees);
    // the explanation needs this one.
    if (references_.size() > 1 || realigned) comparer_.compare(ref.tree, used.tree);
    explain(ref, static_cast<uint32_t>(best), used);
  }
  result_ = nullptr;
  return result;
}

PairResult score_pair(const schema::Schema& schema, const normalize::Rewrites* rewrites,
                      std::span<const std::string_view> references, std::string_view candidate,
                      const ScoreOptions& options) {
  thread_local Scorer scorer;
  return scorer.score(schema, rewrites, references, candidate, options);
}

}  // namespace gqleval::score
