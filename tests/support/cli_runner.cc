#include "tests/support/cli_runner.h"

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace gqleval::cli_test {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

CommandRun run_gqleval(const std::string& dir, const std::string& args) {
  const std::string cmd = "cd '" + dir + "' && '" + GQLEVAL_BINARY + "' " + args + " >'" + dir +
                          "out.txt' 2>'" + dir + "err.txt'";
  const int status = std::system(cmd.c_str());
  CommandRun r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(dir + "out.txt");
  r.err = slurp(dir + "err.txt");
  return r;
}

}  // namespace gqleval::cli_test
