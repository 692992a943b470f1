// Runs the built gqleval program (GQLEVAL_BINARY) as a user would, in a
// folder, capturing stdout, stderr and the exit code, for the CLI suites.
#pragma once

#include <string>

namespace gqleval::cli_test {

struct CommandRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// `cd DIR && gqleval ARGS` (ARGS is shell text); dir ends with '/'.
CommandRun run_gqleval(const std::string& dir, const std::string& args);

std::string slurp(const std::string& path);

}  // namespace gqleval::cli_test
