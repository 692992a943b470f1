// Runs the built gqleval program (GQLEVAL_BINARY) as a user would, in a
// folder, capturing stdout, stderr and the exit code, for the CLI suites; and
// the CLI suites' fixture, a fresh folder per test to run it in.
#pragma once

#include <gtest/gtest.h>

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

// A CLI suite's fixture: a fresh folder per test under gtest's TempDir(),
// named after the suite and the test, removed at the test's end. A suite that
// puts files there before every test calls CliFolderTest::SetUp() first.
class CliFolderTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;
  // Writes `text` to the folder's file `name`, making its parent folders.
  void put(const std::string& name, const std::string& text) const;
  std::string read(const std::string& name) const { return slurp(dir_ + name); }
  // `gqleval ARGS` in the folder.
  CommandRun gqleval(const std::string& args) const { return run_gqleval(dir_, args); }

  std::string dir_;  // ends with '/'
};

}  // namespace gqleval::cli_test
