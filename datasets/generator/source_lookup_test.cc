#include "datasets/generator/source_lookup.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace gqleval::generator {
namespace {

namespace fs = std::filesystem;

struct Folder {
  Folder() {
    std::string pattern = (fs::temp_directory_path() / "gqleval_source_XXXXXX").string();
    path = mkdtemp(pattern.data());
  }
  ~Folder() { fs::remove_all(path); }
  void touch(const fs::path& relative) {
    fs::create_directories((path / relative).parent_path());
    std::ofstream(path / relative) << "id\n";
  }
  fs::path path;
};

TEST(SourceLookup, FindsTheSetBesideTheBuildFolder) {
  Folder root;
  root.touch("datasets/nl2gql/nl2gql_test.csv");
  const SourceSearch s = find_default_source(root.path / "build", "/nonexistent");
  ASSERT_TRUE(s.found);
  EXPECT_EQ(*s.found, (root.path / "datasets/nl2gql/nl2gql_test.csv").string());
}

TEST(SourceLookup, FindsAnInstalledSetThenTheWorkingFolder) {
  Folder prefix;
  prefix.touch("share/gqleval/nl2gql/nl2gql_test.csv");
  EXPECT_EQ(find_default_source(prefix.path / "bin", "/nonexistent").found,
            (prefix.path / "share/gqleval/nl2gql/nl2gql_test.csv").string());
  Folder checkout;
  checkout.touch("datasets/nl2gql/nl2gql_test.csv");
  EXPECT_EQ(find_default_source("/nonexistent/bin", checkout.path).found,
            (checkout.path / "datasets/nl2gql/nl2gql_test.csv").string());
}

TEST(SourceLookup, SaysWhereItLookedWhenNothingIsThere) {
  Folder empty;
  const SourceSearch s = find_default_source(empty.path / "bin", empty.path);
  EXPECT_FALSE(s.found);
  ASSERT_EQ(s.tried.size(), 3u);
  EXPECT_EQ(s.tried[0], (empty.path / "datasets/nl2gql/nl2gql_test.csv").string());
  EXPECT_EQ(s.tried[2], (empty.path / "datasets/nl2gql/nl2gql_test.csv").string());
}

}  // namespace
}  // namespace gqleval::generator
