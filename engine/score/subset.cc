#include "engine/score/subset.h"

#include <algorithm>
#include <span>

#include "engine/base/arena.h"
#include "engine/normalize/normalize.h"
#include "engine/score/internal/answer_tree.h"
#include "engine/score/internal/argument_subset.h"
#include "engine/score/internal/subset_tree.h"
#include "engine/score/query_front_end.h"
#include "engine/score/verdict.h"

namespace gqleval::score {

class SubsetComparer::Impl {
 public:
  SubsetResult compare(const schema::Schema& schema, std::string_view left, std::string_view right,
                       const SubsetOptions& options);
  SubsetRow compare_references(const schema::Schema& schema,
                               std::span<const std::string_view> lefts, std::string_view right,
                               const SubsetOptions& options);

 private:
  struct Side {
    QueryState state = QueryState::kInvalid;
    PositionMap map;
    bool ok() const { return state == QueryState::kOk; }
  };
  void start(const schema::Schema& schema, const SubsetOptions& options);
  Side read(std::string_view text, QueryRole role, uint32_t index, bool extract,
            const SubsetOptions& options, SubsetTree& out);
  // RIGHT as an answer of several operations (all_operations) into right_;
  // its counts into `row`.
  Side read_answer(std::string_view text, const SubsetOptions& options, SubsetRow& row);
  // Compares LEFT tree `left` (`map`: its positions' map) with right_.
  void compare_trees(const SubsetTree& left, const PositionMap& map, SubsetResult& result);
  void cover(uint32_t left, uint32_t rights_begin, uint32_t rights_end);
  bool matches(const SubsetNode& l, const SubsetNode& r);
  void report(const SubsetNode& l, uint32_t nodes, std::span<const std::string_view> types);
  void append_label(const SubsetNode& n);

