#include "engine/cli/rule_flags.h"

#include <string>

namespace gqleval::cli {

void read_no_rules_flag(Args& args, normalize::RuleSwitches& rules) {
  if (args.has("no-rules") && args.has("rule-set")) {
    args.fail("--no-rules and --rule-set exclude each other");
  }
  if (args.has("no-rules")) rules = normalize::RuleSwitches{false, false, false};
}

void read_rule_flags(Args& args, normalize::RuleSwitches& rules) {
  read_no_rules_flag(args, rules);
  if (auto v = args.value("rule-set")) {
    auto parsed = normalize::parse_rule_profile(*v, "--rule-set");
    if (parsed) {
      rules = *parsed;
    } else {
      args.fail(parsed.error().message);
    }
  }
}

}  // namespace gqleval::cli
