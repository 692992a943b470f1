// A main() for the fuzz targets without libFuzzer: runs LLVMFuzzerTestOneInput
// once over every file named on the command line, and over every file under
// each folder named (recursively, in name order). This is how the committed
// regression inputs (fuzz/regressions/TARGET/) and seeds (fuzz/seeds/TARGET/)
// run as CTest tests with any compiler, sanitized or not: a crash, an abort
// from a broken invariant or a sanitizer report fails the test.
//
//   TARGET_replay PATH...   exit 0 when every input ran; a folder that does
//                           not exist is skipped with a note, but at least one
//                           input must run.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

namespace fs = std::filesystem;

bool read_file(const fs::path& path, std::vector<uint8_t>& out) {
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  std::ifstream in(path, std::ios::binary);
  if (ec || !in) return false;
  out.resize(static_cast<size_t>(size));  // exactly: capacity == size
  return static_cast<bool>(
      in.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(out.size())));
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    const fs::path arg = argv[i];
    std::error_code ec;
    if (fs::is_directory(arg, ec)) {
      std::vector<fs::path> found;
      for (const auto& e : fs::recursive_directory_iterator(arg)) {
        if (e.is_regular_file() && e.path().filename().string().front() != '.') {
          found.push_back(e.path());
        }
      }
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(arg, ec)) {
      files.push_back(arg);
    } else {
      std::fprintf(stderr, "%s: no such file or folder, skipped\n", argv[i]);
    }
  }
  if (files.empty()) {
    std::fprintf(stderr, "no inputs to run (usage: %s FILE_OR_FOLDER...)\n", argv[0]);
    return 2;
  }
  for (const fs::path& f : files) {
    // A fresh buffer of exactly the file's size, so that ASan sees a read
    // past its end.
    std::vector<uint8_t> data;
    if (!read_file(f, data)) {
      std::fprintf(stderr, "%s: cannot read\n", f.c_str());
      return 2;
    }
    std::fprintf(stderr, "running %s (%zu bytes)\n", f.c_str(), data.size());
    LLVMFuzzerTestOneInput(data.data(), data.size());
  }
  std::fprintf(stderr, "ran %zu inputs\n", files.size());
  return 0;
}
