// The flags that choose the rewrite rules of a run, shared by `score` and
// `compare`: --no-rules (every rule off) or --rule-set LIST (exactly those
// rules on; normalize/options.h). They exclude each other.
#pragma once

#include "engine/cli/args.h"
#include "engine/normalize/options.h"

namespace gqleval::cli {

// Reads --no-rules into `rules` and refuses it beside --rule-set, leaving
// --rule-set's list to the library: `score` hands it over as a word
// (batch/run_words.h), which is parsed there once, as Python's rule_set is.
void read_no_rules_flag(Args& args, normalize::RuleSwitches& rules);

// Both flags, --rule-set's list parsed by normalize::parse_rule_profile (for
// `compare`, which has no run's words); an unknown rule name fails `args`
// with a message.
void read_rule_flags(Args& args, normalize::RuleSwitches& rules);

}  // namespace gqleval::cli
