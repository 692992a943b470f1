#include "engine/base/version.h"

#include <gtest/gtest.h>

#include <string>

namespace gqleval {
namespace {

TEST(Version, IsTheProjectVersion) { EXPECT_EQ(version(), GQLEVAL_PROJECT_VERSION); }

TEST(Version, CommitIsAShortHashOrUnknown) {
  const std::string commit(git_commit());
  if (commit == "unknown") GTEST_SKIP() << "not built from a git checkout";
  EXPECT_GE(commit.size(), 7u);
  EXPECT_EQ(commit.find_first_not_of("0123456789abcdef"), std::string::npos) << commit;
}

}  // namespace
}  // namespace gqleval
