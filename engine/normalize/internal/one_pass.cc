// The tree built while a simple query is parsed (Normalizer::run_one_pass):
// the parser hands each field to a sink that certifies it as validation's
// certificate would (validate/simple_document.h) and adds its node at once, as
// expand() and add_field() would add it from the parsed document. The fields
// come in the order those walk them, depth first, so the build tree, and the
// normal tree finalize() lays out from it, are the same.
#include <vector>

#include "engine/graphql/parser.h"
#include "engine/normalize/internal/tree_builder.h"
#include "engine/validate/simple_document.h"

namespace gqleval::normalize {

class TreeBuilder::OnePassSink final : public graphql::SelectionSink {
 public:
  OnePassSink(TreeBuilder& builder, const schema::Schema& schema, const NormalizeOptions& options,
              const Rewrites* rewrites, Arena& arena)
      : b_(builder), s_(schema), options_(options), rewrites_(rewrites), arena_(arena) {}

  // The certificate's conditions on the operation: a query or mutation whose
  // root type is an object type. Then run()'s start, for this operation.
  bool operation(ast::OperationType type, ast::Loc loc) override {
    const schema::TypeId root = validate::certified_root(s_, type);
    if (root == schema::kNone) return false;
    ast::OperationDefinition& op = b_.one_pass_operation_;
    op = ast::OperationDefinition{};
    op.kind = ast::DefinitionKind::kOperation;
    op.operation = type;
    op.loc = loc;
    if (!b_.begin(s_, op, true, options_, rewrites_, arena_)) return false;
    sets_.clear();
    keys_.clear();
    sets_.push_back(OnePassSet{0, root, keys_.mark()});
    return true;
  }

  bool field(const ast::Field& field, bool has_selection_set) override {
    const OnePassSet set = sets_.back();
    if (!keys_.add(field.response_key(), set.keys_mark)) return false;
    const std::optional<schema::TypeId> selected =
        validate::certify_field(s_, field, set.type, has_selection_set);
    if (!selected) return false;
    uint32_t child = kNoNode;
    // The operation's set is at depth 0, each set one below its parent's.
    const auto depth = static_cast<uint32_t>(sets_.size() - 1);
    if (!b_.one_pass_field(set.node, field, depth, child)) return false;
    if (has_selection_set) sets_.push_back(OnePassSet{child, *selected, keys_.mark()});
    return true;
  }

  void end_selection_set() override {
    keys_.end_set(sets_.back().keys_mark);
    sets_.pop_back();
  }

 private:
  TreeBuilder& b_;
  const schema::Schema& s_;
  const NormalizeOptions& options_;
  const Rewrites* rewrites_;
  Arena& arena_;
  std::vector<OnePassSet>& sets_ = b_.one_pass_sets_;
  validate::ResponseKeys& keys_ = b_.one_pass_keys_;
};

std::optional<NormalTree> TreeBuilder::run_one_pass(const schema::Schema& schema,
                                                    std::string_view text,
                                                    const NormalizeOptions& options,
                                                    const Rewrites* rewrites, Arena& arena) {
  // A text with none of `$`, `@` and `.` has no variable, directive or
  // fragment spread; one with any of them (or with a float, or a string that
  // holds one) is left to the full way at the cost of three scans, not of a
  // pass that would stop at it.
  for (const char c : {'$', '@', '.'}) {
    if (text.find(c) != std::string_view::npos) return std::nullopt;
  }
  OnePassSink sink(*this, schema, options, rewrites, arena);
  if (!graphql::parse_simple_operation(text, arena, sink)) return std::nullopt;
  return finish();
}

// add_field() for a field of a simple operation: no directive and no
// condition on it or above it, and its parent's type concrete (an abstract
// one would take the field once for each possible type, and the selection
// set under it as many times, which one pass cannot do). False where
// add_field() would fail, or for an abstract parent: the caller then reads
// the query the full way.
bool TreeBuilder::one_pass_field(uint32_t parent, const ast::Field& field, uint32_t depth,
                                 uint32_t& child) {
  child = kNoNode;
  if (++steps_ > kMaxExpansionSteps) return false;  // expand()'s limit
  if (field.name.value == "__typename" && options_->ignore_typename) return true;
  if (depth + 1 > options_->max_depth) return false;
  const schema::TypeId type = nodes_[parent].type;
  if (schema_->is_abstract(type)) return false;
  // (kMaxNesting is beyond the parser's own nesting limit here.)
  child = add_selection(parent, field, type, false, {}, false);
  return child != kNoNode;
}

}  // namespace gqleval::normalize
