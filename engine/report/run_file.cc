#include "engine/report/run_file.h"

#include <simdjson.h>

#include <cstring>
#include <map>
#include <utility>

#include "engine/base/concat.h"
#include "engine/base/hash_text.h"
#include "engine/batch/result_format.h"
#include "io/file_names.h"
#include "io/input_file.h"

namespace gqleval::report {
namespace {

using simdjson::dom::element;

constexpr std::string_view kNotResults =
    "a summary or a `compare --json` result, not a results file; give the JSON Lines that "
    "`gqleval score --out` wrote";

// Reads one file's rows; each error names FILE:LINE.
class RunReader {
 public:
  RunReader(Run& run, const std::vector<std::string>& group_by) : run_(run) {
    run_.group_columns = group_by;
    run_.group_of_row.resize(group_by.size());
    run_.group_values.resize(group_by.size());
    group_index_.resize(group_by.size());
  }

  // The row on `text` (line `line`, at `offset`), or the error.
  std::optional<Diagnostic> add(std::string_view text, uint32_t line, uint64_t offset,
                                bool last_without_newline) {
    element doc;
    if (const auto error = parser_.parse(text.data(), text.size()).get(doc)) {
      if (last_without_newline) {
        return fail(line, concat({"the last line is cut short (no newline at its end, and not "
                                  "complete JSON: ",
                                  simdjson::error_message(error),
                                  "); was the run that wrote it interrupted?"}));
      }
      return fail(line,
                  concat({"not a JSON Lines results row (", simdjson::error_message(error), ")"}));
    }
    if (!doc.is_object()) return fail(line, "not a results row: a JSON value that is no object");
    if (doc["results_version"].error() == simdjson::SUCCESS) {
      return fail(line, std::string(kNotResults));
    }
    std::string_view verdict;
    if (doc["verdict"].get_string().get(verdict) != simdjson::SUCCESS) {
      if (doc["valid"].error() == simdjson::SUCCESS) {
        return fail(line,
                    "a row of `gqleval validate --input` results; a report compares the results "
                    "of `gqleval score`");
      }
      if (doc["results"].error() == simdjson::SUCCESS || doc["rows"].error() == simdjson::SUCCESS) {
        return fail(line, std::string(kNotResults));
      }
      return missing(line, "verdict");
    }
    RunRow row;
    row.offset = offset;
    row.line = line;
    const std::optional<uint8_t> outcome = batch::outcome_by_name(verdict);
    if (!outcome) return fail(line, concat({"unknown verdict '", verdict, "'"}));
    row.outcome = *outcome;
    if (doc["pass"].get_bool().get(row.pass) != simdjson::SUCCESS) return missing(line, "pass");
    if (doc["row"].get_uint64().get(row.input_row) != simdjson::SUCCESS) {
      return missing(line, "row");
    }
    std::string_view id;
    if (doc["id"].get_string().get(id) != simdjson::SUCCESS) return missing(line, "id");
    if (auto error = read_graded(doc, line, row)) return error;
    if (auto error = read_hash(doc, line, row)) return error;
    if (run_.ids.size() + id.size() > UINT32_MAX) return fail(line, "the ids exceed 4 GiB");
    row.id_offset = static_cast<uint32_t>(run_.ids.size());
    row.id_size = static_cast<uint32_t>(id.size());
    row.id_is_key = is_stable_key(id);
    run_.ids.append(id);
    for (size_t g = 0; g < run_.group_columns.size(); ++g) {
      run_.group_of_row[g].push_back(group_value(g, doc[run_.group_columns[g]]));
    }
    run_.rows.push_back(row);
    return std::nullopt;
  }

 private:
  // The row's graded value, by the mode its graded member names: f1,
  // score (subset) or recall (coverage, whose rows have covered_count).
  // A run has one mode.
  std::optional<Diagnostic> read_graded(const element& doc, uint32_t line, RunRow& row) {
    batch::ScoreMode mode = batch::ScoreMode::kEquivalence;
    if (doc["covered_count"].error() == simdjson::SUCCESS) {
      mode = batch::ScoreMode::kCoverage;
    } else if (doc["f1"].error() != simdjson::SUCCESS) {
      mode = batch::ScoreMode::kSubset;
    }
    if (doc[batch::graded_member(mode)].get_double().get(row.f1) != simdjson::SUCCESS) {
      return missing(line, "f1\", \"score\" or \"recall");
    }
    if (run_.rows.empty()) {
      run_.mode = mode;
    } else if (mode != run_.mode) {
      return fail(line,
                  concat({"a row of mode ", batch::score_mode_name(mode), " after rows of mode ",
                          batch::score_mode_name(run_.mode), ": a run has one mode"}));
    }
    return std::nullopt;
  }

