#include "engine/base/version.h"

namespace gqleval {

std::string_view version() { return "0.1.0"; }
std::string_view git_commit() { return "unknown"; }

}  // namespace gqleval
