#include "io/csv_reader.h"

namespace gqleval::io {
namespace {

std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

}  // namespace

bool same_column_name(std::string_view a, std::string_view b) {
  a = trim_blanks(a);
  b = trim_blanks(b);
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  }
  return true;
}

std::optional<size_t> CsvHeader::find(std::string_view name) const {
  for (size_t i = 0; i < names_.size(); ++i) {
    if (same_column_name(names_[i], name)) return i;
  }
  return std::nullopt;
}

std::optional<size_t> CsvHeader::find_any(
    std::initializer_list<std::string_view> candidates) const {
  for (std::string_view c : candidates) {
    if (auto i = find(c)) return i;
  }
  return std::nullopt;
}

Result<CsvReader, Diagnostic> CsvReader::open(std::string_view buffer, CsvReaderOptions options) {
  CsvReader reader(CsvSplitter(buffer, options.delimiter), options);
  reader.limits_.max_field_bytes = options.max_field_bytes;
  reader.limits_.delimiter = options.delimiter;
  if (!options.has_header) return reader;
  RecordSpan span;
  if (!reader.splitter_.next_record(span)) {
    return Unexpected{make_error("CSV", "the input is empty: no header row", SourcePos{1, 1})};
  }
  reader.header_records_ = 1;
  Arena arena(1024);
  std::vector<std::string_view> fields;
  CsvRecordStatus status = parse_csv_record(buffer, span, reader.limits_, arena, fields);
  if (!status.ok()) {
    Diagnostic d = describe_csv_issue(buffer, span, status, reader.limits_);
    d.message = "in the header row: " + d.message;
    return Unexpected{std::move(d)};
  }
  std::vector<std::string> names(fields.begin(), fields.end());
  reader.header_ = CsvHeader(std::move(names));
  reader.limits_.expected_fields = reader.header_.size();
  return reader;
}

bool CsvReader::next_record(RecordSpan& span) { return splitter_.next_record(span); }

}  // namespace gqleval::io
