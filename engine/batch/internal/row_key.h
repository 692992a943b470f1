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
// One per worker; reuses its buffers, so steady use does not allocate.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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

  // The key of a record that could not be read: its id cell when the lenient
  // read found one, else a stable key over the raw record. No kept cells
  // (a malformed record's cells may be shifted).
  RowKey of_bad(uint64_t row, const io::RecordSpan& span, const RecordReader& reader);

 private:
  std::string_view id_or_key(const io::RecordSpan& span, const RecordReader& reader,
                             uint64_t content_hash);

  const ColumnMap& columns_;
  std::string id_;
  std::vector<KeptCell> kept_;
};

}  // namespace gqleval::batch
