#include "engine/report/align.h"

#include <string_view>
#include <unordered_map>

#include "engine/base/concat.h"
#include "engine/base/hash_text.h"

namespace gqleval::report {
namespace {

Diagnostic error(std::string message) { return make_error("Report", std::move(message)); }

bool every_row_has_an_id(std::span<const Run> runs) {
  for (const Run& run : runs) {
    for (const RunRow& row : run.rows) {
      if (row.id_is_key || row.id_size == 0) return false;
    }
  }
  return true;
}

// A run's rows by key (id or input row); the first repeated key, if any.
template <class Key, class KeyOf>
struct KeyIndex {
  std::unordered_map<Key, uint32_t> rows;
  const RunRow* repeated = nullptr;
  const RunRow* first_of_repeated = nullptr;

  KeyIndex(const Run& run, KeyOf key_of) {
    rows.reserve(run.rows.size());
    for (size_t i = 0; i < run.rows.size(); ++i) {
      auto [it, added] = rows.try_emplace(key_of(run, run.rows[i]), static_cast<uint32_t>(i));
      if (!added && repeated == nullptr) {
        repeated = &run.rows[i];
        first_of_repeated = &run.rows[it->second];
      }
    }
  }
};

// Pairs every run's rows with the first run's by `key_of(run, row)`;
// `describe` names a row's key in messages ("id 'a7'", "input row 12").
template <class Key, class KeyOf, class Describe>
std::optional<Diagnostic> pair_rows(std::span<const Run> runs, Alignment& out, KeyOf key_of,
                                    Describe describe) {
  const Run& first = runs[0];
  std::vector<KeyIndex<Key, KeyOf>> indexes;
  for (const Run& run : runs) indexes.emplace_back(run, key_of);
  for (size_t r = 0; r < runs.size(); ++r) {
    if (indexes[r].repeated != nullptr) {
      return error(concat({runs[r].where(*indexes[r].repeated), ": ",
                           describe(runs[r], *indexes[r].repeated), " again (first at line ",
                           std::to_string(indexes[r].first_of_repeated->line),
                           "): a run must hold each row once"}));
    }
  }
  out.index.assign(runs.size(), {});
  for (size_t r = 0; r < runs.size(); ++r) {
    std::vector<uint32_t>& index = out.index[r];
    index.reserve(first.rows.size());
    for (const RunRow& row : first.rows) {
      auto it = indexes[r].rows.find(key_of(first, row));
      if (it == indexes[r].rows.end()) {
        return error(concat({runs[r].path, " lacks the row with ", describe(first, row), " (",
                             first.where(row), "): the runs must score the same rows"}));
      }
      index.push_back(it->second);
    }
    if (runs[r].rows.size() != first.rows.size()) {
      for (const RunRow& row : runs[r].rows) {
        if (!indexes[0].rows.contains(key_of(runs[r], row))) {
          return error(concat({runs[r].where(row), ": ", describe(runs[r], row), " is not in ",
                               first.path, ": the runs must score the same rows"}));
        }
      }
    }
  }
  return std::nullopt;
}

// A warning naming the first id that some run repeats, or "".
std::string repeated_id(std::span<const Run> runs) {
  for (const Run& run : runs) {
    std::unordered_map<std::string_view, uint32_t> seen;
    seen.reserve(run.rows.size());
    for (const RunRow& row : run.rows) {
      auto [it, added] = seen.try_emplace(run.id(row), row.line);
      if (!added) {
        return concat({run.where(row), ": id '", run.id(row), "' again (first at line ",
                       std::to_string(it->second),
                       "): ids are not unique, so rows are paired by row number"});
      }
    }
  }
  return "";
}

// Whether every run holds the first run's keys in the same order: the common
// case (one input scored again), paired row k to row k without a hash table.
template <class KeyOf>
bool same_order(std::span<const Run> runs, KeyOf key_of) {
  for (const Run& run : runs) {
    if (run.rows.size() != runs[0].rows.size()) return false;
    for (size_t i = 0; i < run.rows.size(); ++i) {
      if (key_of(run, run.rows[i]) != key_of(runs[0], runs[0].rows[i])) return false;
    }
  }
  return true;
}

void pair_in_order(std::span<const Run> runs, Alignment& out) {
  out.index.assign(runs.size(), {});
  for (std::vector<uint32_t>& index : out.index) {
    index.resize(runs[0].rows.size());
    for (size_t i = 0; i < index.size(); ++i) index[i] = static_cast<uint32_t>(i);
  }
}

}  // namespace

Result<Alignment, Diagnostic> align_runs(std::span<const Run> runs) {
  Alignment out;
  if (runs.empty()) return out;
  std::optional<Diagnostic> failed;
  std::string repeated;
  auto id_of = [](const Run& run, const RunRow& row) { return run.id(row); };
  auto row_of = [](const Run&, const RunRow& row) { return row.input_row; };
  if (every_row_has_an_id(runs)) {
    out.by = AlignedBy::kId;
    // Equal ids at every position pair by position, repeated or not.
    if (same_order(runs, id_of)) {
      pair_in_order(runs, out);
    } else if ((repeated = repeated_id(runs)).empty()) {
      failed = pair_rows<std::string_view>(runs, out, id_of, [](const Run& run, const RunRow& row) {
        return concat({"id '", run.id(row), "'"});
      });
    }
  }
  if (out.index.empty() && !failed) {
    if (!repeated.empty()) out.warnings.push_back(std::move(repeated));
    out.by = AlignedBy::kRow;
    if (same_order(runs, row_of)) {
      pair_in_order(runs, out);
    } else {
      failed = pair_rows<uint64_t>(runs, out, row_of, [](const Run&, const RunRow& row) {
        return concat({"input row ", std::to_string(row.input_row)});
      });
    }
  }
  if (failed) return Unexpected{std::move(*failed)};

  out.references_checked = true;
  for (const Run& run : runs) {
    if (!run.rows_lack_hash) continue;
    out.references_checked = false;
    out.warnings.push_back(concat(
        {run.name, " (", run.path,
         ") has rows without reference_hash (results of an older gqleval): its rows are paired by ",
         out.by == AlignedBy::kId ? "id" : "row number",
         " alone, and that they were scored against the same references is not checked"}));
  }
  if (!out.references_checked) return out;
  const Run& first = runs[0];
  for (size_t r = 1; r < runs.size(); ++r) {
    for (size_t k = 0; k < first.rows.size(); ++k) {
      const RunRow& a = first.rows[k];
      const RunRow& b = runs[r].rows[out.index[r][k]];
      if (!a.has_hash || !b.has_hash || a.reference_hash == b.reference_hash) continue;
      return Unexpected{error(
          concat({"the runs were not made from the same references: ", runs[r].where(b), " (id '",
                  runs[r].id(b), "') was scored against another schema or other references than ",
                  first.where(a), " (reference_hash ", hash_text(b.reference_hash), ", not ",
                  hash_text(a.reference_hash), ")"}))};
    }
  }
  return out;
}

}  // namespace gqleval::report
