// Where gqleval-generate finds the bundled NL2GQL set when --source is not
// given. The program has no checkout path compiled in, so that a moved or
// installed binary works; it looks, in this order, at
//   EXE_DIR/../datasets/nl2gql/nl2gql_test.csv     (a build folder in the checkout)
//   EXE_DIR/../share/gqleval/nl2gql/nl2gql_test.csv (installed under a prefix)
//   CWD/datasets/nl2gql/nl2gql_test.csv             (run from the checkout's root)
// and takes the first that exists.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace gqleval::generator {

struct SourceSearch {
  std::optional<std::string> found;
  std::vector<std::string> tried;  // every candidate, in order, for the error message
};

SourceSearch find_default_source(const std::filesystem::path& exe_dir,
                                 const std::filesystem::path& cwd);

// The folder of the running program (/proc/self/exe), else of argv0.
std::filesystem::path program_dir(const char* argv0);

}  // namespace gqleval::generator
