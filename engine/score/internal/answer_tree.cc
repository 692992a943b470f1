#include "engine/score/internal/answer_tree.h"

#include <optional>
#include <string>
#include <utility>

#include "engine/base/concat.h"

namespace gqleval::score {

void AnswerTreeReader::read(const schema::Schema& schema, std::string_view cell,
                            const AnswerTreeOptions& options, QueryFrontEnd& front_end,
                            Arena& arena, std::vector<QueryDiagnostic>& errors, AnswerTree& out) {
  out = AnswerTree{};
  reader_.read(schema, cell, QueryRole::kCandidate, true, options.extract, {}, arena, answer_);
  out.operations = answer_.operations;
  out.invalid = answer_.invalid;
  for (AnswerError& e : answer_.errors) {
    errors.push_back({QueryRole::kCandidate, 0, std::move(e.diagnostic), e.operation});
  }
  if (!answer_.found) {
    out.state = QueryState::kNoQuery;
    return;
  }
  normalize_operations(schema, options, front_end, arena, errors, out);
  if (trees_.empty()) return;  // kInvalid: no valid operation
  auto maps = arena.make_array<PositionMap>(answer_.operations);
  for (const AnswerOperation& op : answer_.valid) maps[op.index] = op.map;
  out.places.maps = maps;
  out.tree = merger_.merge(trees_, tree_operations_, arena);
  out.state = QueryState::kOk;
}

void AnswerTreeReader::normalize_operations(const schema::Schema& schema,
                                            const AnswerTreeOptions& options,
                                            QueryFrontEnd& front_end, Arena& arena,
                                            std::vector<QueryDiagnostic>& errors, AnswerTree& out) {
  trees_.clear();
  tree_operations_.clear();
  for (const AnswerOperation& op : answer_.valid) {
    const ast::OperationType kind = op.operation->operation;
    std::optional<Diagnostic> error;
    if (op.index > UINT16_MAX) {
      error = make_error("AnswerLimit", "an answer is graded on its first 65536 operations");
    } else if (!trees_.empty() && kind != trees_.front().operation) {
      error = make_error("OperationKind",
                         concat({"operation ", std::to_string(op.index), " is a ",
                                 ast::operation_type_name(kind), " and the answer's first is a ",
                                 ast::operation_type_name(trees_.front().operation),
                                 ": an answer's operations merge when they are of one kind"}),
                         op.map.apply(op.operation->loc.pos()));
    } else {
      auto tree = front_end.normalize_operation(schema, *op.document, *op.operation,
                                                options.rewrites, options.normalize, arena);
      if (tree) {
        trees_.push_back(*tree);
        tree_operations_.push_back(static_cast<uint16_t>(op.index));
        continue;
      }
      error = op.map.apply(std::move(tree.error()));
    }
    errors.push_back({QueryRole::kCandidate, 0, std::move(*error), static_cast<int32_t>(op.index)});
    ++out.invalid;
  }
}

}  // namespace gqleval::score
