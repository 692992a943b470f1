#include "engine/batch/internal/output_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "io/file_names.h"

namespace gqleval::batch {

OutputFile::~OutputFile() {
  if (file_ != nullptr && file_ != stdout) std::fclose(file_);
}

bool OutputFile::uses_partial(const std::string& path) {
  if (path.empty() || path == "-") return false;
  // A path that cannot be looked at (no such file, no such folder) gets one:
  // creating it then fails with the reason, naming the partial file.
  struct stat st {};
  return ::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode);
}

void OutputFile::fail(const std::string& what) {
  if (!failed_) error_ = what + " " + written_path() + ": " + std::strerror(errno);
  failed_ = true;
}

bool OutputFile::open(const std::string& path) {
  path_ = path;
  if (path.empty() || path == "-") {
    file_ = stdout;
  } else {
    if (uses_partial(path)) partial_ = io::partial_path_for(path);
    file_ = std::fopen(written_path().c_str(), "wb");
    if (file_ == nullptr) {
      fail("cannot create");
      return false;
    }
  }
  std::setvbuf(file_, nullptr, _IOFBF, size_t{1} << 20);
  return true;
}

bool OutputFile::reopen_partial(const std::string& path, uint64_t keep) {
  path_ = path;
  partial_ = io::partial_path_for(path);
  file_ = std::fopen(partial_.c_str(), "r+b");
  if (file_ == nullptr) {
    fail("cannot open the partial results");
    return false;
  }
  struct stat st {};
  if (::fstat(::fileno(file_), &st) != 0 || static_cast<uint64_t>(st.st_size) < keep) {
    errno = EINVAL;
    failed_ = true;
    error_ = "the partial results " + partial_ + " are shorter than the state beside them says (" +
             std::to_string(keep) + " bytes)";
    return false;
  }
  if (::ftruncate(::fileno(file_), static_cast<off_t>(keep)) != 0 ||
      std::fseek(file_, static_cast<long>(keep), SEEK_SET) != 0) {
    fail("cannot cut the partial results");
    return false;
  }
  bytes_ = keep;
  std::setvbuf(file_, nullptr, _IOFBF, size_t{1} << 20);
  return true;
}

void OutputFile::write(std::string_view text) {
  if (failed_) return;
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) {
    fail("cannot write the results to");
    return;
  }
  bytes_ += text.size();
}

bool OutputFile::flush() {
  if (!failed_ && std::fflush(file_) != 0) fail("cannot write the results to");
  return !failed_;
}

bool OutputFile::close() {
  if (file_ == nullptr) return !failed_;
  flush();
  if (file_ != stdout && std::fclose(file_) != 0) fail("cannot write the results to");
  file_ = nullptr;
  return !failed_;
}

bool OutputFile::commit() {
  if (!close()) return false;
  if (partial_.empty()) return true;
  if (std::rename(partial_.c_str(), path_.c_str()) != 0) {
    fail("cannot rename the results over " + path_ + " from");
    return false;
  }
  return true;
}

}  // namespace gqleval::batch
