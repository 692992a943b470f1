// Fuzz target: the CSV record splitter, the batch reader and record parser,
// and the strict whole-text reader (io/internal/csv_splitter.h, csv_reader.h,
// csv_record.h, csv.h), for ',' and '\t'. Input: the raw file bytes.
//
// Beyond "no crash", it checks what the headers promise: spans lie inside the
// buffer in increasing order and are never empty (an empty line is no record);
// a shard holds the splitter's records in order; and where the strict reader
// accepts the text, the batch reader finds the same records with the same
// fields (both follow the grammar of csv_splitter.h).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "fuzz/fuzz_util.h"
#include "io/csv.h"
#include "io/csv_reader.h"
#include "io/csv_record.h"
#include "io/internal/csv_splitter.h"

namespace {

using namespace gqleval;

void check_spans(std::string_view buffer, char delimiter, std::vector<io::RecordSpan>& spans) {
  io::CsvSplitter splitter(buffer, delimiter);
  io::RecordSpan span;
  uint64_t last_end = 0;
  uint64_t last_line = 0;
  while (splitter.next_record(span)) {
    GQLEVAL_FUZZ_CHECK(span.begin <= span.end && span.end <= buffer.size());
    GQLEVAL_FUZZ_CHECK(spans.empty() || span.begin > last_end, "records overlap");
    GQLEVAL_FUZZ_CHECK(span.line > last_line, "line numbers must increase");
    last_end = span.end;
    last_line = span.line;
    spans.push_back(span);
  }
  GQLEVAL_FUZZ_CHECK(splitter.records_read() == spans.size());
}

void parse_records(std::string_view buffer, const std::vector<io::RecordSpan>& spans,
                   const io::CsvLimits& limits) {
  Arena arena(1024);
  std::vector<std::string_view> fields;
  for (const io::RecordSpan& span : spans) {
    const io::CsvRecordStatus status = io::parse_csv_record(buffer, span, limits, arena, fields);
    if (!status.ok()) {
      const Diagnostic d = io::describe_csv_issue(buffer, span, status, limits);
      GQLEVAL_FUZZ_CHECK(!d.message.empty());
      (void)io::csv_issue_name(status.issue);
    }
  }
}

void read_batch(std::string_view buffer, char delimiter, bool has_header, size_t max_field) {
  io::CsvReaderOptions options;
  options.delimiter = delimiter;
  options.has_header = has_header;
  options.max_field_bytes = max_field;
  options.shard.max_records = 3;
  options.shard.max_bytes = 64;
  auto reader = io::CsvReader::open(buffer, options);
  if (!reader.ok()) return;
  (void)reader->header().find("schema");
  (void)reader->header().find_any({"query1", "GT_GQL", "candidate"});
  Arena arena(1024);
  std::vector<std::string_view> fields;
  io::RecordShard shard;
  uint64_t next = 0;
  while (reader->next_shard(shard)) {
    GQLEVAL_FUZZ_CHECK(shard.first_record == next && !shard.records.empty());
    next += shard.records.size();
    for (const io::RecordSpan& span : shard.records) {
      const io::CsvRecordStatus status = reader->parse(span, arena, fields);
      if (!status.ok()) (void)reader->describe(span, status);
    }
    arena.reset();
  }
  GQLEVAL_FUZZ_CHECK(reader->records_read() == next);
}

// Where parse_csv accepts the text, the splitter and record parser agree with it.
void compare_with_strict(std::string_view buffer, const std::vector<io::RecordSpan>& spans) {
  auto rows = io::parse_csv(buffer);
  if (!rows.ok()) return;
  GQLEVAL_FUZZ_CHECK(rows->size() == spans.size(), "parse_csv: %zu rows, splitter: %zu",
                     rows->size(), spans.size());
  Arena arena(1024);
  std::vector<std::string_view> fields;
  io::CsvLimits limits;
  limits.max_field_bytes = buffer.size() + 1;
  for (size_t i = 0; i < spans.size(); ++i) {
    const io::CsvRecordStatus status =
        io::parse_csv_record(buffer, spans[i], limits, arena, fields);
    GQLEVAL_FUZZ_CHECK(status.ok(), "record %zu: parse_csv accepts it, parse_csv_record does not",
                       i);
    GQLEVAL_FUZZ_CHECK((*rows)[i].line == spans[i].line, "record %zu: line differs", i);
    GQLEVAL_FUZZ_CHECK(fields.size() == (*rows)[i].fields.size(), "record %zu: field count", i);
    for (size_t f = 0; f < fields.size(); ++f) {
      GQLEVAL_FUZZ_CHECK(fields[f] == (*rows)[i].fields[f], "record %zu field %zu differs", i, f);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view buffer = fuzz::as_text(data, size);
  for (const char delimiter : {',', '\t'}) {
    std::vector<io::RecordSpan> spans;
    check_spans(buffer, delimiter, spans);
    io::CsvLimits limits;
    limits.delimiter = delimiter;
    limits.max_field_bytes = 16;
    limits.expected_fields = 3;
    parse_records(buffer, spans, limits);
    read_batch(buffer, delimiter, /*has_header=*/delimiter == ',', /*max_field=*/64);
    read_batch(buffer, delimiter, /*has_header=*/delimiter != ',', io::kDefaultMaxFieldBytes);
    if (delimiter == ',') compare_with_strict(buffer, spans);
  }
  return 0;
}
