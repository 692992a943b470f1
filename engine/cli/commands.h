// The subcommands of the gqleval program. Each takes the arguments after its
// own name and returns the process exit code: 0 success, 1 a negative result
// (an invalid query, a pair that does not pass), 2 a usage or I/O error.
#pragma once

#include <span>

namespace gqleval::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitNegative = 1;
inline constexpr int kExitUsage = 2;

int run_validate(std::span<char* const> argv);
int run_score(std::span<char* const> argv);
int run_compare(std::span<char* const> argv);
int run_schema(std::span<char* const> argv);
int run_subset(std::span<char* const> argv);
int run_report(std::span<char* const> argv);
int run_merge(std::span<char* const> argv);
int run_calls(std::span<char* const> argv);

}  // namespace gqleval::cli
