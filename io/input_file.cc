#include "io/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "io/csv_reader.h"
#include "io/internal/decompress.h"
#include "io/internal/fd_guard.h"

namespace gqleval::io {
namespace {

Diagnostic input_error(const std::string& name, const std::string& what) {
  return make_error("IO", "cannot read " + name + ": " + what);
}

// What went wrong below an input, which input_error() then names.
Diagnostic io_error(std::string what) { return make_error("IO", std::move(what)); }

// An unlinked temporary file, open for reading and writing: O_TMPFILE where
// the file system has it, else mkstemp and unlink at once.
Result<int, Diagnostic> make_temp_file() {
  const char* env = std::getenv("TMPDIR");
  const std::string dir = env != nullptr && *env != '\0' ? env : "/tmp";
#ifdef O_TMPFILE
  const int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd >= 0) return fd;
#endif
  std::string name = dir + "/gqleval-input-XXXXXX";
  const int made = ::mkostemp(name.data(), O_CLOEXEC);
  if (made < 0) {
    return Unexpected{
        io_error("cannot make a temporary file in " + dir + ": " + std::strerror(errno))};
  }
  ::unlink(name.c_str());
  return made;
}

// Reads up to `want` bytes (fewer only at the end of the data).
Result<size_t, Diagnostic> read_head(int fd, char* buffer, size_t want) {
  size_t got = 0;
  while (got < want) {
    const ssize_t n = ::read(fd, buffer + got, want - got);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      return Unexpected{io_error(std::string("read failed: ") + std::strerror(errno))};
    }
    got += static_cast<size_t>(n);
  }
  return got;
}

// The data of `in_fd` (whose first bytes, `head`, are read already),
// decompressed into a temporary file, mapped.
Result<MappedFile, Diagnostic> spool_and_map(int in_fd, std::string_view head,
                                             Compression compression, const std::string& name) {
  auto temp = make_temp_file();
  if (!temp) return Unexpected{input_error(name, temp.error().message)};
  FdGuard out(*temp);
  if (auto e = spool(in_fd, head, compression, out.get())) {
    return Unexpected{input_error(name, e->message)};
  }
  auto mapped = MappedFile::map_descriptor(out.get(), name + " (decompressed)");
  if (!mapped) return Unexpected{std::move(mapped.error())};
  return mapped;
}

// A stream (standard input, a pipe such as bash's <(zcat ...)): its first
// bytes say whether it is compressed, then all of it is spooled.
Result<MappedFile, Diagnostic> map_stream(int fd, const std::string& name) {
  char head[4];
  auto got = read_head(fd, head, sizeof head);
  if (!got) return Unexpected{input_error(name, got.error().message)};
  const std::string_view h(head, *got);
  return spool_and_map(fd, h, detect_compression(h), name);
}

}  // namespace

Result<MappedFile, Diagnostic> map_input(const std::string& path) {
  if (path == "-") return map_stream(STDIN_FILENO, "standard input");
  FdGuard fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) return MappedFile::open(path);  // its message says why
  struct stat st {};
  if (::fstat(fd.get(), &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))) {
    return map_stream(fd.get(), "'" + path + "'");
  }
  char head[4];
  const ssize_t got = ::pread(fd.get(), head, sizeof head, 0);
  const Compression compression =
      got > 0 ? detect_compression(std::string_view(head, static_cast<size_t>(got)))
              : Compression::kNone;
  // A plain file (or one that cannot be read: mapping it says why) is
  // mapped in place, the fast path.
  if (compression == Compression::kNone) return MappedFile::map_descriptor(fd.get(), path);
  return spool_and_map(fd.get(), {}, compression, "'" + path + "'");
}

}  // namespace gqleval::io
