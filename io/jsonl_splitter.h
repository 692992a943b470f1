// JsonlSplitter: finds the records of a JSON Lines buffer, one per line,
// without copying, so a batch run can shard a memory-mapped file at newlines.
//
// A record is a line: it ends at LF (a CR just before it belongs to the line
// break). A line with nothing but spaces, tabs and CRs is not a record. A UTF-8
// byte-order mark at the start of the buffer is skipped. JSON strings cannot
// hold a raw LF, so a line break is always a record boundary, and a broken
// record can never swallow the next one.
//
// Cost: one memchr per line. Serial (a shard source), cheap to copy, no memory
// of its own.
#pragma once

#include <cstdint>
#include <string_view>

#include "io/record_shard.h"

namespace gqleval::io {

class JsonlSplitter {
 public:
  explicit JsonlSplitter(std::string_view buffer);

  bool next_record(RecordSpan& span);
  uint64_t records_read() const { return records_read_; }
  bool next_shard(const ShardLimits& limits, RecordShard& shard) {
    return fill_shard(*this, limits, shard);
  }
  std::string_view buffer() const { return buffer_; }

 private:
  std::string_view buffer_;
  size_t pos_ = 0;
  uint64_t line_ = 1;
  uint64_t records_read_ = 0;
};

}  // namespace gqleval::io
