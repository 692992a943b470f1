// The version of gqleval and the git commit it was built from, for --version
// and for the provenance of every run's summary.
#pragma once

#include <string_view>

namespace gqleval {

std::string_view version();     // "0.1.0"
std::string_view git_commit();  // short hash, "unknown" outside a git checkout

}  // namespace gqleval
