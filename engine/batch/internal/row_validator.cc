#include "engine/batch/internal/row_validator.h"

#include "engine/batch/validate_run.h"
#include "engine/score/result_json.h"
#include "io/json_writer.h"

namespace gqleval::batch {
namespace {

// Both null when the diagnostic has no place in the text, else as the
// diagnostic says (a column of 0 stays 0: the reader could not tell it).
void append_position(std::string& out, const Diagnostic& d) {
  if (d.locations.empty() || d.pos().line == 0) {
    out.append(",\"line\":null,\"column\":null");
    return;
  }
  out.append(",\"line\":");
  io::append_number(out, d.pos().line);
  out.append(",\"column\":");
  io::append_number(out, d.pos().column);
}

void append_validate_row(std::string& out, uint64_t row, const Diagnostics& diags) {
  out.append("{\"row\":");
  io::append_number(out, row);
  out.append(validate::has_errors(diags) ? ",\"valid\":false" : ",\"valid\":true");
  out.append(",\"errors\":[");
  bool first = true;
  for (const Diagnostic& d : diags) {
    if (d.severity != Severity::kError) continue;
    if (!first) out.push_back(',');
    first = false;
    out.append("{\"rule\":");
    io::append_json_string(out, d.rule);
    score::append_json_key(out, "message");
    io::append_json_string(out, d.message);
    append_position(out, d);
    out.push_back('}');
  }
  out.append("]}\n");
}

}  // namespace

RowValidator::RowValidator(const ValidateContext& context)
    : context_(context), reader_(*context.input), schemas_(context.schemas, context.columns) {}

void RowValidator::process(const io::RecordShard& shard, std::string& out, RowTally& tally) {
  for (size_t i = 0; i < shard.records.size(); ++i) {
    validate_row(shard.first_record + i, shard.records[i], out, tally);
  }
}

void RowValidator::validate_row(uint64_t row, const io::RecordSpan& span, std::string& out,
                                RowTally& tally) {
  if (!reader_.read(span)) {
    append_validate_row(out, row, {reader_.diagnostic()});
    tally.add(kBadRow, 0);
    return;
  }
  const SchemaEntry& schema = schemas_.get(reader_);
  const Diagnostics diags =
      schema.ok() ? check_document(*schema.schema, reader_.cell(context_.columns.query),
                                   context_.options, context_.operation, arena_)
                  : schema.errors;
  append_validate_row(out, row, diags);
  tally.add(validate::has_errors(diags) ? kInvalidRow : kValidRow, 0);
}

}  // namespace gqleval::batch
