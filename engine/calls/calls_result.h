// What `gqleval calls` writes for one row (JSON Lines, the names of issue
// #15): row, id, verdict, arg_match_full, arg_calls_matched,
// arg_calls_total, seq_match_full, seq_match_connected (0 or 1),
// missing_arguments and extra_arguments ({function, parameter, value, line,
// column}, in their snippet), components ({reference, candidate}: lists of
// function-name lists), invalid_paths ({path, line, column, message}) and
// errors ({rule, message, line, column}); and each side's dependency graph as
// DOT, for --artifacts.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/calls/program.h"
#include "engine/calls/score_calls.h"

namespace gqleval::calls {

// Appends one JSON object (no newline).
void append_calls_result(std::string& out, uint64_t row, std::string_view id, const CallsRow& r);

// `digraph NAME { ... }`: a node per call (its id), an edge A -> B when B reads
// A's response.
std::string dependency_dot(const Program& program, std::string_view name);

}  // namespace gqleval::calls
