#include "engine/batch/internal/row_key.h"

#include "io/content_hash.h"
#include "io/json_writer.h"

namespace gqleval::batch {
// The id cell, or LINE:HASH; `content_hash()` is called only then (a row
// with an id does not hash its content).
template <class ContentHash>
std::string_view RowKeys::id_or_key(const io::RecordSpan& span, const RecordReader& reader,
                                    ContentHash content_hash) {
  const std::string_view cell = reader.cell(columns_.id);
  if (!trim_cell(cell).empty()) return cell;
  id_.clear();
  io::append_number(id_, span.line);
  id_.push_back(':');
  char hex[kHashTextSize];
  write_hash_text(content_hash(), hex);
  id_.append(hex, sizeof hex);
  return id_;
}

template <class ContentHash>
RowKey RowKeys::with_content(uint64_t row, const io::RecordSpan& span, const RecordReader& reader,
                             ContentHash content_hash) {
  kept_.clear();
  for (const Column& c : columns_.keep) {
    const RecordReader::Cell cell = reader.get(c);
    kept_.push_back(KeptCell{c.name, cell.text, cell.present, cell.json});
  }
  return RowKey{row, id_or_key(span, reader, content_hash), kept_};
}

RowKey RowKeys::of(uint64_t row, const io::RecordSpan& span, const RecordReader& reader,
                   uint64_t schema_hash, std::span<const std::string_view> cells) {
  return with_content(row, span, reader, [&] { return reference_hash(schema_hash, cells); });
}

uint64_t RowKeys::reference_hash(uint64_t schema_hash,
                                 std::span<const std::string_view> references) {
  uint64_t h = schema_hash;
  for (std::string_view r : references) h = io::hash64(r, h);
  return h;
}

RowKey RowKeys::of_score(uint64_t row, const io::RecordSpan& span, const RecordReader& reader,
                         uint64_t content, uint64_t reference_hash, std::string_view candidate,
                         std::string_view run) {
  RowKey key = with_content(row, span, reader, [&] { return io::hash64(candidate, content); });
  write_hash_text(reference_hash, reference_hex_);
  key.reference_hash = std::string_view(reference_hex_, sizeof reference_hex_);
  key.run = run;
  return key;
}

RowKey RowKeys::of_bad(uint64_t row, const io::RecordSpan& span, const RecordReader& reader) {
  kept_.clear();
  for (const Column& c : columns_.keep) kept_.push_back(KeptCell{c.name, {}, false, false});
  return RowKey{row, id_or_key(span, reader, [&] { return io::hash64(reader.record_text()); }),
                kept_};
}

}  // namespace gqleval::batch
