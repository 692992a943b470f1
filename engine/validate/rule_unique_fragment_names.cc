// UniqueFragmentNames: no two fragment definitions share a name. graphql-js:
// `There can be only one fragment named "F".` at the first name and the repeat.
#include <string>
#include <vector>

#include "engine/validate/rule.h"

namespace gqleval::validate {

void rule_unique_fragment_names(ValidationContext& ctx) {
  std::vector<const ast::Name*> known;
  for (const ast::FragmentDefinition* frag : ctx.fragments) {
    const ast::Name* first = nullptr;
    for (const ast::Name* n : known) {
      if (n->value == frag->name.value) {
        first = n;
        break;
      }
    }
    if (first) {
      ctx.report("There can be only one fragment named \"" + std::string(frag->name.value) + "\".",
                 {first->loc.pos(), frag->name.loc.pos()});
    } else {
      known.push_back(&frag->name);
    }
  }
}

}  // namespace gqleval::validate
