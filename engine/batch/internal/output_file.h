// The results file of a batch run. A path to a regular file (or to nothing
// yet) is written as PATH.partial beside it and renamed over PATH by
// commit() when the run completes, so a run that fails, is interrupted or is
// killed never destroys the results that were at PATH; the partial file is
// what a resumed run (resume_state.h) continues. "-" or empty is standard
// output, and a path that is not a regular file (a pipe, /dev/null) is
// written in place: neither has a partial file nor can be resumed.
//
// Writes go through a 1 MiB buffer. A failed write is remembered with its
// errno, not reported at once: the caller asks failed() to stop early, and
// close() or commit() say whether every byte reached the file.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace gqleval::batch {

class OutputFile {
 public:
  OutputFile() = default;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();

  // Opens a new, empty file (PATH.partial when it has one); false with
  // error() when it cannot be created.
  bool open(const std::string& path);
  // Opens the partial file of an earlier run of PATH and cuts it to `keep`
  // bytes (the results of its last checkpoint); false with error() when it
  // is missing or shorter.
  bool reopen_partial(const std::string& path, uint64_t keep);

  void write(std::string_view text);
  // Pushes the buffer to the kernel, so a kill -9 from now on keeps every
  // byte written so far; the byte count of the file. False when a write
  // failed.
  bool flush();
  uint64_t bytes() const { return bytes_; }
  bool failed() const { return failed_; }
  // Flushes and closes without renaming (an interrupted run keeps its
  // partial file); false when any write failed.
  bool close();
  // Flushes, closes and renames the partial file over the path; false when
  // any write or the rename failed (the path is then unchanged).
  bool commit();

  bool resumable() const { return !partial_.empty(); }
  const std::string& path() const { return path_; }
  // The file written: the partial file, or the path itself.
  const std::string& written_path() const { return partial_.empty() ? path_ : partial_; }
  // What went wrong, with the file's name and the system's reason.
  const std::string& error() const { return error_; }

  // Whether `path` gets a partial file: a regular file or nothing yet.
  static bool uses_partial(const std::string& path);

 private:
  void fail(const std::string& what);

  std::FILE* file_ = nullptr;
  std::string path_;
  std::string partial_;  // empty: written in place
  uint64_t bytes_ = 0;
  bool failed_ = false;
  std::string error_;
};

}  // namespace gqleval::batch
