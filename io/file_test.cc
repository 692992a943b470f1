#include "io/file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <utility>

namespace gqleval::io {
namespace {

// A file under the test's temp directory, removed when the test ends.
class TempFile {
 public:
  explicit TempFile(std::string_view contents) {
    path_ = testing::TempDir() + "gqleval_io_file_test_" + std::to_string(::getpid()) + "_" +
            std::to_string(counter_++);
    std::ofstream out(path_, std::ios::binary);
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
  }
  ~TempFile() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }

 private:
  static inline int counter_ = 0;
  std::string path_;
};

TEST(ReadFile, ReadsWholeContentsIncludingNulBytes) {
  std::string contents("a,b\n\0x\r\n", 8);
  TempFile f(contents);
  auto r = read_file(f.path());
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(*r, contents);
}

TEST(ReadFile, EmptyFile) {
  TempFile f("");
  auto r = read_file(f.path());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, "");
}

TEST(ReadFile, MissingFileIsAnErrorNamingThePath) {
  auto r = read_file("/nonexistent/gqleval/x.csv");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, "IO");
  EXPECT_EQ(r.error().message,
            "cannot open '/nonexistent/gqleval/x.csv': No such file or directory");
}

TEST(ReadFile, DirectoryIsAnError) {
  auto r = read_file("/tmp");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "cannot read '/tmp': Is a directory");
}

TEST(SameFile, ExistingFilesByInodeAndFilesToBeBySpelling) {
  TempFile a("x");
  TempFile b("x");
  EXPECT_TRUE(same_file(a.path(), a.path()));
  EXPECT_FALSE(same_file(a.path(), b.path()));
  const std::string dir = testing::TempDir();
  const std::string fresh = dir + "gqleval_io_not_written_" + std::to_string(::getpid());
  // Neither exists yet: one file when the paths name the same place.
  EXPECT_TRUE(same_file(fresh, dir + "./" + fresh.substr(dir.size())));
  EXPECT_FALSE(same_file(fresh, fresh + ".summary"));
  EXPECT_FALSE(same_file(a.path(), fresh));
}

TEST(MappedFile, MapsContents) {
  std::string contents(200000, 'x');
  contents[123456] = '\n';
  TempFile f(contents);
  auto m = MappedFile::open(f.path());
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_EQ(m->size(), contents.size());
  EXPECT_EQ(m->data(), contents);
}

TEST(MappedFile, EmptyFileGivesEmptyView) {
  TempFile f("");
  auto m = MappedFile::open(f.path());
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_TRUE(m->data().empty());
  EXPECT_EQ(m->size(), 0u);
}

TEST(MappedFile, MissingFileIsAnError) {
  auto m = MappedFile::open("/nonexistent/gqleval/x.csv");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().rule, "IO");
  EXPECT_EQ(m.error().message,
            "cannot open '/nonexistent/gqleval/x.csv': No such file or directory");
}

TEST(MappedFile, DirectoryIsAnError) {
  auto m = MappedFile::open("/tmp");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().message, "cannot map '/tmp': Is a directory");
}

TEST(MappedFile, MoveTransfersTheMapping) {
  TempFile f("hello");
  auto m = MappedFile::open(f.path());
  ASSERT_TRUE(m.ok());
  MappedFile a = std::move(*m);
  EXPECT_EQ(a.data(), "hello");
  EXPECT_TRUE(m->data().empty());  // NOLINT(bugprone-use-after-move): moved-from is empty
  MappedFile b;
  b = std::move(a);
  EXPECT_EQ(b.data(), "hello");
  EXPECT_TRUE(a.data().empty());  // NOLINT(bugprone-use-after-move)
}

TEST(MappedFile, DataOutlivesTheFileName) {
  auto f = std::make_unique<TempFile>("still here");
  auto m = MappedFile::open(f->path());
  ASSERT_TRUE(m.ok());
  f.reset();  // unlink: the mapping keeps the bytes
  EXPECT_EQ(m->data(), "still here");
}

}  // namespace
}  // namespace gqleval::io
