// What `gqleval calls` writes for one row (JSON Lines, the names of issue #15):
// row, id (and the kept columns), verdict, arg_match_full, arg_calls_matched,
// arg_calls_total, seq_match_full, seq_match_connected (0 or 1),
// missing_arguments and extra_arguments ({function, parameter, value, line,
// column}, in their snippet), components ({reference, candidate}: lists of
// function-name lists), invalid_paths ({path, line, column, message}) and
// errors ({query, rule, message, line, column}, as a score row's); and each
// side's dependency graph as DOT, for --artifacts.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/calls/program.h"
#include "engine/calls/score_calls.h"

namespace gqleval::calls {

// Appends one JSON object (no newline) that opens with `head`: `{`, the
// members that identify the row (`"row":3,"id":"q7",`, the batch engine's row
// opening), and a comma.
void append_calls_result(std::string& out, std::string_view head, const CallsRow& r);

// A row the reader could not read (verdict "bad_row"): every metric 0, no
// calls, and one error, `reason`: the short name as its rule.
void append_calls_bad_row(std::string& out, std::string_view head, const Diagnostic& reason);

// `digraph NAME { ... }`: a node per call (its id), an edge A -> B when B reads
// A's response.
std::string dependency_dot(const Program& program, std::string_view name);

}  // namespace gqleval::calls