  // A row the reader could not read has a null hash: unknown for that row
  // alone. A file without the member is an older gqleval's.
  std::optional<Diagnostic> read_hash(const element& doc, uint32_t line, RunRow& row) {
    std::string_view hash;
    const auto hash_member = doc["reference_hash"];
    if (hash_member.get_string().get(hash) == simdjson::SUCCESS) {
      if (!parse_hash_text(hash, &row.reference_hash)) {
        return fail(line, concat({"reference_hash '", hash, "' is not 16 hex digits"}));
      }
      row.has_hash = true;
    } else if (hash_member.error() != simdjson::SUCCESS) {
      run_.rows_lack_hash = true;
    } else if (!hash_member.is_null()) {
      return fail(line, "reference_hash is neither 16 hex digits nor null");
    }
    return std::nullopt;
  }

  Diagnostic fail(uint32_t line, std::string_view message) const {
    return make_error("Report", concat({run_.path, ":", std::to_string(line), ": ", message}));
  }
  Diagnostic missing(uint32_t line, std::string_view member) const {
    return fail(line, concat({"a results row has no \"", member,
                              "\" of the right type; is this the JSON Lines of `gqleval score`?"}));
  }

  uint32_t group_value(size_t g, simdjson::simdjson_result<element> value) {
    std::string text;
    std::string_view s;
    if (value.error() != simdjson::SUCCESS || value.is_null()) {
      text = kNoGroupValue;
    } else if (value.get_string().get(s) == simdjson::SUCCESS) {
      text = s;
    } else {
      text = simdjson::minify(value.value_unsafe());
    }
    auto [it, added] = group_index_[g].try_emplace(text, 0);
    if (added) {
      it->second = static_cast<uint32_t>(run_.group_values[g].size());
      run_.group_values[g].push_back(text);
    }
    return it->second;
  }

  Run& run_;
  simdjson::dom::parser parser_;
  std::vector<std::map<std::string, uint32_t, std::less<>>> group_index_;
};

}  // namespace

std::string_view Run::line_text(const RunRow& r) const {
  const std::string_view data = file->data();
  const size_t end = data.find('\n', r.offset);
  return data.substr(r.offset, end == std::string_view::npos ? end : end - r.offset);
}

std::string Run::where(const RunRow& r) const {
  return concat({path, ":", std::to_string(r.line)});
}

bool is_stable_key(std::string_view id) {
  const size_t colon = id.find(':');
  if (colon == 0 || colon == std::string_view::npos) return false;
  for (size_t i = 0; i < colon; ++i) {
    if (id[i] < '0' || id[i] > '9') return false;
  }
  uint64_t hash = 0;
  return parse_hash_text(id.substr(colon + 1), &hash);
}

std::string run_name_of(std::string_view path) {
  const std::string_view name = io::strip_data_suffixes(path.substr(path.rfind('/') + 1));
  return std::string(name.empty() ? path : name);
}

Result<Run, Diagnostic> read_run(const std::string& path, std::string name,
                                 const std::vector<std::string>& group_by) {
  auto mapped = io::map_input(path);
  if (!mapped) return Unexpected{std::move(mapped.error())};
  Run run;
  run.name = std::move(name);
  run.path = path;
  run.file = std::make_shared<io::MappedFile>(std::move(*mapped));
  const std::string_view data = run.file->data();
  RunReader reader(run, group_by);
  io::PageReleaser releaser(data);
  size_t at = 0;
  uint32_t line = 0;
  while (at < data.size()) {
    ++line;
    const size_t end = data.find('\n', at);
    const bool cut = end == std::string_view::npos;
    std::string_view text = data.substr(at, cut ? std::string_view::npos : end - at);
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    if (!text.empty()) {
      if (auto error = reader.add(text, line, at, cut)) return Unexpected{std::move(*error)};
    }
    at = cut ? data.size() : end + 1;
    releaser.done_up_to(at);
  }
  if (run.rows.empty()) {
    return Unexpected{
        make_error("Report", concat({path, ": no results rows (the file is empty)"}))};
  }
  return run;
}

}  // namespace gqleval::report
