#include "io/file_names.h"

namespace gqleval::io {
namespace {

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

struct FormatSuffix {
  std::string_view suffix;
  NamedFormat format;
};
constexpr FormatSuffix kFormatSuffixes[] = {{".csv", NamedFormat::kCsv},
                                            {".tsv", NamedFormat::kTsv},
                                            {".jsonl", NamedFormat::kJsonl},
                                            {".ndjson", NamedFormat::kJsonl},
                                            {".json", NamedFormat::kJsonl}};

}  // namespace

bool ends_with_ci(std::string_view s, std::string_view suffix) {
  if (s.size() < suffix.size()) return false;
  s = s.substr(s.size() - suffix.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (lower(s[i]) != lower(suffix[i])) return false;
  }
  return true;
}

std::string_view strip_compression_suffix(std::string_view path) {
  for (std::string_view suffix : {".gz", ".zst", ".zstd"}) {
    if (ends_with_ci(path, suffix)) return path.substr(0, path.size() - suffix.size());
  }
  return path;
}

NamedFormat format_of_name(std::string_view path) {
  path = strip_compression_suffix(path);
  for (const FormatSuffix& f : kFormatSuffixes) {
    if (ends_with_ci(path, f.suffix)) return f.format;
  }
  return NamedFormat::kUnknown;
}

std::string_view strip_data_suffixes(std::string_view path) {
  path = strip_compression_suffix(path);
  for (const FormatSuffix& f : kFormatSuffixes) {
    if (ends_with_ci(path, f.suffix)) return path.substr(0, path.size() - f.suffix.size());
  }
  return path;
}

std::string run_stem(std::string_view path) {
  const std::string_view name = strip_data_suffixes(path.substr(path.rfind('/') + 1));
  return name.empty() || name == "-" ? std::string("gqleval") : std::string(name);
}

std::string summary_path_for(std::string_view results) {
  return std::string(strip_data_suffixes(results)) + ".summary.json";
}

bool results_name_is_csv(std::string_view results) { return ends_with_ci(results, ".csv"); }

std::string partial_path_for(std::string_view results) { return std::string(results) + ".partial"; }

std::string resume_path_for(std::string_view results) {
  return std::string(results) + ".resume.json";
}

std::string candidate_results_path(std::string_view dir, std::string_view column, bool csv) {
  std::string path(dir);
  path.push_back('/');
  path.append(column);
  path.append(csv ? ".csv" : ".jsonl");
  return path;
}

}  // namespace gqleval::io
