// The results file of a batch run: a path opened for writing ("-" or empty:
// standard output), written through a 1 MiB buffer. A failed write is
// remembered, not reported at once, so the run finishes its rows and close()
// says whether every byte reached the file.
#pragma once

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

  bool open(const std::string& path);
  void write(std::string_view text);
  // Flushes and closes; false when any write failed.
  bool close();

 private:
  std::FILE* file_ = nullptr;
  bool failed_ = false;
};

}  // namespace gqleval::batch