  const schema::Schema* schema_ = nullptr;
  std::unique_ptr<ArgumentSubset> arguments_;
  Arena arena_{size_t{16} * 1024};
  QueryFrontEnd front_end_;
  SelectionOrder order_;
  // An answer's merged tree has no one document to order it by; RIGHT's
  // order changes nothing (every RIGHT path is tried), so it has none.
  SelectionOrder no_order_;
  AnswerTreeReader answer_reader_;
  AnswerTree answer_;
  std::vector<SubsetTree> lefts_;  // one per reference, reused
  std::vector<Side> sides_;        // theirs
  SubsetTree right_;
  const SubsetTree* left_ = nullptr;  // the LEFT being compared
  PositionMap left_map_;
  SubsetResult* result_ = nullptr;
  std::string path_;               // of the LEFT node being visited
  std::vector<SubsetStep> steps_;  // its fields
  // cover()'s scratch, reused from pair to pair.
  std::vector<uint32_t> found_;  // matching RIGHT nodes, a frame per level
  std::vector<schema::TypeId> covered_;
  std::vector<std::string_view> gap_;
};

SubsetComparer::SubsetComparer() : impl_(std::make_unique<Impl>()) {}
SubsetComparer::~SubsetComparer() = default;

SubsetResult SubsetComparer::compare(const schema::Schema& schema, std::string_view left,
                                     std::string_view right, const SubsetOptions& options) {
  return impl_->compare(schema, left, right, options);
}

SubsetRow SubsetComparer::compare_references(const schema::Schema& schema,
                                             std::span<const std::string_view> lefts,
                                             std::string_view right, const SubsetOptions& options) {
  return impl_->compare_references(schema, lefts, right, options);
}

SubsetResult subset(const schema::Schema& schema, std::string_view left, std::string_view right,
                    const SubsetOptions& options) {
  thread_local SubsetComparer comparer;
  return comparer.compare(schema, left, right, options);
}

std::string_view subset_state_name(SubsetState state) {
  switch (state) {
    case SubsetState::kCompared: return "compared";
    case SubsetState::kInvalidLeft: return "invalid_left";
    case SubsetState::kInvalidRight: return "invalid_right";
  }
  return "unknown";
}

std::string_view subset_verdict_name(SubsetVerdict v) {
  switch (v) {
    case SubsetVerdict::kSubset: return "subset";
    case SubsetVerdict::kMissing: return "missing";
    case SubsetVerdict::kNoQuery: return verdict_name(Verdict::kNoQuery);
    case SubsetVerdict::kInvalidCandidate: return verdict_name(Verdict::kInvalidCandidate);
    case SubsetVerdict::kInvalidReference: return verdict_name(Verdict::kInvalidReference);
    case SubsetVerdict::kInvalidSchema: return verdict_name(Verdict::kInvalidSchema);
  }
  return "unknown";
}

bool is_compared(SubsetVerdict v) {
  return v == SubsetVerdict::kSubset || v == SubsetVerdict::kMissing;
}

SubsetRow subset_schema_failure(const Diagnostics& schema_errors) {
  SubsetRow row;
  row.verdict = SubsetVerdict::kInvalidSchema;
  row.result.state = SubsetState::kInvalidLeft;
  for (const Diagnostic& d : schema_errors) row.result.errors.push_back({QueryRole::kSchema, 0, d});
  return row;
}

bool better_subset(const SubsetResult& a, const SubsetResult& b) {
  if (a.passed != b.passed) return a.passed;
  return a.score > b.score;
}

void SubsetComparer::Impl::start(const schema::Schema& schema, const SubsetOptions& options) {
  arena_.reset();
  if (schema_ != &schema) {
    schema_ = &schema;
    arguments_ = std::make_unique<ArgumentSubset>(schema);
  }
  arguments_->set_variables_by_name(options.normalize.variables_by_name);
}

SubsetComparer::Impl::Side SubsetComparer::Impl::read(std::string_view text, QueryRole role,
                                                      uint32_t index, bool extract,
                                                      const SubsetOptions& options,
                                                      SubsetTree& out) {
  Side side;
  FrontEndQuery q;
  normalize::NormalTree tree;
  // No Stage 3 rule: Relay has none, and a subset grader compares what was written.
  const bool read =
      front_end_.read_normal(text, role, index, extract, *schema_, options.operation_name, nullptr,
                             options.normalize, arena_, result_->errors, q, tree);
  side.map = q.map;
  side.state = q.state;
  if (!read) return side;
  number_selections(*q.document, *q.operation, order_);
  build_subset_tree(tree, *schema_, order_, out);
  return side;
}

SubsetComparer::Impl::Side SubsetComparer::Impl::read_answer(std::string_view text,
                                                             const SubsetOptions& options,
                                                             SubsetRow& row) {
  AnswerTreeOptions o;
  o.extract = options.extract_right;
  o.normalize = options.normalize;  // no Stage 3 rule, as read() reads
  answer_reader_.read(*schema_, text, o, front_end_, arena_, result_->errors, answer_);
  row.operations = answer_.operations;
  row.invalid_operations = answer_.invalid;
  Side side;
  side.state = answer_.state;
  if (side.ok()) build_subset_tree(answer_.tree, *schema_, no_order_, right_);
  return side;
}

SubsetResult SubsetComparer::Impl::compare(const schema::Schema& schema, std::string_view left,
                                           std::string_view right, const SubsetOptions& options) {
  SubsetResult result;
  result_ = &result;
  start(schema, options);
  if (lefts_.empty()) lefts_.resize(1);
  const Side l = read(left, QueryRole::kReference, 0, options.extract_left, options, lefts_[0]);
  const Side r = read(right, QueryRole::kCandidate, 0, options.extract_right, options, right_);
  if (r.state == QueryState::kNoQuery) {
    result.errors.push_back(
        {QueryRole::kCandidate, 0,
         make_error("NoQuery", "no GraphQL query was found in the text", {1, 1})});
  }
  if (!l.ok() || !r.ok()) {
    result.state = l.ok() ? SubsetState::kInvalidRight : SubsetState::kInvalidLeft;
  } else {
    compare_trees(lefts_[0], l.map, result);
  }
  result_ = nullptr;
  return result;
}

SubsetRow SubsetComparer::Impl::compare_references(const schema::Schema& schema,
                                                   std::span<const std::string_view> lefts,
                                                   std::string_view right,
                                                   const SubsetOptions& options) {
  SubsetRow row;
  SubsetResult& best = row.result;
  result_ = &best;
  start(schema, options);
  bool lefts_ok = !lefts.empty();
  if (lefts.empty()) {
    best.errors.push_back(
        {QueryRole::kReference, 0, make_error("Reference", "No reference query was given.")});
  }
  if (lefts_.size() < lefts.size()) lefts_.resize(lefts.size());
  sides_.clear();
  for (size_t k = 0; k < lefts.size(); ++k) {
    sides_.push_back(read(lefts[k], QueryRole::kReference, static_cast<uint32_t>(k),
                          options.extract_left, options, lefts_[k]));
    lefts_ok = lefts_ok && sides_.back().ok();
  }
  Side r;
  if (options.all_operations) {
    r = read_answer(right, options, row);
  } else {
    r = read(right, QueryRole::kCandidate, 0, options.extract_right, options, right_);
    row.operations = r.state == QueryState::kNoQuery ? 0 : 1;
    row.invalid_operations = r.ok() ? 0 : row.operations;
  }
  result_ = nullptr;
  if (!lefts_ok || !r.ok()) {
    best.state = lefts_ok ? SubsetState::kInvalidRight : SubsetState::kInvalidLeft;
    if (!lefts_ok) {
      row.verdict = SubsetVerdict::kInvalidReference;
    } else {
      row.verdict = r.state == QueryState::kNoQuery ? SubsetVerdict::kNoQuery
                                                    : SubsetVerdict::kInvalidCandidate;
    }
    return row;
  }
  for (size_t k = 0; k < lefts.size(); ++k) {
    if (k == 0) {
      compare_trees(lefts_[k], sides_[k].map, best);
    } else {
      SubsetResult other;
      compare_trees(lefts_[k], sides_[k].map, other);
      if (!better_subset(other, best)) continue;
      best = std::move(other);
    }
    row.matched_reference = static_cast<int32_t>(k);
  }
  row.verdict = best.passed ? SubsetVerdict::kSubset : SubsetVerdict::kMissing;
  return row;
}

void SubsetComparer::Impl::compare_trees(const SubsetTree& left, const PositionMap& map,
                                         SubsetResult& result) {
  result_ = &result;
  left_ = &left;
  left_map_ = map;
  const SubsetNode& root = left.nodes[0];
  result.state = SubsetState::kCompared;
  result.left_nodes = root.size;
  result.operation = ast::operation_type_name(left.operation);
  result.operation_pos = left_map_.apply(root.pos);
  path_.assign(root.name);
  steps_.clear();
  if (left.operation != right_.operation) {
    report(root, root.size, {});
  } else {
    found_.assign(1, 0);  // RIGHT's root matches LEFT's
    cover(0, 0, 1);
  }
  for (const SubsetMissing& m : result.missing) result.missing_nodes += m.nodes;
  result.passed = result.missing.empty();
  result.score = 1.0 - static_cast<double>(result.missing_nodes) / result.left_nodes;
  result_ = nullptr;
  left_ = nullptr;
}

bool SubsetComparer::Impl::matches(const SubsetNode& l, const SubsetNode& r) {
  if (l.name != r.name || l.leaf != r.leaf) return false;
  // A RIGHT field with no condition is always fetched, so it covers a
  // conditional LEFT one; otherwise the conditions must be the same.
  if (!r.condition.empty() && r.condition != l.condition) return false;
  if (l.arguments == r.arguments) return true;
  return arguments_->holds(l.arguments, r.arguments, schema_->field(l.field));
}

void SubsetComparer::Impl::append_label(const SubsetNode& n) {
  path_ += " -> ";
  path_ += n.name;
  path_ += n.arguments;
  if (!n.condition.empty()) {
    path_ += ' ';
    path_ += n.condition;
  }
}

void SubsetComparer::Impl::report(const SubsetNode& l, uint32_t nodes,
                                  std::span<const std::string_view> types) {
  SubsetMissing m;
  m.path = path_;
  m.pos = left_map_.apply(l.pos);
  m.nodes = nodes;
  m.types.assign(types.begin(), types.end());
  m.steps = steps_;
  result_->missing.push_back(std::move(m));
}

// found_[rights_begin, rights_end) are the RIGHT nodes whose paths match LEFT
// node `left`'s path. Each child's matches are pushed as a frame of found_
// (indices, not references: found_ grows below).
void SubsetComparer::Impl::cover(uint32_t left, uint32_t rights_begin, uint32_t rights_end) {
  for (uint32_t child : left_->children(left_->nodes[left])) {
    const SubsetNode& l = left_->nodes[child];
    const auto frame = static_cast<uint32_t>(found_.size());
    for (uint32_t r = rights_begin; r < rights_end; ++r) {
      for (uint32_t rc : right_.children(right_.nodes[found_[r]])) {
        if (matches(l, right_.nodes[rc])) found_.push_back(rc);
      }
    }
    const size_t path_size = path_.size();
    append_label(l);
    steps_.push_back({left_map_.apply(l.pos), l.field});
    if (found_.size() == frame) {
      report(l, l.size, {});
    } else if (l.leaf) {
      covered_.clear();
      for (size_t f = frame; f < found_.size(); ++f) {
        const std::span<const schema::TypeId> t = right_.types(right_.nodes[found_[f]]);
        covered_.insert(covered_.end(), t.begin(), t.end());
      }
      std::sort(covered_.begin(), covered_.end());
      gap_.clear();
      for (schema::TypeId t : left_->types(l)) {
        if (!std::binary_search(covered_.begin(), covered_.end(), t)) {
          gap_.push_back(schema_->type(t).name);
        }
      }
      if (!gap_.empty()) {
        path_ += " on {";
        for (size_t i = 0; i < gap_.size(); ++i) {
          if (i > 0) path_ += ", ";
          path_ += gap_[i];
        }
        path_ += '}';
        report(l, 1, gap_);
      }
    } else {
      cover(child, frame, static_cast<uint32_t>(found_.size()));
    }
    found_.resize(frame);
    path_.resize(path_size);
    steps_.pop_back();
  }
}

}  // namespace gqleval::score
