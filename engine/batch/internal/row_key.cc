#include "engine/batch/internal/row_key.h"

#include "io/content_hash.h"
#include "io/json_writer.h"

namespace gqleval::batch {

std::string_view RowKeys::id_or_key(const io::RecordSpan& span, const RecordReader& reader,
                                    uint64_t content_hash) {
  const std::string_view cell = reader.cell(columns_.id);
  if (!trim_cell(cell).empty()) return cell;
  static constexpr char kHex[] = "0123456789abcdef";
  id_.clear();
  io::append_number(id_, span.line);
  id_.push_back(':');
  for (int shift = 60; shift >= 0; shift -= 4) id_.push_back(kHex[(content_hash >> shift) & 15]);
  return id_;
}

RowKey RowKeys::of(uint64_t row, const io::RecordSpan& span, const RecordReader& reader,
                   uint64_t schema_hash, std::span<const std::string_view> cells) {
  uint64_t h = schema_hash;
  for (std::string_view c : cells) h = io::hash64(c, h);
  kept_.clear();
  for (const Column& c : columns_.keep) {
    const RecordReader::Cell cell = reader.get(c);
    kept_.push_back(KeptCell{c.name, cell.text, cell.present, cell.json});
  }
  return RowKey{row, id_or_key(span, reader, h), kept_};
}

RowKey RowKeys::of_bad(uint64_t row, const io::RecordSpan& span, const RecordReader& reader) {
  kept_.clear();
  for (const Column& c : columns_.keep) kept_.push_back(KeptCell{c.name, {}, false, false});
  return RowKey{row, id_or_key(span, reader, io::hash64(reader.record_text())), kept_};
}

}  // namespace gqleval::batch
