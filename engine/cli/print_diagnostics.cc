#include "engine/cli/print_diagnostics.h"

namespace gqleval::cli {

void print_diagnostics(const Diagnostics& diags, const std::string& file, std::FILE* out) {
  for (const Diagnostic& d : diags) std::fputs(format_diagnostic(d, file).c_str(), out);
}

}  // namespace gqleval::cli
