// GraphQLRestBench's four metrics for one row, on two standardized programs
// (program.h), as issue #15 defines them (docs/commands/calls.md):
//   Arg Match (full)        every argument of every reference call is in the
//                           candidate (as a multiset of (function, parameter,
//                           value));
//   Arg Match (functions)   each reference call matched to a distinct
//                           candidate call of its function that has all its
//                           arguments (a maximum matching; a call in the same
//                           position is tried first): matched / reference calls;
//   Seq Match (full)        the sequences of function names are equal;
//   Seq Match (connected)   the connected components of the dependency graph
//                           (call B reads call A's response), each as its
//                           function names in program order, are equal as
//                           multisets.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/calls/program.h"

namespace gqleval::calls {

struct CallsComparison {
  bool arg_match_full = false;
  uint32_t arg_calls_matched = 0;
  uint32_t arg_calls_total = 0;  // the reference's calls
  bool seq_match_full = false;
  bool seq_match_connected = false;
  std::vector<Argument> missing_arguments;  // the reference's, not in the candidate
  std::vector<Argument> extra_arguments;    // the candidate's, not in the reference
  std::vector<std::vector<std::string>> reference_components;
  std::vector<std::vector<std::string>> candidate_components;
};

CallsComparison compare_programs(const Program& reference, const Program& candidate);

// The connected components of the dependency graph, ordered by their first
// call, each as its function names in program order.
std::vector<std::vector<std::string>> components(const Program& program);

}  // namespace gqleval::calls
