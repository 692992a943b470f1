#include "engine/batch/candidates.h"

#include <fnmatch.h>

#include <algorithm>

namespace gqleval::batch {
namespace {

// The option of candidate patterns ("--candidate-cols"), else `fallback`.
std::string patterns_option(const OptionNames& names, std::string_view fallback) {
  const std::string option = names.column(ColumnRole::kCandidate);
  return option.empty() ? std::string(fallback) : option + "s";
}

}  // namespace

Result<std::vector<std::string>, Diagnostic> expand_candidates(
    std::span<const std::string> input_names, const CandidateColumns& request,
    const OptionNames& names) {
  std::vector<std::string> out = request.names;
  for (const std::string& pattern : request.patterns) {
    size_t matched = 0;
    for (const std::string& name : input_names) {
      if (::fnmatch(pattern.c_str(), name.c_str(), 0) != 0) continue;
      ++matched;
      out.push_back(name);
    }
    if (matched == 0) {
      return Unexpected{make_error(
          "Columns", "no column matches " + patterns_option(names, "the candidate pattern") + " '" +
                         pattern + "'; the input has the columns: " + list_columns(input_names))};
    }
  }
  for (size_t i = 0; i < out.size(); ++i) {
    if (std::find(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(i), out[i]) !=
        out.begin() + static_cast<std::ptrdiff_t>(i)) {
      return Unexpected{make_error(
          "Columns", "the candidate column '" + out[i] +
                         "' is selected twice (named again, or matched by a pattern too); each "
                         "candidate is scored once")};
    }
  }
  return out;
}

std::optional<Diagnostic> check_candidates(const ColumnMap& map,
                                           std::span<const Column> candidates) {
  auto same = [](const Column& a, const Column& b) {
    return a.present() && b.present() && a.name == b.name;
  };
  for (const Column& c : candidates) {
    std::string_view role;
    for (const Column& r : map.references) {
      if (same(c, r)) role = "a reference";
    }
    if (same(c, map.schema)) role = "the schema";
    if (same(c, map.schema_path)) role = "the schema path";
    if (same(c, map.id)) role = "the id";
    if (same(c, map.variables)) role = "the variables";
    if (!role.empty()) {
      return make_error("Columns", "the column '" + c.name + "' is both " + std::string(role) +
                                       " column and a candidate column: leave it out of the "
                                       "candidates, or name the columns of each role");
    }
  }
  return std::nullopt;
}

}  // namespace gqleval::batch
