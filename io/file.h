// Whole-file input: read_file() copies a file into a string (for schemas, rule
// files and other small inputs); MappedFile maps a file read-only so a batch run
// can split and parse it in place without copying (string_views into data()
// stay valid as long as the MappedFile lives).
//
// Errors are values: a missing or unreadable file yields a Diagnostic with rule
// "IO" naming the path and the OS reason. An empty file maps to an empty view
// (mmap of length 0 is not allowed, so no mapping is made). Cost: read_file is
// one read loop; MappedFile::open is open + fstat + mmap, and pages are faulted
// in lazily (MADV_SEQUENTIAL is advised, as the splitter reads front to back).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "io/content_hash.h"

namespace gqleval::io {

// The whole contents of the file at path.
Result<std::string, Diagnostic> read_file(const std::string& path);

// Creates or truncates the file at path and writes `text`; false when any
// step fails (the file may then be partly written).
bool write_file(const std::string& path, std::string_view text);

// Creates the folder at path and its parents (nothing to do when it exists).
// Fails with an "IO" diagnostic naming it as `role`: "cannot create the
// output folder PATH: REASON".
std::optional<Diagnostic> create_folder(const std::string& path, std::string_view role);

// Hands the pages of a read-only file mapping below an offset back to the
// kernel (madvise MADV_DONTNEED, one call per 32 MiB): a clean mapping can
// drop them (they are re-read from the page cache if touched again), so a
// front-to-back reader keeps its resident size flat however large the file.
// With `hash`, the bytes from `hashed_from` on are also fed to it as they are
// done, each piece before its pages go, so that hashing never faults them back
// in (the bytes before `hashed_from` are the caller's to have hashed).
class PageReleaser {
 public:
  explicit PageReleaser(std::string_view buffer, ContentHasher* hash = nullptr,
                        size_t hashed_from = 0);
  // Every byte below `upto` has been read for the last time (by this pass).
  void done_up_to(size_t upto);
  // Feeds the hash the rest of the buffer (a pass that read all of it).
  void hash_rest();

 private:
  std::string_view buffer_;
  ContentHasher* hash_ = nullptr;
  size_t hashed_ = 0;
  size_t page_ = 4096;
  size_t released_ = 0;
};

// Whether the two paths name one file: the same device and inode when both
// exist (also through links), else the same path once made absolute, with
// `.`, `..` and the symbolic links of its existing part resolved (so
// `r.jsonl` and `./r.jsonl` are one file before either is written). An output
// that is the input must be refused: opening it for writing truncates the
// data being read, and a mapped input faults; two outputs must not be one.
bool same_file(const std::string& a, const std::string& b);

class MappedFile {
 public:
  static Result<MappedFile, Diagnostic> open(const std::string& path);
  // Maps the regular file open on `fd` (which the caller still owns and may
  // close: the mapping keeps the file alive, even an unlinked one); `path`
  // names it in messages.
  static Result<MappedFile, Diagnostic> map_descriptor(int fd, const std::string& path);

  MappedFile() = default;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&& other) noexcept;
  ~MappedFile();

  std::string_view data() const { return {data_, size_}; }
  size_t size() const { return size_; }

 private:
  MappedFile(const char* data, size_t size) : data_(data), size_(size) {}
  void unmap();

  const char* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace gqleval::io
