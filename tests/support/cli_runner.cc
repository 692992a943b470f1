#include "tests/support/cli_runner.h"

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
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

void CliFolderTest::SetUp() {
  const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
  dir_ = ::testing::TempDir() + "gqleval_" + info->test_suite_name() + "_" + info->name() + "/";
  std::filesystem::remove_all(dir_);
  std::filesystem::create_directories(dir_);
}

void CliFolderTest::TearDown() { std::filesystem::remove_all(dir_); }

void CliFolderTest::put(const std::string& name, const std::string& text) const {
  const std::filesystem::path path = dir_ + name;
  std::filesystem::create_directories(path.parent_path());
  FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr) << path;
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
}

}  // namespace gqleval::cli_test
