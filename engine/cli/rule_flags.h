// The flags that choose the rewrite rules of a run, shared by `score` and
// `compare`: --no-rules (every rule off) or --rule-set LIST (exactly those
// rules on; normalize/options.h). They exclude each other.
#pragma once

#include "engine/cli/args.h"
#include "engine/normalize/options.h"

namespace gqleval::cli {

// Reads the flags into `rules`; a bad combination or an unknown rule name
// fails `args` with a message.
void read_rule_flags(Args& args, normalize::RuleSwitches& rules);

}  // namespace gqleval::cli
