#include "engine/batch/internal/row_validator.h"

#include "engine/batch/result_format.h"

namespace gqleval::batch {

RowValidator::RowValidator(const ValidateContext& context)
    : context_(context),
      reader_(*context.input),
      schemas_(context.schemas, context.columns),
      keys_(context.columns) {}

void RowValidator::process(const io::RecordShard& shard, std::string& out, RowTally& tally) {
  for (size_t i = 0; i < shard.records.size(); ++i) {
    validate_row(shard.first_record + i, shard.records[i], out, tally);
  }
}

void RowValidator::validate_row(uint64_t row, const io::RecordSpan& span, std::string& out,
                                RowTally& tally) {
  if (!reader_.read(span)) {
    Diagnostic d = reader_.diagnostic();
    d.rule = std::string(reader_.reason());
    append_validate_row(out, keys_.of_bad(row, span, reader_), "row", {std::move(d)});
    tally.add(kBadRow, 0);
    return;
  }
  const SchemaEntry& schema = schemas_.get(reader_);
  const std::string_view query = reader_.cell(context_.columns.query);
  const RowKey key = keys_.of(row, span, reader_, schema.content_hash, std::span(&query, 1));
  if (!schema.ok()) {
    append_validate_row(out, key, "schema", schema.errors);
    tally.add(kInvalidRow, 0);
    return;
  }
  arena_.reset();
  const Diagnostics diags =
      validate::check_document(validator_, *schema.schema, query, context_.options,
                               context_.operation, validate::OperationName::kAlways, arena_)
          .all();
  append_validate_row(out, key, "query", diags);
  tally.add(validate::has_errors(diags) ? kInvalidRow : kValidRow, 0);
}

}  // namespace gqleval::batch
