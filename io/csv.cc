#include "io/csv.h"

#include <limits>

#include "engine/base/arena.h"
#include "io/csv_record.h"
#include "io/internal/csv_splitter.h"

namespace gqleval::io {

Result<std::vector<CsvRow>, Diagnostic> parse_csv(std::string_view text) {
  std::vector<CsvRow> rows;
  CsvSplitter splitter(text);
  CsvLimits limits;
  limits.max_field_bytes = std::numeric_limits<size_t>::max();
  Arena arena(4096);
  std::vector<std::string_view> fields;
  RecordSpan span;
  while (splitter.next_record(span)) {
    arena.reset();
    CsvRecordStatus status = parse_csv_record(text, span, limits, arena, fields);
    if (!status.ok()) return Unexpected{describe_csv_issue(text, span, status, limits)};
    CsvRow& row = rows.emplace_back();
    row.line = span.line;
    row.fields.assign(fields.begin(), fields.end());
  }
  return rows;
}

}  // namespace gqleval::io
