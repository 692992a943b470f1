// RowKeys: the opening of every result row, for every row kind: the row's
// number, its id and the kept columns (result_format.h).
//
// The id is the id column's text. Where the input has no id column, or the
// row's cell is blank, it is the row's stable key `LINE:HASH`: the 1-based
// line on which the record starts in the input, and 16 hex digits of a hash
// (io::hash64) of the row's content (the hash of its schema text, then each
// query cell the row kind reads, in order; the raw record for a row that
// cannot be read). So two files with the same rows at the same lines give
// the same ids, a row that moves keeps its hash, and an edited row changes
// it.
//
// A score row also carries its reference_hash: 16 hex digits of a chain over
// the schema's identity (SchemaEntry::identity_hash: the same schema as SDL
// in any layout or as introspection JSON counts once), then each
// reference cell the row is scored against, in order, so that rows scored
// from the same schema and references, by any candidate, carry the same
// value, and `gqleval report` can refuse runs that were not.
//
// One per worker; reuses its buffers, so steady use does not allocate.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/hash_text.h"
#include "engine/batch/batch_input.h"
#include "engine/batch/columns.h"
#include "engine/batch/result_format.h"
#include "io/record_shard.h"

namespace gqleval::batch {

class RowKeys {
 public:
  explicit RowKeys(const ColumnMap& columns) : columns_(columns) {}

  // The key of a record that `reader` read. `schema_hash` is the content hash
  // of the row's schema; `cells` the query cells that make the row's content.
  RowKey of(uint64_t row, const io::RecordSpan& span, const RecordReader& reader,
            uint64_t schema_hash, std::span<const std::string_view> cells);

  // The chain of a score row's schema hash and references (reference_hash).
  static uint64_t reference_hash(uint64_t schema_hash,
                                 std::span<const std::string_view> references);

  // The key of a score row: its id hashes `content` (reference_hash() of the
  // schema's content hash) continued with the candidate; key.reference_hash
  // is the hex form of `reference_hash` (reference_hash() of the schema's
  // identity hash), key.run `run` (empty: the results have no run member).
  RowKey of_score(uint64_t row, const io::RecordSpan& span, const RecordReader& reader,
                  uint64_t content, uint64_t reference_hash, std::string_view candidate,
                  std::string_view run = {});

  // The key of a record that could not be read: its id cell when the lenient
  // read found one, else a stable key over the raw record. No kept cells
  // (a malformed record's cells may be shifted).
  RowKey of_bad(uint64_t row, const io::RecordSpan& span, const RecordReader& reader);

 private:
  // `content_hash()` gives the row's content hash; it is called only for a
  // row without an id (defined in row_key.cc, the only user).
  template <class ContentHash>
  RowKey with_content(uint64_t row, const io::RecordSpan& span, const RecordReader& reader,
                      ContentHash content_hash);
  template <class ContentHash>
  std::string_view id_or_key(const io::RecordSpan& span, const RecordReader& reader,
                             ContentHash content_hash);

  const ColumnMap& columns_;
  std::string id_;
  char reference_hex_[kHashTextSize] = {};
  std::vector<KeptCell> kept_;
};

}  // namespace gqleval::batch
