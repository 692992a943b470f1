#include "engine/score/subset.h"

#include <algorithm>

#include "engine/base/arena.h"
#include "engine/normalize/normalize.h"
#include "engine/score/internal/argument_subset.h"
#include "engine/score/internal/subset_tree.h"
#include "engine/score/query_front_end.h"

namespace gqleval::score {

class SubsetComparer::Impl {
 public:
  SubsetResult compare(const schema::Schema& schema, std::string_view left, std::string_view right,
                       const SubsetOptions& options);

 private:
  struct Side {
    bool ok = false;
    PositionMap map;
  };
  Side read(std::string_view text, QueryRole role, bool extract, const SubsetOptions& options,
            SubsetTree& out);
  void cover(uint32_t left, const std::vector<uint32_t>& rights);
  bool matches(const SubsetNode& l, const SubsetNode& r);
  void report(const SubsetNode& l, uint32_t nodes, std::vector<std::string_view> types);
  void append_label(const SubsetNode& n);

  const schema::Schema* schema_ = nullptr;
  std::unique_ptr<ArgumentSubset> arguments_;
  Arena arena_{size_t{16} * 1024};
  QueryFrontEnd front_end_;
  normalize::Normalizer normalizer_;
  SelectionOrder order_;
  SubsetTree left_;
  SubsetTree right_;
  PositionMap left_map_;
  SubsetResult* result_ = nullptr;
  std::string path_;               // of the LEFT node being visited
  std::vector<SubsetStep> steps_;  // its fields
};

SubsetComparer::SubsetComparer() : impl_(std::make_unique<Impl>()) {}
SubsetComparer::~SubsetComparer() = default;

SubsetResult SubsetComparer::compare(const schema::Schema& schema, std::string_view left,
                                     std::string_view right, const SubsetOptions& options) {
  return impl_->compare(schema, left, right, options);
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

SubsetComparer::Impl::Side SubsetComparer::Impl::read(std::string_view text, QueryRole role,
                                                      bool extract, const SubsetOptions& options,
                                                      SubsetTree& out) {
  Side side;
  const FrontEndQuery q = front_end_.read(text, role, 0, extract, *schema_, options.operation_name,
                                          arena_, result_->errors);
  side.map = q.map;
  if (q.state != QueryState::kOk) {
    if (q.state == QueryState::kNoQuery) {
      result_->errors.push_back(
          {role, 0, make_error("NoQuery", "no GraphQL query was found in the text", {1, 1})});
    }
    return side;
  }
  // No Stage 3 rule: Relay has none, and a subset grader compares what was written.
  auto tree =
      normalizer_.run(*schema_, *q.document, *q.operation, options.normalize, nullptr, arena_);
  if (!tree) {
    add_mapped_error(result_->errors, role, 0, std::move(tree.error()), q.map);
    return side;
  }
  number_selections(*q.document, *q.operation, order_);
  build_subset_tree(*tree, *schema_, order_, out);
  side.ok = true;
  return side;
}

SubsetResult SubsetComparer::Impl::compare(const schema::Schema& schema, std::string_view left,
                                           std::string_view right, const SubsetOptions& options) {
  SubsetResult result;
  result_ = &result;
  arena_.reset();
  if (schema_ != &schema) {
    schema_ = &schema;
    arguments_ = std::make_unique<ArgumentSubset>(schema);
  }
  const Side l = read(left, QueryRole::kReference, options.extract_left, options, left_);
  const Side r = read(right, QueryRole::kCandidate, options.extract_right, options, right_);
  if (!l.ok || !r.ok) {
    result.state = l.ok ? SubsetState::kInvalidRight : SubsetState::kInvalidLeft;
    result_ = nullptr;
    return result;
  }
  left_map_ = l.map;
  const SubsetNode& root = left_.nodes[0];
  result.left_nodes = root.size;
  result.operation = ast::operation_type_name(left_.operation);
  result.operation_pos = left_map_.apply(root.pos);
  path_.assign(root.name);
  steps_.clear();
  if (left_.operation != right_.operation) {
    report(root, root.size, {});
  } else {
    cover(0, {0});
  }
  for (const SubsetMissing& m : result.missing) result.missing_nodes += m.nodes;
  result.passed = result.missing.empty();
  result.score = 1.0 - static_cast<double>(result.missing_nodes) / result.left_nodes;
  result_ = nullptr;
  return result;
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
                                  std::vector<std::string_view> types) {
  SubsetMissing m;
  m.path = path_;
  m.pos = left_map_.apply(l.pos);
  m.nodes = nodes;
  m.types = std::move(types);
  m.steps = steps_;
  result_->missing.push_back(std::move(m));
}

// `rights` are the RIGHT nodes whose paths match LEFT node `left`'s path.
void SubsetComparer::Impl::cover(uint32_t left, const std::vector<uint32_t>& rights) {
  std::vector<uint32_t> found;
  std::vector<schema::TypeId> covered;
  for (uint32_t child : left_.nodes[left].children) {
    const SubsetNode& l = left_.nodes[child];
    found.clear();
    for (uint32_t r : rights) {
      for (uint32_t rc : right_.nodes[r].children) {
        if (matches(l, right_.nodes[rc])) found.push_back(rc);
      }
    }
    const size_t path_size = path_.size();
    append_label(l);
    steps_.push_back({left_map_.apply(l.pos), l.field});
    if (found.empty()) {
      report(l, l.size, {});
    } else if (l.leaf) {
      covered.clear();
      for (uint32_t rc : found) {
        const std::vector<schema::TypeId>& t = right_.nodes[rc].types;
        covered.insert(covered.end(), t.begin(), t.end());
      }
      std::sort(covered.begin(), covered.end());
      std::vector<std::string_view> gap;
      for (schema::TypeId t : l.types) {
        if (!std::binary_search(covered.begin(), covered.end(), t)) {
          gap.push_back(schema_->type(t).name);
        }
      }
      if (!gap.empty()) {
        path_ += " on {";
        for (size_t i = 0; i < gap.size(); ++i) {
          if (i > 0) path_ += ", ";
          path_ += gap[i];
        }
        path_ += '}';
        report(l, 1, std::move(gap));
      }
    } else {
      cover(child, found);
    }
    path_.resize(path_size);
    steps_.pop_back();
  }
}

}  // namespace gqleval::score
