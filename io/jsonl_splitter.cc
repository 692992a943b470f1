#include "io/jsonl_splitter.h"

#include "io/internal/byte_scan.h"

namespace gqleval::io {

JsonlSplitter::JsonlSplitter(std::string_view buffer) : buffer_(buffer) {
  if (buffer_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
}

bool JsonlSplitter::next_record(RecordSpan& span) {
  const char* const base = buffer_.data();
  const char* const end = base + buffer_.size();
  const char* p = base + pos_;
  while (p < end) {
    const char* nl = find_byte(p, end, '\n');
    const char* content_end = nl;
    if (content_end > p && content_end[-1] == '\r') --content_end;
    const char* q = p;
    while (q < content_end && (*q == ' ' || *q == '\t' || *q == '\r')) ++q;
    const uint64_t line = line_;
    if (nl != end) ++line_;
    const char* next = nl == end ? end : nl + 1;
    if (q == content_end) {  // blank line
      p = next;
      continue;
    }
    span = {static_cast<uint64_t>(p - base), static_cast<uint64_t>(content_end - base), line};
    pos_ = static_cast<size_t>(next - base);
    ++records_read_;
    return true;
  }
  pos_ = buffer_.size();
  return false;
}

}  // namespace gqleval::io
