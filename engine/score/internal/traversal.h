// What operations traverse (coverage.h): each field an operation selects, on
// the type its selection set is on (the parent field's type, an inline
// fragment's or a spread fragment's type condition), with the arguments it
// passes (literally or by variable), from the operation's root through its
// inline fragments and the fragments it spreads (a fragment defined but
// never spread traverses nothing). Aliases do not matter; introspection
// fields (__typename, __schema, __type) are not traversed. Directives are
// not read: a selection under @skip is still what the answer wrote.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/graphql/ast.h"
#include "engine/schema/schema.h"
#include "engine/score/internal/position_map.h"

namespace gqleval::score {

class Traversal {
 public:
  // One field selected: on which type, where, in which of the answer's
  // operations, with the arguments arguments()[first_argument, end_argument).
  struct Step {
    schema::TypeId on = schema::kNone;
    std::string_view field;
    SourcePos pos;
    uint32_t operation = 0;
    uint32_t first_argument = 0;
    uint32_t end_argument = 0;
  };

  void clear();
  // Adds what `operation` of the valid `document` selects; its positions
  // mapped by `map` (into the text as given), its index `index`.
  void add(const schema::Schema& schema, const ast::Document& document,
           const ast::OperationDefinition& operation, uint32_t index, const PositionMap& map);

  std::span<const Step> steps() const { return steps_; }
  std::span<const std::string_view> arguments(const Step& step) const {
    return std::span(arguments_)
        .subspan(step.first_argument, step.end_argument - step.first_argument);
  }

 private:
  void walk(const ast::SelectionSet& set, schema::TypeId on, uint32_t depth);

  const schema::Schema* schema_ = nullptr;
  const ast::Document* document_ = nullptr;
  const PositionMap* map_ = nullptr;
  uint32_t operation_ = 0;
  std::vector<Step> steps_;
  std::vector<std::string_view> arguments_;
};

}  // namespace gqleval::score
