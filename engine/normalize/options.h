// What a caller chooses about normalization: which Stage 3 rewrite rules are
// on (docs/semantics.md; a run states its profile, rule_profile()), whether
// `__typename` counts, the row's variable values, and the size limits past
// which a query does not normalize. Plain data with no dependency, so that
// the scorer's public header (score/score_pair.h) can carry it (it needs only
// base/'s errors).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"

namespace gqleval::normalize {

// Which rewrites are on. A run states its profile (rule_profile()).
struct RuleSwitches {
  bool cycles = true;
  bool endpoints = true;
  bool rgeval = false;  // the RGEval compatibility profile; off by default
};

inline constexpr std::string_view kRuleCycles = "cycles";
inline constexpr std::string_view kRuleEndpoints = "endpoints";
inline constexpr std::string_view kRuleRgeval = "rgeval";
// Not a switch: declared in a rules file (`ignore_arguments`), it holds
// wherever the rewrites are built, i.e. unless every rule is off.
inline constexpr std::string_view kRuleIgnoreArguments = "ignore_arguments";

// Turns one rule on or off by name; false when the name is unknown.
bool set_rule(RuleSwitches& rules, std::string_view name, bool on);
// "cycles,endpoints" (the rules that are on, in a fixed order), or "none".
std::string rule_profile(const RuleSwitches& rules);
// The inverse of rule_profile: the rules a comma-separated list switches on
// (every other rule off), "none" for no rule. A name that is no rule is an
// error (rule "Usage") naming it and the list as the caller's user gave it
// (`option`: "--rule-set", "rule_set").
Result<RuleSwitches, Diagnostic> parse_rule_profile(std::string_view list, std::string_view option);

inline constexpr uint32_t kMaxNormalNodes = 10000;        // field nodes in one tree
inline constexpr uint32_t kMaxNormalDepth = 256;          // nesting depth of fields
inline constexpr uint32_t kMaxExpansionSteps = 1u << 20;  // selections visited

struct NormalizeOptions {
  bool ignore_typename = false;  // drop `__typename` selections
  // Unbound variables keep their names (`$orderId`) instead of being numbered
  // $1, $2, ... in canonical order, and the tree has no symbols to rename
  // (NormalTree::symbol_count 0): for harnesses that send the dataset's
  // variables by name, where `order(id: $userId)` is not `order(id: $orderId)`.
  // A name never reads as a number (a GraphQL name does not start with a
  // digit), so no key of this mode equals a numbered one.
  bool variables_by_name = false;
  std::string_view variables_json;  // the row's variable values, a JSON object; empty: none
  RuleSwitches rules;               // which Stage 3 rewrites are on
  uint32_t max_nodes = kMaxNormalNodes;
  uint32_t max_depth = kMaxNormalDepth;
};

}  // namespace gqleval::normalize
