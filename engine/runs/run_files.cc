#include "engine/runs/run_files.h"

#include <string_view>

namespace gqleval::runs {

std::string summary_path_for(const std::string& results) {
  for (std::string_view ext : {".jsonl", ".ndjson", ".json", ".csv"}) {
    if (results.size() > ext.size() && results.ends_with(ext)) {
      return results.substr(0, results.size() - ext.size()) + ".summary.json";
    }
  }
  return results + ".summary.json";
}

}  // namespace gqleval::runs
