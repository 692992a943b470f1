// Diagnostics as the commands print them: `FILE:LINE:COLUMN: Rule: message`,
// one line per location (base/diagnostic.h, format_diagnostic).
#pragma once

#include <cstdio>
#include <string>

#include "engine/base/diagnostic.h"

namespace gqleval::cli {

void print_diagnostics(const Diagnostics& diags, const std::string& file, std::FILE* out);

}  // namespace gqleval::cli
