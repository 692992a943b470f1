#include "io/input_file.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "io/internal/decompress.h"

namespace gqleval::io {
namespace {

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "gqleval_input_file_test_" + std::to_string(::getpid()) + "_" +
         name;
}

// A file with `contents`, removed when the test ends.
class TempFile {
 public:
  TempFile(const std::string& name, std::string_view contents) : path_(temp_path(name)) {
    std::ofstream out(path_, std::ios::binary);
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
  }
  ~TempFile() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::string gzip(std::string_view text) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string out(deflateBound(&z, text.size()) + 64, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

std::string zstd(std::string_view text) {
  std::string out(ZSTD_compressBound(text.size()), '\0');
  const size_t n = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 3);
  EXPECT_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

// Rows large enough to take several 1 MiB chunks each way.
std::string big_text() {
  std::string text = "schema,reference,candidate\n";
  for (int i = 0; text.size() < (size_t{3} << 20); ++i) {
    text += "\"type Query { f" + std::to_string(i) + ": Int }\",{ f" + std::to_string(i) +
            " },{ f" + std::to_string(i % 7) + " }\n";
  }
  return text;
}

std::string mapped(const std::string& path) {
  auto file = map_input(path);
  EXPECT_TRUE(file.ok()) << (file.ok() ? "" : file.error().message);
  return file.ok() ? std::string(file->data()) : std::string("<error>");
}

std::string error_of(const std::string& path) {
  auto file = map_input(path);
  EXPECT_FALSE(file.ok()) << path;
  return file.ok() ? std::string("<no error>") : file.error().message;
}

TEST(Decompress, DetectsByMagicBytes) {
  EXPECT_EQ(detect_compression(std::string_view("\x1f\x8b\x08\x00", 4)), Compression::kGzip);
  EXPECT_EQ(detect_compression(std::string_view("\x28\xb5\x2f\xfd", 4)), Compression::kZstd);
  EXPECT_EQ(detect_compression("id,a\n"), Compression::kNone);
  EXPECT_EQ(detect_compression(std::string_view("\x1f", 1)), Compression::kNone);
  EXPECT_EQ(detect_compression(std::string_view("\x28\xb5\x2f", 3)), Compression::kNone);
  EXPECT_EQ(detect_compression(""), Compression::kNone);
}

TEST(MapInput, GzipAndZstdAreDecompressed) {
  const std::string text = big_text();
  TempFile gz("big.csv.gz", gzip(text));
  TempFile zst("big.csv.zst", zstd(text));
  TempFile hidden("no_extension", gzip(text));  // the content decides, not the name
  EXPECT_EQ(mapped(gz.path()), text);
  EXPECT_EQ(mapped(zst.path()), text);
  EXPECT_EQ(mapped(hidden.path()), text);
}

TEST(MapInput, ConcatenatedMembersAndFramesAreAllRead) {
  const std::string a = "reference,candidate\n{ a },{ a }\n";
  const std::string b = big_text();
  TempFile gz("cat.gz", gzip(a) + gzip(b) + gzip(a));
  TempFile zst("cat.zst", zstd(a) + zstd(b));
  EXPECT_EQ(mapped(gz.path()), a + b + a);
  EXPECT_EQ(mapped(zst.path()), a + b);
}

TEST(MapInput, PlainFilesPassThrough) {
  const std::string text = "id,schema\n1,\"type Query { a: Int }\"\n";
  TempFile plain("plain.csv", text);
  TempFile named_gz("plain.csv.gz", text);                  // a name that lies
  TempFile almost("almost", std::string("\x1f\x8a rest"));  // one magic byte only
  TempFile empty("empty.jsonl.gz", "");
  EXPECT_EQ(mapped(plain.path()), text);
  EXPECT_EQ(mapped(named_gz.path()), text);
  EXPECT_EQ(mapped(almost.path()), std::string("\x1f\x8a rest"));
  EXPECT_EQ(mapped(empty.path()), "");
}

TEST(MapInput, TruncatedOrCorruptDataIsAnErrorNamingTheFile) {
  const std::string text = big_text();
  const std::string gz = gzip(text);
  const std::string zs = zstd(text);
  TempFile gz_cut("cut.csv.gz", gz.substr(0, gz.size() / 2));
  TempFile gz_no_trailer("trailer.csv.gz", gz.substr(0, gz.size() - 4));
  std::string flipped = gz;
  for (size_t i = 20; i < 60; ++i) flipped[i] = static_cast<char>(flipped[i] ^ 0x5a);
  TempFile gz_bad("bad.csv.gz", flipped);
  TempFile gz_then_junk("junk.csv.gz", gzip("a\n") + "not gzip at all");
  TempFile zs_cut("cut.csv.zst", zs.substr(0, zs.size() / 2));
  std::string zs_flipped = zs;
  for (size_t i = 8; i < 40; ++i) zs_flipped[i] = static_cast<char>(zs_flipped[i] ^ 0x5a);
  TempFile zs_bad("bad.csv.zst", zs_flipped);

  EXPECT_EQ(error_of(gz_cut.path()), "cannot read '" + gz_cut.path() +
                                         "': the gzip data is truncated (it ends inside a member)");
  EXPECT_NE(error_of(gz_no_trailer.path()).find("truncated"), std::string::npos);
  const std::string bad = error_of(gz_bad.path());
  EXPECT_EQ(bad.rfind("cannot read '" + gz_bad.path() + "': corrupt gzip data: ", 0), 0u) << bad;
  EXPECT_NE(error_of(gz_then_junk.path()).find("corrupt gzip data"), std::string::npos);
  EXPECT_EQ(error_of(zs_cut.path()), "cannot read '" + zs_cut.path() +
                                         "': the zstd data is truncated (it ends inside a frame)");
  const std::string zbad = error_of(zs_bad.path());
  EXPECT_EQ(zbad.rfind("cannot read '" + zs_bad.path() + "': corrupt zstd data: ", 0), 0u) << zbad;
}

TEST(MapInput, MissingFilesSayWhy) {
  const std::string absent = temp_path("absent.csv.gz");
  EXPECT_NE(error_of(absent).find("cannot open '" + absent + "'"), std::string::npos);
}

// Standard input ("-"), plain or compressed, read through a descriptor put
// in place of the test's own standard input for the call.
std::string mapped_stdin(const std::string& path) {
  const int saved = ::dup(STDIN_FILENO);
  const int fd = ::open(path.c_str(), O_RDONLY);
  ::dup2(fd, STDIN_FILENO);
  ::close(fd);
  std::string out = mapped("-");
  ::dup2(saved, STDIN_FILENO);
  ::close(saved);
  return out;
}

TEST(MapInput, StandardInputIsSpooled) {
  const std::string text = big_text();
  TempFile plain("stdin.csv", text);
  TempFile gz("stdin.csv.gz", gzip(text));
  TempFile zst("stdin.csv.zst", zstd(text));
  TempFile empty("stdin.empty", "");
  EXPECT_EQ(mapped_stdin(plain.path()), text);
  EXPECT_EQ(mapped_stdin(gz.path()), text);
  EXPECT_EQ(mapped_stdin(zst.path()), text);
  EXPECT_EQ(mapped_stdin(empty.path()), "");
}

TEST(MapInput, ATemporaryFolderThatDoesNotExistIsAnError) {
  TempFile gz("tmpdir.csv.gz", gzip("a,b\n"));
  const char* old = std::getenv("TMPDIR");
  const std::string saved = old != nullptr ? old : "";
  ::setenv("TMPDIR", "/nonexistent/gqleval", 1);
  const std::string error = error_of(gz.path());
  if (old != nullptr) {
    ::setenv("TMPDIR", saved.c_str(), 1);
  } else {
    ::unsetenv("TMPDIR");
  }
  EXPECT_NE(error.find("cannot make a temporary file in /nonexistent/gqleval"), std::string::npos)
      << error;
}

}  // namespace
}  // namespace gqleval::io
