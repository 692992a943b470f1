// The input of a batch run: a memory-mapped CSV, TSV or JSON Lines file, its
// column names, a serial source of record shards, and a per-worker reader that
// turns one record into cells.
//
// The file may be gzip or zstd (told by its content), and "-" is standard
// input (io/input_file.h). Format: as the caller says, else the extension
// under any .gz/.zst (.csv; .tsv; .jsonl, .ndjson, .json), else the content:
// the first byte that is not blank ('{' means JSON Lines), then a first line
// with a tab and no comma (TSV). CSV is RFC 4180 with a header row
// (io/csv_reader.h); TSV is the same with tabs between fields; JSON Lines has
// one object per line, and its
// column names are the member names of all the lines that parse, in order of
// first appearance (read once when the input is opened: a key that first
// appears late still names a column; a member a line lacks reads as an empty
// cell, as does JSON null; non-string values read as their JSON text). A
// JSON Lines column may be a path into each record (columns.h).
//
// RecordReader never fails a run: a malformed record (wrong field count,
// broken quoting, invalid UTF-8, a field over the size limit, invalid JSON, a
// line that is not an object) reads as bad, with the issue's short name and a
// diagnostic that points into the input file; the lenient fields of a bad CSV
// record are still readable (e.g. its id). A worker owns one RecordReader; it
// reuses its arena and vectors, so steady reading does not allocate.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/columns.h"
#include "io/csv_reader.h"
#include "io/file.h"
#include "io/jsonl_record.h"
#include "io/jsonl_splitter.h"
#include "io/record_shard.h"

namespace gqleval::batch {

enum class InputFormat : uint8_t { kAuto, kCsv, kJsonl, kTsv };

// A cell without the blanks around it (space, tab, CR, LF).
std::string_view trim_cell(std::string_view s);

// The folder of an input file, where relative schema paths of its rows are
// taken from: "." for a bare file name, "/" for a file at the root.
std::string input_folder(const std::string& path);

// "csv" / "tsv" / "jsonl" (and "ndjson", "auto"); false for an unknown name.
bool input_format_from_name(std::string_view name, InputFormat* out);

class BatchInput {
 public:
  // Maps the file ("-": standard input; decompressed when it is gzip or
  // zstd) and reads its header (CSV, TSV) or the member names of its records
  // (JSON Lines).
  // Errors: the file cannot be read or decompressed, the CSV header is
  // malformed, no JSON Lines record parses.
  static Result<BatchInput, Diagnostic> open(const std::string& path, InputFormat format,
                                             size_t max_field_bytes = io::kDefaultMaxFieldBytes);

  InputFormat format() const { return format_; }
  const std::vector<std::string>& column_names() const { return names_; }
  std::string_view buffer() const { return file_.data(); }
  size_t max_field_bytes() const { return max_field_bytes_; }
  const io::CsvReader* csv() const { return csv_ ? &*csv_ : nullptr; }

  // The next shard of data records (serial: the source of the pipeline).
  bool next_shard(const io::ShardLimits& limits, io::RecordShard& shard);
  // Passes over the next `n` data records without reading them (a resumed
  // run); *end is where the last of them ends. False when the input has
  // fewer.
  bool skip_records(uint64_t n, uint64_t* end);
  // From now on, only the records that start in [begin, end) of the buffer
  // (a slice of a sharded run: gqleval score --shard K/N): the records before
  // are passed over, records are cut as ever (from the first byte, so a
  // quoted field over several lines is one record), and numbered as in the
  // whole input. Returns the number of the slice's first record.
  uint64_t slice(uint64_t begin, uint64_t end);

 private:
  BatchInput() = default;

  io::MappedFile file_;
  InputFormat format_ = InputFormat::kCsv;
  size_t max_field_bytes_ = io::kDefaultMaxFieldBytes;
  std::vector<std::string> names_;
  std::optional<io::CsvReader> csv_;
  std::optional<io::JsonlSplitter> jsonl_;
  uint64_t slice_end_ = static_cast<uint64_t>(-1);
  std::optional<io::RecordSpan> pending_;  // read, starts at or past slice_end_
};

class RecordReader {
 public:
  explicit RecordReader(const BatchInput& input);

  // Reads one record; false when it is malformed (see reason(), diagnostic()).
  bool read(const io::RecordSpan& span);

  // A column of the record read last: its text (a JSON Lines value that is
  // not a string as its JSON text, `json` set), or absent (not resolved,
  // beyond the fields of a short record, not a member, a JSON null).
  struct Cell {
    std::string_view text;
    bool present = false;
    bool json = false;
  };
  Cell get(const Column& column) const;
  std::string_view cell(const Column& column) const { return get(column).text; }
  bool has(const Column& column) const { return get(column).present; }
  // The record's text as it is in the input.
  std::string_view record_text() const { return span_.text(input_.buffer()); }

  // For a malformed record: the short name ("unterminated_quote",
  // "invalid_json", ...) and its diagnostic (rule "CSV" or "JSONL").
  std::string_view reason() const { return reason_; }
  Diagnostic diagnostic() const;

 private:
  const BatchInput& input_;
  // Mutable: a path cell that is not a string is rebuilt into it by the
  // const cell() (a view that lives until the next read, like the others).
  mutable Arena arena_;
  io::RecordSpan span_;
  std::vector<std::string_view> fields_;
  std::vector<io::JsonField> members_;
  std::optional<io::JsonlRecordParser> parser_;
  io::CsvRecordStatus csv_status_;
  io::JsonlRecordStatus jsonl_status_;
  size_t oversized_member_ = static_cast<size_t>(-1);
  std::string_view reason_;
};

}  // namespace gqleval::batch
