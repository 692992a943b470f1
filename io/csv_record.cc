#include "io/csv_record.h"

#include <cstring>
#include <string>

#include "engine/base/utf8.h"
#include "io/internal/byte_scan.h"

namespace gqleval::io {
namespace {

// Copies [p, end) into the arena with every "" pair made one ", giving
// decoded_size bytes.
std::string_view unescape_quotes(const char* p, const char* end, size_t decoded_size,
                                 Arena& arena) {
  char* out = static_cast<char*>(arena.allocate(decoded_size, 1));
  char* o = out;
  while (p < end) {
    const char* q = find_byte(p, end, '"');
    size_t n = static_cast<size_t>(q - p);
    std::memcpy(o, p, n);
    o += n;
    if (q == end) break;
    *o++ = '"';
    p = q + 2;  // q + 1 is the second quote of the pair
  }
  return {out, static_cast<size_t>(o - out)};
}

std::string_view concat(std::string_view a, std::string_view b, Arena& arena) {
  char* out = static_cast<char*>(arena.allocate(a.size() + b.size(), 1));
  std::memcpy(out, a.data(), a.size());
  std::memcpy(out + a.size(), b.data(), b.size());
  return {out, a.size() + b.size()};
}

}  // namespace

CsvRecordStatus parse_csv_record(std::string_view buffer, const RecordSpan& span,
                                 const CsvLimits& limits, Arena& arena,
                                 std::vector<std::string_view>& fields) {
  fields.clear();
  CsvRecordStatus status;
  const char* const base = buffer.data();
  // Keeps the fault with the lowest offset.
  auto note = [&](CsvIssue issue, uint32_t field, const char* at) {
    auto offset = static_cast<uint64_t>(at - base);
    if (status.issue == CsvIssue::kNone || offset < status.offset) status = {issue, field, offset};
  };
  const char* p = base + span.begin;
  const char* const end = base + span.end;
  const char delimiter = limits.delimiter;
  // One check of the whole record (one call over a 2 KB schema cell and its
  // neighbours); only a record that fails it is checked cell by cell, to say
  // which cell. Cells end at ASCII delimiters, and splitting valid UTF-8 at an
  // ASCII byte leaves valid UTF-8, so a valid record has valid cells.
  const bool record_valid =
      utf8::find_invalid(std::string_view(p, static_cast<size_t>(end - p))) == utf8::kValid;
  for (uint32_t index = 0;; ++index) {
    const char* const field_start = p;
    std::string_view value;
    if (p < end && *p == '"') {
      const char* const content = p + 1;
      const char* q = content;
      size_t escapes = 0;
      for (;;) {
        q = find_byte(q, end, '"');
        if (q == end || q + 1 == end || q[1] != '"') break;
        ++escapes;
        q += 2;
      }
      const size_t decoded_size = static_cast<size_t>(q - content) - escapes;
      if (decoded_size > limits.max_field_bytes) {
        value = std::string_view(content, static_cast<size_t>(q - content));  // not decoded
      } else if (escapes == 0) {
        value = std::string_view(content, decoded_size);
      } else {
        value = unescape_quotes(content, q, decoded_size, arena);
      }
      if (q == end) {
        note(CsvIssue::kUnterminatedQuote, index, field_start);
        p = end;
      } else {
        p = q + 1;
        if (p < end && *p != delimiter) {
          note(CsvIssue::kTextAfterClosingQuote, index, p);
          const char* sep = find_byte(p, end, delimiter);
          value = concat(value, std::string_view(p, static_cast<size_t>(sep - p)), arena);
          p = sep;
        }
      }
    } else {
      const char* sep = find_either(p, end, delimiter, '"');
      while (sep < end && *sep == '"') {
        note(CsvIssue::kQuoteInUnquotedField, index, sep);
        sep = find_either(sep + 1, end, delimiter, '"');
      }
      value = std::string_view(p, static_cast<size_t>(sep - p));
      p = sep;
    }
    if (!record_valid) {
      std::string_view raw(field_start, static_cast<size_t>(p - field_start));
      if (size_t bad = utf8::find_invalid(raw); bad != utf8::kValid) {
        note(CsvIssue::kInvalidUtf8, index, field_start + bad);
      }
    }
    if (value.size() > limits.max_field_bytes) note(CsvIssue::kFieldTooLarge, index, field_start);
    fields.push_back(value);
    if (p == end) break;
    ++p;  // the delimiter
  }
  if (status.ok() && limits.expected_fields != 0 && fields.size() != limits.expected_fields) {
    status = {CsvIssue::kWrongFieldCount, static_cast<uint32_t>(fields.size()), span.begin};
  }
  return status;
}

std::string_view csv_issue_name(CsvIssue issue) {
  switch (issue) {
    case CsvIssue::kNone: return "none";
    case CsvIssue::kQuoteInUnquotedField: return "quote_in_unquoted_field";
    case CsvIssue::kTextAfterClosingQuote: return "text_after_closing_quote";
    case CsvIssue::kUnterminatedQuote: return "unterminated_quote";
    case CsvIssue::kInvalidUtf8: return "invalid_utf8";
    case CsvIssue::kFieldTooLarge: return "field_too_large";
    case CsvIssue::kWrongFieldCount: return "wrong_field_count";
  }
  return "unknown";
}

SourcePos csv_position(std::string_view buffer, const RecordSpan& span, uint64_t offset) {
  const char* p = buffer.data() + span.begin;
  const char* at = buffer.data() + offset;
  uint64_t line = span.line;
  const char* line_start = p;
  for (;;) {
    const char* nl = find_byte(p, at, '\n');
    if (nl == at) break;
    ++line;
    line_start = nl + 1;
    p = nl + 1;
  }
  size_t column =
      1 + utf8::utf16_length(std::string_view(line_start, static_cast<size_t>(at - line_start)));
  return {static_cast<uint32_t>(line), static_cast<uint32_t>(column)};
}

Diagnostic describe_csv_issue(std::string_view buffer, const RecordSpan& span,
                              const CsvRecordStatus& status, const CsvLimits& limits) {
  std::string field = "field " + std::to_string(status.field + 1);
  std::string message;
  switch (status.issue) {
    case CsvIssue::kNone: message = "no problem"; break;
    case CsvIssue::kQuoteInUnquotedField:
      message = field +
                ": quote inside an unquoted field (quote the whole field and double "
                "each quote in it)";
      break;
    case CsvIssue::kTextAfterClosingQuote:
      message = field + ": unexpected character after the closing quote";
      break;
    case CsvIssue::kUnterminatedQuote:
      message = field +
                ": unterminated quoted field; the record is taken to end at the end of "
                "this line";
      break;
    case CsvIssue::kInvalidUtf8: message = field + ": invalid UTF-8"; break;
    case CsvIssue::kFieldTooLarge:
      message =
          field + ": larger than the limit of " + std::to_string(limits.max_field_bytes) + " bytes";
      break;
    case CsvIssue::kWrongFieldCount:
      message = "the record has " + std::to_string(status.field) + " field" +
                (status.field == 1 ? "" : "s") + ", expected " +
                std::to_string(limits.expected_fields);
      break;
  }
  return make_error("CSV", std::move(message), csv_position(buffer, span, status.offset));
}

}  // namespace gqleval::io
