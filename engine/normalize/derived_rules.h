// The rules a Rewrites holds, printed as a rules file (rules_file.h) so that a
// user can audit what the engine assumes about a schema before trusting a
// leaderboard built on it (docs/semantics.md, Stage 3: "every derived rule can be
// printed"). `gqleval schema SOURCE --rules` and the Python module's
// derived_rules() print it.
//
// The file turns derivation off and lists every derived inverse pair and
// endpoint group, sorted (pairs by field then inverse, groups by canonical
// field, members by name), so that reading it back with --rules gives the
// same rules and the same verdicts, and editing it (deleting a pair the user
// does not believe) changes exactly that rule. Rules that came from a rules
// file, and the rgeval profile's groups, are not derived and not printed.
#pragma once

#include <string>

#include "engine/normalize/rewrites.h"

namespace gqleval::normalize {

// The derived rules of `rewrites` as the JSON text of a rules file (version
// 1), two-space indented, ending in a newline.
std::string derived_rules_json(const Rewrites& rewrites);

}  // namespace gqleval::normalize
