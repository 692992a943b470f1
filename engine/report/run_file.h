// A run: the rows of one `gqleval score` results file (JSON Lines,
// docs/results.schema.json), read for a report over several runs.
//
// What a row keeps is what the statistics need, in a few dozen bytes: its
// outcome (result_format.h's codes), pass, its F1 (a subset run's score), the
// input row number, its id, its reference_hash when the file has one, the
// values of the group-by members, and where its line is in the file. The
// rest of a row (paths, kept texts) is read again from the file, only for the
// rows a report shows (row_details.h), so a run of a million rows costs tens
// of megabytes, not the file's size. The file stays mapped; the pages read
// are handed back to the kernel as the reader goes (io::PageReleaser), so the
// resident size stays flat.
//
// Bad input is an error naming FILE:LINE, never a crash: a line that is not
// JSON (the last one cut short says so), a row without the members a score
// row has, a validate results file or a summary given in place of results,
// an empty file, rows of both score modes. A gzip or zstd file reads as its
// content (io::map_input).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/score_mode.h"
#include "io/file.h"

namespace gqleval::report {

struct RunRow {
  uint64_t offset = 0;          // of the row's line in the file
  uint64_t input_row = 0;       // the "row" member
  uint64_t reference_hash = 0;  // valid when has_hash
  double f1 = 0;                // "f1", or "score" in a subset run
  uint32_t line = 0;            // 1-based line in the file
  uint32_t id_offset = 0;       // the id in Run::ids
  uint32_t id_size = 0;
  uint8_t outcome = 0;  // batch::outcome_name's code
  bool pass = false;
  bool has_hash = false;
  bool id_is_key = false;  // the id is a stable key LINE:HASH (no id column)
};

struct Run {
  std::string name;  // the file's stem, or --name
  std::string path;
  batch::ScoreMode mode = batch::ScoreMode::kEquivalence;
  std::vector<RunRow> rows;
  std::string ids;  // every row's id, back to back
  // Per group-by member, per row: an index into group_values.
  std::vector<std::string> group_columns;
  std::vector<std::vector<uint32_t>> group_of_row;
  std::vector<std::vector<std::string>> group_values;
  bool rows_lack_hash = false;  // some row has no reference_hash member
  std::shared_ptr<const io::MappedFile> file;

  std::string_view id(const RunRow& r) const { return {ids.data() + r.id_offset, r.id_size}; }
  // The row's line (for re-reading its details).
  std::string_view line_text(const RunRow& r) const;
  // "FILE:LINE" for messages.
  std::string where(const RunRow& r) const;
};

// The value a row lacking a group member counts under.
inline constexpr std::string_view kNoGroupValue = "(none)";

// Reads the results file at `path` as the run `name`, with the values of the
// `group_by` members.
Result<Run, Diagnostic> read_run(const std::string& path, std::string name,
                                 const std::vector<std::string>& group_by);

// "ckpt_1" for "out/ckpt_1.jsonl.gz": the name a run gets by default.
std::string run_name_of(std::string_view path);

// Whether `id` has the form of a stable key, LINE:HASH (16 hex digits).
bool is_stable_key(std::string_view id);

}  // namespace gqleval::report
