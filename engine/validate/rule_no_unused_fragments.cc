// NoUnusedFragments: every fragment definition is reachable from some
// operation. graphql-js: `Fragment "F" is never used.` at the definition.
// Cosmetic: a warning in lenient mode.
#include <string>
#include <vector>

#include "engine/validate/rule.h"

namespace gqleval::validate {

void rule_no_unused_fragments(ValidationContext& ctx) {
  std::vector<std::string_view> used;
  for (const ast::OperationDefinition* op : ctx.operations) {
    for (const ast::FragmentDefinition* f : ctx.recursively_referenced_fragments(*op)) {
      used.push_back(f->name.value);
    }
  }
  for (const ast::FragmentDefinition* f : ctx.fragments) {
    bool is_used = false;
    for (std::string_view u : used) is_used = is_used || u == f->name.value;
    if (!is_used) {
      ctx.report("Fragment \"" + std::string(f->name.value) + "\" is never used.", {f->loc.pos()});
    }
  }
}

}  // namespace gqleval::validate
