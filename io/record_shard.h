// Records and shards: the units in which a batch run reads its input.
//
// A RecordSpan locates one record (a CSV record or a JSONL line) in the input
// buffer by byte offsets, without copying it. A RecordShard is a run of
// consecutive records, cut only at record boundaries, that one worker parses
// and scores on its own; shards are handed out in input order and carry the
// index of their first record, so results can be put back in order. Limits
// bound a shard by record count and by bytes (a shard always holds at least one
// record, however large), which bounds the memory that is in flight.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace gqleval::io {

struct RecordSpan {
  uint64_t begin = 0;  // offset of the first byte of the record
  uint64_t end = 0;    // offset one past its last byte, line terminator excluded
  uint64_t line = 0;   // 1-based line on which the record starts

  std::string_view text(std::string_view buffer) const {
    return buffer.substr(static_cast<size_t>(begin), static_cast<size_t>(end - begin));
  }
  friend bool operator==(const RecordSpan&, const RecordSpan&) = default;
};

struct ShardLimits {
  size_t max_records = 1024;
  size_t max_bytes = size_t{4} << 20;  // bytes of record text, terminators included
};

struct RecordShard {
  uint64_t first_record = 0;  // 0-based index of records[0] among the file's data records
  std::vector<RecordSpan> records;
};

// Fills shard with the next records of splitter (anything with
// `bool next_record(RecordSpan&)` and `uint64_t records_read() const`) within
// limits. Returns false, with an empty shard, when the input is exhausted.
template <class Splitter>
bool fill_shard(Splitter& splitter, const ShardLimits& limits, RecordShard& shard) {
  shard.records.clear();
  shard.first_record = splitter.records_read();
  size_t bytes = 0;
  RecordSpan span;
  while (shard.records.size() < limits.max_records && bytes < limits.max_bytes &&
         splitter.next_record(span)) {
    bytes += static_cast<size_t>(span.end - span.begin) + 1;
    shard.records.push_back(span);
  }
  return !shard.records.empty();
}

}  // namespace gqleval::io
