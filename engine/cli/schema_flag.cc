#include "engine/cli/schema_flag.h"

namespace gqleval::cli {

std::vector<std::string> read_schema_flags(const Args& args) {
  std::vector<std::string> out = args.values("schema");
  for (std::string& s : args.values("schemaPaths")) out.push_back(std::move(s));
  return out;
}

void print_schema_diagnostics(const Diagnostics& diags, const sources::LoadedSchema& schema,
                              std::FILE* out) {
  for (const Diagnostic& d : diags) {
    if (d.locations.empty()) {
      std::fputs(format_diagnostic(d, schema.where(SourcePos{})).c_str(), out);
      continue;
    }
    for (const SourcePos& p : d.locations) {
      // where() gives the position in the file's own lines.
      std::string line = schema.where(p) + ": ";
      if (d.severity == Severity::kWarning) line += "warning: ";
      line += d.rule + ": " + d.message + "\n";
      std::fputs(line.c_str(), out);
    }
  }
}

}  // namespace gqleval::cli
