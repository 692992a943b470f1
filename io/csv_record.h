// parse_csv_record: splits one CSV record (a RecordSpan from CsvSplitter) into
// its fields, and says whether the record is well-formed.
//
// Fields are string_views into the buffer when no decoding is needed (an
// unquoted field, or a quoted field without "" escapes: the view is the text
// between the quotes); a quoted field with "" escapes is decoded into the
// arena. So a typical record costs no allocation beyond the caller's reused
// field vector.
//
// A malformed record never stops a run: the parser still returns its fields,
// read leniently (a stray quote is kept as a literal byte, text after a
// closing quote is appended to the field, an unterminated quoted field runs to
// the end of the record), and a CsvRecordStatus names the first problem by
// byte offset: in order of position, a quote inside an unquoted field, text
// after a closing quote, an unterminated quote, invalid UTF-8, a field larger
// than the limit; then, if the record is otherwise sound, a field count that
// differs from the expected one. describe_csv_issue() turns a status into a
// Diagnostic with line and column (UTF-16 units, as everywhere in gqleval).
//
// Cost: one pass over the record (16 bytes per step between separators) plus a
// UTF-8 check of the whole record, which is exact per field because every
// separator is ASCII. Thread-safe: it touches only its arguments.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "engine/base/diagnostic.h"
#include "io/record_shard.h"

namespace gqleval::io {

// The largest field the batch reader accepts, after decoding; a larger one makes
// its record bad (kFieldTooLarge) rather than being copied.
inline constexpr size_t kDefaultMaxFieldBytes = size_t{1} << 20;

enum class CsvIssue : uint8_t {
  kNone,
  kQuoteInUnquotedField,   // a '"' inside a field that did not start with one
  kTextAfterClosingQuote,  // e.g. "abc"x,
  kUnterminatedQuote,      // a quoted field still open at the end of the record
  kInvalidUtf8,
  kFieldTooLarge,
  kWrongFieldCount,
};

struct CsvLimits {
  size_t max_field_bytes = kDefaultMaxFieldBytes;
  size_t expected_fields = 0;  // 0: any number
  char delimiter = ',';        // '\t' for TSV
};

struct CsvRecordStatus {
  CsvIssue issue = CsvIssue::kNone;
  uint32_t field = 0;   // 0-based index of the field at fault (kWrongFieldCount: the count)
  uint64_t offset = 0;  // buffer offset of the fault (kWrongFieldCount: the record start)
  bool ok() const { return issue == CsvIssue::kNone; }
};

// Parses the record at span of buffer into fields (cleared first).
CsvRecordStatus parse_csv_record(std::string_view buffer, const RecordSpan& span,
                                 const CsvLimits& limits, Arena& arena,
                                 std::vector<std::string_view>& fields);

// A short name for an issue, e.g. "unterminated_quote" (for result records).
std::string_view csv_issue_name(CsvIssue issue);

// The diagnostic for a bad record: rule "CSV", the position of the fault, and a
// message such as "unterminated quoted field; the record is taken to end at the
// end of this line". Error path only: O(length of the record).
Diagnostic describe_csv_issue(std::string_view buffer, const RecordSpan& span,
                              const CsvRecordStatus& status, const CsvLimits& limits);

// The line and column (UTF-16 units) of the byte at offset, counting from the
// record start, whose line is span.line. Lines end at LF.
SourcePos csv_position(std::string_view buffer, const RecordSpan& span, uint64_t offset);

}  // namespace gqleval::io
