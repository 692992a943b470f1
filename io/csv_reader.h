// CsvReader: the batch reader of a CSV buffer (typically a MappedFile): the
// header row, column lookup by name, shards of records for the workers, and the
// per-record field parser with the header's field count as the expected one.
//
// Roles: next_shard() is serial (the source of a pipeline); parse() and
// describe() are const and safe to call from any number of workers at once,
// each with its own arena and field vector. The reader holds views into the
// buffer, which must outlive it.
//
// Header: the first record. It must be well-formed (else open() fails, since
// nothing can be matched to columns); its names are decoded copies. find() looks
// a column up by name ignoring ASCII case and surrounding spaces; with duplicate
// names the first wins. Without a header (has_header = false), records may have
// any number of fields.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "io/csv_record.h"
#include "io/internal/csv_splitter.h"
#include "io/record_shard.h"

namespace gqleval::io {

// True when a and b are equal ignoring ASCII case and leading/trailing spaces and tabs.
bool same_column_name(std::string_view a, std::string_view b);

class CsvHeader {
 public:
  CsvHeader() = default;
  explicit CsvHeader(std::vector<std::string> names) : names_(std::move(names)) {}

  size_t size() const { return names_.size(); }
  const std::string& name(size_t i) const { return names_[i]; }
  const std::vector<std::string>& names() const { return names_; }

  // The index of the first column called name (see same_column_name).
  std::optional<size_t> find(std::string_view name) const;
  // The first of candidates (in the order given) that the header has.
  std::optional<size_t> find_any(std::initializer_list<std::string_view> candidates) const;

 private:
  std::vector<std::string> names_;
};

struct CsvReaderOptions {
  bool has_header = true;
  size_t max_field_bytes = kDefaultMaxFieldBytes;
  ShardLimits shard;
  char delimiter = ',';  // '\t' reads TSV (tab-separated, with CSV's quoting)
};

class CsvReader {
 public:
  static Result<CsvReader, Diagnostic> open(std::string_view buffer, CsvReaderOptions options = {});

  const CsvHeader& header() const { return header_; }
  const CsvLimits& limits() const { return limits_; }
  std::string_view buffer() const { return splitter_.buffer(); }

  // The next data record (serial), false at the end.
  bool next_record(RecordSpan& span);
  // Data records returned so far (the header is not one).
  uint64_t records_read() const { return splitter_.records_read() - header_records_; }
  // The next shard of data records (serial), false at the end.
  bool next_shard(RecordShard& shard) { return fill_shard(*this, options_.shard, shard); }

  // Fields of one record; see parse_csv_record.
  CsvRecordStatus parse(const RecordSpan& span, Arena& arena,
                        std::vector<std::string_view>& fields) const {
    return parse_csv_record(buffer(), span, limits_, arena, fields);
  }
  Diagnostic describe(const RecordSpan& span, const CsvRecordStatus& status) const {
    return describe_csv_issue(buffer(), span, status, limits_);
  }

 private:
  CsvReader(CsvSplitter splitter, CsvReaderOptions options)
      : splitter_(splitter), options_(options) {}

  CsvSplitter splitter_;
  CsvReaderOptions options_;
  CsvLimits limits_;
  CsvHeader header_;
  uint64_t header_records_ = 0;
};

}  // namespace gqleval::io
