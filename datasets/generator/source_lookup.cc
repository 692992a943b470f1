#include "datasets/generator/source_lookup.h"

#include <system_error>

namespace gqleval::generator {

namespace fs = std::filesystem;

SourceSearch find_default_source(const fs::path& exe_dir, const fs::path& cwd) {
  const fs::path candidates[] = {
      exe_dir / ".." / "datasets" / "nl2gql" / "nl2gql_test.csv",
      exe_dir / ".." / "share" / "gqleval" / "nl2gql" / "nl2gql_test.csv",
      cwd / "datasets" / "nl2gql" / "nl2gql_test.csv",
  };
  SourceSearch search;
  for (const fs::path& candidate : candidates) {
    const std::string path = candidate.lexically_normal().string();
    search.tried.push_back(path);
    std::error_code ec;
    // The normal form: a folder named on the way (build/..) need not exist.
    if (!search.found && fs::is_regular_file(path, ec)) search.found = path;
  }
  return search;
}

fs::path program_dir(const char* argv0) {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) exe = fs::absolute(argv0 == nullptr ? "" : argv0, ec);
  return exe.parent_path();
}

}  // namespace gqleval::generator
