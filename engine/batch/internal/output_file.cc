#include "engine/batch/internal/output_file.h"

namespace gqleval::batch {

OutputFile::~OutputFile() {
  if (file_ != nullptr && file_ != stdout) std::fclose(file_);
}

bool OutputFile::open(const std::string& path) {
  if (path.empty() || path == "-") {
    file_ = stdout;
  } else {
    file_ = std::fopen(path.c_str(), "wb");
    if (file_ == nullptr) return false;
  }
  std::setvbuf(file_, nullptr, _IOFBF, size_t{1} << 20);
  return true;
}

void OutputFile::write(std::string_view text) {
  if (!failed_ && std::fwrite(text.data(), 1, text.size(), file_) != text.size()) failed_ = true;
}

bool OutputFile::close() {
  if (std::fflush(file_) != 0) failed_ = true;
  if (file_ != stdout && std::fclose(file_) != 0) failed_ = true;
  file_ = nullptr;
  return !failed_;
}

}  // namespace gqleval::batch
