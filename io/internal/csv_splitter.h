// CsvSplitter: finds the record boundaries of a CSV buffer (RFC 4180) without
// copying or decoding it, so a batch run can cut a memory-mapped file into
// shards and parse the shards in parallel.
//
// Grammar (shared with csv_record.h and parse_csv): a record ends at an LF that
// is not inside a quoted field; a CR just before that LF belongs to the line
// break. A '"' opens a quoted field only at the start of a field (at the start
// of the record or just after a ','); inside it, "" is an escaped quote and a
// lone '"' closes it. A '"' anywhere else is a literal byte that the record
// parser reports as malformed, but it never changes where records end, so one
// stray quote cannot shift every later boundary. An empty line is not a
// record. A UTF-8 byte-order mark at the start of the buffer is skipped.
//
// Resynchronisation after a broken quote: a quoted field that is still open at
// the end of the buffer (an unterminated quote) would otherwise swallow the
// rest of the file. Instead, its record ends at the first LF after the opening
// quote (or at the end of the buffer), the record parser reports it as
// kUnterminatedQuote, and splitting resumes on the next line. The same holds
// for a quoted field that spans lines and then closes on a quote that no field
// could end with (not before a comma, a line break or the end): that quote
// belongs to a later record, so the broken record ends with its first line.
// So the records after a broken line are read normally. This does not depend on where shards
// are cut: the boundaries are those of one sequential pass.
//
// Cost: one sequential pass that jumps between '"' and LF bytes (16 bytes per
// step) and counts LFs inside quoted fields for line numbers. Deciding that a
// quote is unterminated takes a scan to the end of the buffer; that happens at
// most once per buffer, because once a quote is known to be unclosed, every
// later run of quotes has even length and every later quoted field closes. So
// the whole pass is O(n). The splitter is serial (a shard source), cheap to
// copy, and holds no memory of its own.
#pragma once

#include <cstdint>
#include <string_view>

#include "io/record_shard.h"

namespace gqleval::io {

class CsvSplitter {
 public:
  // `delimiter` separates fields: ',' for CSV, '\t' for TSV (the same
  // quoting rules hold).
  explicit CsvSplitter(std::string_view buffer, char delimiter = ',');

  // The next record, false at the end of the buffer.
  bool next_record(RecordSpan& span);

  // Records returned so far.
  uint64_t records_read() const { return records_read_; }

  std::string_view buffer() const { return buffer_; }

 private:
  std::string_view buffer_;
  char delimiter_ = ',';
  size_t pos_ = 0;     // where the next record (or empty line) starts
  uint64_t line_ = 1;  // the line at pos_
  uint64_t records_read_ = 0;
};

}  // namespace gqleval::io
