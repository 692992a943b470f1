#include "io/file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <utility>

#include "io/internal/fd_guard.h"

namespace gqleval::io {
namespace {

Diagnostic io_error(const std::string& what, const std::string& path, int err) {
  Diagnostic d;
  d.rule = "IO";
  d.message = what + " '" + path + "': " + std::strerror(err);
  return d;
}

}  // namespace

bool write_file(const std::string& path, std::string_view text) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  return std::fclose(f) == 0 && ok;
}

std::optional<Diagnostic> create_folder(const std::string& path, std::string_view role) {
  std::error_code ec;
  std::filesystem::create_directories(path, ec);
  if (!ec) return std::nullopt;
  return make_error(
      "IO", "cannot create the " + std::string(role) + " folder " + path + ": " + ec.message());
}

Result<std::string, Diagnostic> read_file(const std::string& path) {
  FdGuard fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) return Unexpected{io_error("cannot open", path, errno)};
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) return Unexpected{io_error("cannot stat", path, errno)};
  if (S_ISDIR(st.st_mode)) return Unexpected{io_error("cannot read", path, EISDIR)};
  std::string out;
  // st_size is a hint only: files in /proc or pipes report 0 and are read to EOF.
  out.reserve(static_cast<size_t>(st.st_size > 0 ? st.st_size : 0));
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd.get(), buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      return Unexpected{io_error("cannot read", path, errno)};
    }
    if (n == 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  return out;
}

Result<MappedFile, Diagnostic> MappedFile::open(const std::string& path) {
  FdGuard fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) return Unexpected{io_error("cannot open", path, errno)};
  return map_descriptor(fd.get(), path);
}

Result<MappedFile, Diagnostic> MappedFile::map_descriptor(int fd, const std::string& path) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return Unexpected{io_error("cannot stat", path, errno)};
  if (S_ISDIR(st.st_mode)) return Unexpected{io_error("cannot map", path, EISDIR)};
  if (!S_ISREG(st.st_mode)) {
    return Unexpected{io_error("cannot map (not a regular file)", path, ENODEV)};
  }
  size_t size = static_cast<size_t>(st.st_size);
  if (size == 0) return MappedFile();
  void* p = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (p == MAP_FAILED) return Unexpected{io_error("cannot map", path, errno)};
  ::madvise(p, size, MADV_SEQUENTIAL);
  // The mapping keeps the file alive; the caller closes the descriptor.
  return MappedFile(static_cast<const char*>(p), size);
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
  if (this != &other) {
    unmap();
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
  }
  return *this;
}

MappedFile::~MappedFile() { unmap(); }

void MappedFile::unmap() {
  if (data_ != nullptr) ::munmap(const_cast<char*>(data_), size_);
  data_ = nullptr;
  size_ = 0;
}

PageReleaser::PageReleaser(std::string_view buffer, ContentHasher* hash, size_t hashed_from)
    : buffer_(buffer), hash_(hash), hashed_(hashed_from) {
  const long page = ::sysconf(_SC_PAGESIZE);
  page_ = page > 0 ? static_cast<size_t>(page) : 4096;
}

void PageReleaser::hash_rest() {
  if (hash_ == nullptr) return;
  hash_->update(buffer_.substr(hashed_));
  hashed_ = buffer_.size();
}

void PageReleaser::done_up_to(size_t upto) {
  if (hash_ != nullptr && upto > hashed_) {
    hash_->update(buffer_.substr(hashed_, upto - hashed_));
    hashed_ = upto;
  }
  constexpr size_t kStep = size_t{32} << 20;
  const size_t aligned = upto / page_ * page_;
  if (aligned < released_ + kStep) return;
  // The mapping is page-aligned (mmap), so offsets aligned to pages are too.
  ::madvise(const_cast<char*>(buffer_.data()) + released_, aligned - released_, MADV_DONTNEED);
  released_ = aligned;
}

bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {};
  struct stat sb {};
  if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0) {
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  }
  std::error_code ea, eb;
  const std::filesystem::path pa = std::filesystem::weakly_canonical(a, ea);
  const std::filesystem::path pb = std::filesystem::weakly_canonical(b, eb);
  return !ea && !eb && pa == pb;
}

}  // namespace gqleval::io
