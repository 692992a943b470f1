#include "io/internal/csv_splitter.h"

#include "io/internal/byte_scan.h"

namespace gqleval::io {
namespace {

// Whether a closing quote may stand before p: at the end, or before a
// delimiter or a line break.
bool closes_field(const char* p, const char* end, char delimiter) {
  // A CR counts before an LF or at the end (a CRLF file cut after its CR).
  return p == end || *p == delimiter || *p == '\n' ||
         (*p == '\r' && (p + 1 == end || p[1] == '\n'));
}

}  // namespace

CsvSplitter::CsvSplitter(std::string_view buffer, char delimiter)
    : buffer_(buffer), delimiter_(delimiter) {
  if (buffer_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
}

bool CsvSplitter::next_record(RecordSpan& span) {
  const char* const base = buffer_.data();
  const char* const end = base + buffer_.size();
  const char* p = base + pos_;
  // Empty lines are not records.
  for (;;) {
    if (p == end) {
      pos_ = buffer_.size();
      return false;
    }
    if (*p == '\n') {
      ++p;
      ++line_;
    } else if (*p == '\r' && p + 1 < end && p[1] == '\n') {
      p += 2;
      ++line_;
    } else {
      break;
    }
  }
  const char* const start = p;
  const uint64_t start_line = line_;
  const char* content_end;  // end of the record, line break excluded
  const char* next;         // where the following record starts
  for (;;) {
    const char* x = find_either(p, end, '\n', '"');
    if (x == end) {
      content_end = end;
      next = end;
      break;
    }
    if (*x == '\n') {
      content_end = x;
      next = x + 1;
      ++line_;
      break;
    }
    if (x != start && x[-1] != delimiter_) {  // a literal quote inside an unquoted field
      p = x + 1;
      continue;
    }
    // A quoted field opens at x: find its closing quote, skipping "" pairs.
    // Its line breaks are counted on the way (one pass over the cell).
    const char* q = x + 1;
    size_t breaks = 0;
    for (;;) {
      q = find_counting(q, end, '"', '\n', &breaks);
      if (q == end || q + 1 == end || q[1] != '"') break;
      q += 2;
    }
    if (q == end) breaks = 0;
    if (q == end || (breaks > 0 && !closes_field(q + 1, end, delimiter_))) {
      // Unterminated, or closed on a later line by a quote that no field
      // could end with (the quote of another record): the record ends with
      // the line on which the quote opened, so the next line is read again.
      const char* nl = find_byte(x, end, '\n');
      content_end = nl;
      next = nl == end ? end : nl + 1;
      if (nl != end) ++line_;
      break;
    }
    line_ += breaks;
    p = q + 1;
  }
  // The CR of a CRLF, or a CR that ends the file, is no part of the record.
  if (content_end > start && content_end[-1] == '\r') --content_end;
  span.begin = static_cast<uint64_t>(start - base);
  span.end = static_cast<uint64_t>(content_end - base);
  span.line = start_line;
  pos_ = static_cast<size_t>(next - base);
  ++records_read_;
  return true;
}

}  // namespace gqleval::io
