// Fuzz target: the JSON Lines splitter and record parser, with path lookups
// (io/jsonl_splitter.h, jsonl_record.h, json_path.h). Input: the raw file
// bytes; the first line, up to 64 bytes, is also read as a JSON path.
//
// Checks: spans lie inside the buffer, in order, never across a line break;
// shards hold the records in order; every decoded field of a good record is
// valid to read; a string member read by the light pass (which finds a
// string's end 64 bytes at a time) equals simdjson's decoding of it; and the
// column probe's name scan says "all known" of a good record without escapes
// when given its own names.
#include <algorithm>
#include <cstdint>
#include <string>
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
      const std::string_view line = span.text(buffer);
      const std::vector<std::string> some_names = {"schema", "a", ""};
      (void)io::all_member_names_known(line, some_names);
      const io::JsonlRecordStatus status = parser.parse(buffer, span, arena, fields);
      if (!status.ok()) {
        const Diagnostic d = io::describe_jsonl_issue(buffer, span, status);
        GQLEVAL_FUZZ_CHECK(!d.message.empty());
        (void)io::jsonl_issue_name(status.issue);
        GQLEVAL_FUZZ_CHECK(!parser.find_path(paths.front(), arena).has_value());
        continue;
      }
      std::vector<std::string> names;
      for (size_t i = 0; i < fields.size(); ++i) {
        const io::JsonField& f = fields[i];
        fuzz::touch(f.name);
        fuzz::touch(f.value);
        names.emplace_back(f.name);
        if (!f.is_string || f.name.find_first_of(".[") != std::string_view::npos ||
            io::find_json_field(fields, f.name) != i) {
          continue;
        }
        auto path = io::parse_json_path(f.name);
        if (!path || path->size() != 1 || path->front().member != f.name) continue;
        auto decoded = parser.find_path(*path, arena);
        GQLEVAL_FUZZ_CHECK(decoded && decoded->is_string && decoded->value == f.value);
      }
      GQLEVAL_FUZZ_CHECK(line.find('\\') != std::string_view::npos ||
                         io::all_member_names_known(line, names));
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
