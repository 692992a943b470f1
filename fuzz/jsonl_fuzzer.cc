// Fuzz target: the JSON Lines splitter and record parser, with path lookups
// (io/jsonl_splitter.h, jsonl_record.h, json_path.h). Input: the raw file
// bytes; the first line, up to 64 bytes, is also read as a JSON path.
//
// Checks: spans lie inside the buffer, in order, never across a line break;
// shards hold the records in order; every decoded field of a good record is
// valid to read.
#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "fuzz/fuzz_util.h"
#include "io/json_path.h"
#include "io/jsonl_record.h"
#include "io/jsonl_splitter.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gqleval;
  const std::string_view buffer = fuzz::as_text(data, size);

  std::vector<io::JsonPath> paths;
  for (const std::string_view text :
       {"doc.schema", "filtered_resps[0]", "resps[0][0]", "a.b[2].c"}) {
    if (auto p = io::parse_json_path(text)) paths.push_back(std::move(*p));
  }
  const std::string_view first_line = buffer.substr(0, std::min(buffer.find('\n'), size_t{64}));
  if (auto p = io::parse_json_path(first_line)) paths.push_back(std::move(*p));

  io::JsonlSplitter splitter(buffer);
  io::JsonlRecordParser parser;
  Arena arena(1024);
  std::vector<io::JsonField> fields;
  io::ShardLimits limits;
  limits.max_records = 2;
  limits.max_bytes = 128;
  io::RecordShard shard;
  uint64_t next = 0;
  uint64_t last_end = 0;
  while (splitter.next_shard(limits, shard)) {
    GQLEVAL_FUZZ_CHECK(shard.first_record == next && !shard.records.empty());
    next += shard.records.size();
    for (const io::RecordSpan& span : shard.records) {
      GQLEVAL_FUZZ_CHECK(span.begin < span.end && span.end <= buffer.size());
      GQLEVAL_FUZZ_CHECK(span.begin >= last_end);
      GQLEVAL_FUZZ_CHECK(span.text(buffer).find('\n') == std::string_view::npos);
      last_end = span.end;
      const io::JsonlRecordStatus status = parser.parse(buffer, span, arena, fields);
      if (!status.ok()) {
        const Diagnostic d = io::describe_jsonl_issue(buffer, span, status);
        GQLEVAL_FUZZ_CHECK(!d.message.empty());
        (void)io::jsonl_issue_name(status.issue);
        GQLEVAL_FUZZ_CHECK(!parser.find_path(paths.front(), arena).has_value());
        continue;
      }
      for (const io::JsonField& f : fields) {
        fuzz::touch(f.name);
        fuzz::touch(f.value);
      }
      for (const std::string_view name : {"schema", "query1", "candidate", "Schema "}) {
        if (auto i = io::find_json_field(fields, name)) GQLEVAL_FUZZ_CHECK(*i < fields.size());
      }
      for (const io::JsonPath& path : paths) {
        if (auto f = parser.find_path(path, arena)) fuzz::touch(f->value);
      }
    }
    arena.reset();
  }
  GQLEVAL_FUZZ_CHECK(splitter.records_read() == next);
  return 0;
}
