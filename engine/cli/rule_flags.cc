#include "engine/cli/rule_flags.h"

#include <string>

namespace gqleval::cli {

void read_rule_flags(Args& args, normalize::RuleSwitches& rules) {
  if (args.has("no-rules") && args.has("rule-set")) {
    args.fail("--no-rules and --rule-set exclude each other");
  }
  if (args.has("no-rules")) rules = normalize::RuleSwitches{false, false, false};
  if (auto v = args.value("rule-set")) {
    std::string bad;
    if (!normalize::parse_rule_profile(*v, &rules, &bad)) {
      args.fail("unknown rule '" + bad +
                "' in --rule-set (the rules are cycles, endpoints, rgeval)");
    }
  }
}

}  // namespace gqleval::cli
