#include "engine/report/run_inputs.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>
#include <thread>

#include "engine/base/concat.h"
#include "io/file_names.h"

namespace gqleval::report {
namespace {

namespace fs = std::filesystem;

Diagnostic error(std::string message) { return make_error("Report", std::move(message)); }

// Results files are JSON Lines: *.jsonl, compressed or not (a folder's
// summaries, *.summary.json, are not results).
bool is_results_name(std::string_view name) {
  const std::string_view plain = io::strip_compression_suffix(name);
  return plain.size() > 6 && io::ends_with_ci(plain, ".jsonl");
}

// Names compared with their digit runs as numbers: ckpt_2 < ckpt_10.
bool natural_less(std::string_view a, std::string_view b) {
  size_t i = 0;
  size_t j = 0;
  while (i < a.size() && j < b.size()) {
    const bool da = a[i] >= '0' && a[i] <= '9';
    const bool db = b[j] >= '0' && b[j] <= '9';
    if (da && db) {
      size_t ei = i;
      size_t ej = j;
      while (ei < a.size() && a[ei] >= '0' && a[ei] <= '9') ++ei;
      while (ej < b.size() && b[ej] >= '0' && b[ej] <= '9') ++ej;
      std::string_view na = a.substr(i, ei - i);
      std::string_view nb = b.substr(j, ej - j);
      while (na.size() > 1 && na[0] == '0') na.remove_prefix(1);
      while (nb.size() > 1 && nb[0] == '0') nb.remove_prefix(1);
      if (na.size() != nb.size()) return na.size() < nb.size();
      if (na != nb) return na < nb;
      i = ei;
      j = ej;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

}  // namespace

Result<std::vector<std::string>, Diagnostic> expand_inputs(const std::vector<std::string>& inputs) {
  std::vector<std::string> out;
  for (const std::string& input : inputs) {
    std::error_code ec;
    if (!fs::is_directory(input, ec)) {
      out.push_back(input);
      continue;
    }
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(input, ec)) {
      const std::string name = e.path().filename().string();
      if (is_results_name(name) && e.is_regular_file(ec)) names.push_back(name);
    }
    if (ec)
      return Unexpected{error(concat({"cannot list the folder ", input, ": ", ec.message()}))};
    if (names.empty()) {
      return Unexpected{error(concat({"the folder ", input, " holds no results (*.jsonl)"}))};
    }
    std::sort(names.begin(), names.end(), natural_less);
    const std::string prefix = input.ends_with('/') ? input : input + "/";
    for (const std::string& name : names) out.push_back(prefix + name);
  }
  return out;
}

Result<std::vector<Run>, Diagnostic> read_runs(const std::vector<std::string>& files,
                                               const std::vector<std::string>& names,
                                               const std::vector<std::string>& group_by) {
  if (!names.empty() && names.size() != files.size()) {
    return Unexpected{
        error(concat({std::to_string(names.size()), " --name for ", std::to_string(files.size()),
                      " runs: name every run, in order, or none"}))};
  }
  std::vector<std::optional<Result<Run, Diagnostic>>> read(files.size());
  std::vector<std::thread> threads;
  for (size_t i = 0; i < files.size(); ++i) {
    threads.emplace_back([&, i] {
      read[i].emplace(
          read_run(files[i], names.empty() ? run_name_of(files[i]) : names[i], group_by));
    });
  }
  for (std::thread& t : threads) t.join();
  std::vector<Run> runs;
  std::set<std::string, std::less<>> seen;
  for (auto& r : read) {
    if (!*r) return Unexpected{std::move(r->error())};
    if (!seen.insert((*r)->name).second) {
      return Unexpected{error(concat({"two runs are named '", (*r)->name,
                                      "' (a run is named by its file's stem); give each a name "
                                      "with --name"}))};
    }
    runs.push_back(std::move(**r));
  }
  return runs;
}

}  // namespace gqleval::report
