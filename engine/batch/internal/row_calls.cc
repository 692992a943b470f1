#include "engine/batch/internal/row_calls.h"

#include <charconv>
#include <utility>

#include "engine/batch/result_format.h"
#include "engine/calls/calls_result.h"
#include "io/content_hash.h"
#include "io/file.h"

namespace gqleval::batch {
namespace {

// Distinct function-spec texts a worker keeps parsed; a run over one
// benchmark has a few dozen.
constexpr size_t kMaxFunctionEntries = 4096;

bool full_match(const calls::CallsRow& row) {
  const calls::CallsComparison& c = row.comparison;
  return row.verdict == calls::CallsVerdict::kScored && c.arg_match_full && c.seq_match_full &&
         c.seq_match_connected && c.arg_calls_matched == c.arg_calls_total;
}

// "row-00000042": the score run's artifact names, so that folders sort in
// row order.
std::string row_name(uint64_t row) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, row).ptr;
  const std::string number(digits, end);
  return "row-" + std::string(number.size() < 8 ? 8 - number.size() : 0, '0') + number;
}

}  // namespace

RowCalls::RowCalls(const CallsContext& context, calls::CallsSummary& summary,
                   std::vector<bool>& asked)
    : context_(context),
      summary_(summary),
      asked_(asked),
      reader_(*context.input),
      schemas_(context.schemas, context.columns),
      keys_(context.columns) {}

void RowCalls::process(const io::RecordShard& shard, std::string& out, RowTally& tally) {
  for (size_t i = 0; i < shard.records.size(); ++i) {
    score_row(shard.first_record + i, shard.records[i], out, tally);
  }
}

const RowCalls::Functions& RowCalls::functions(std::string_view specs, const SchemaEntry* schema) {
  const uint64_t schema_hash = schema != nullptr ? schema->content_hash : 0;
  const uint64_t key = io::hash64(specs, schema_hash);
  auto it = functions_.find(key);
  // A key collision parses again rather than borrow another text's functions.
  if (it != functions_.end() && it->second.specs == specs &&
      it->second.schema_hash == schema_hash) {
    return it->second;
  }
  if (functions_.size() >= kMaxFunctionEntries) functions_.clear();
  Functions entry;
  entry.specs = std::string(specs);
  entry.schema_hash = schema_hash;
  const schema::Schema* built = schema != nullptr ? schema->schema.get() : nullptr;
  if (trim_cell(specs).empty()) {
    entry.functions =
        std::make_shared<calls::FunctionSpecs>(calls::row_functions(calls::FunctionSpecs{}, built));
  } else if (auto parsed = calls::parse_function_specs(specs)) {
    entry.functions = std::make_shared<calls::FunctionSpecs>(calls::row_functions(*parsed, built));
  } else {
    entry.error = std::move(parsed.error());
  }
  return functions_.insert_or_assign(key, std::move(entry)).first->second;
}

std::string_view RowCalls::group() const {
  if (context_.columns.group_by.empty()) return {};
  return trim_cell(reader_.cell(context_.columns.group_by.front()));
}

void RowCalls::bad_row(const RowKey& key, const Diagnostic& reason, std::string& out,
                       RowTally& tally) {
  head_.clear();
  append_json_row_head(head_, key);
  calls::append_calls_bad_row(out, head_, reason);
  out += '\n';
  tally.add(kBadRow, 0);
  summary_.add_bad_row(group());
}

// The row's schema, or null when the run has none or the row's cell is blank.
const SchemaEntry* RowCalls::row_schema() {
  if (!context_.has_schema) return nullptr;
  const ColumnMap& columns = context_.columns;
  const bool blank =
      !context_.schemas.fixed &&
      trim_cell(reader_.cell(columns.schema.present() ? columns.schema : columns.schema_path))
          .empty();
  return blank ? nullptr : &schemas_.get(reader_);
}

// The row's answer: its candidate cell, or its prediction from the
// predictions file (marked asked when joined by id).
RowCalls::RowAnswer RowCalls::row_answer(uint64_t row) {
  const ColumnMap& columns = context_.columns;
  if (context_.predictions == nullptr) return RowAnswer{reader_.cell(columns.candidate)};
  const std::string_view id =
      columns.id.present() ? trim_cell(reader_.cell(columns.id)) : std::string_view{};
  const uint64_t prediction = context_.predictions->find(row, id);
  if (prediction == Predictions::kNone) return RowAnswer{{}, nullptr, false};
  if (context_.predictions->joined_by_id()) asked_[prediction] = true;
  return RowAnswer{context_.predictions->text(prediction), context_.predictions->bad(prediction)};
}

void RowCalls::score_row(uint64_t row, const io::RecordSpan& span, std::string& out,
                         RowTally& tally) {
  if (!reader_.read(span)) {
    Diagnostic d = reader_.diagnostic();
    d.rule = std::string(reader_.reason());
    head_.clear();
    append_json_row_head(head_, keys_.of_bad(row, span, reader_));
    calls::append_calls_bad_row(out, head_, d);
    out += '\n';
    tally.add(kBadRow, 0);
    summary_.add_bad_row({});  // its group cell cannot be trusted
    return;
  }
  const ColumnMap& columns = context_.columns;
  const SchemaEntry* schema = row_schema();
  const std::string_view reference = reader_.cell(columns.references.front());
  const RowAnswer answer = row_answer(row);
  const std::string_view cells[] = {reference, answer.text};
  const RowKey key = keys_.of(row, span, reader_, schema != nullptr ? schema->content_hash : 0,
                              std::span<const std::string_view>(cells));
  if (answer.bad != nullptr) return bad_row(key, *answer.bad, out, tally);

  const Functions& f = functions(
      columns.function_specs.present() ? reader_.cell(columns.function_specs) : std::string_view{},
      schema != nullptr && schema->ok() ? schema : nullptr);
  if (f.functions == nullptr) {
    Diagnostic d = f.error;
    d.message = "function_specs: " + d.message;
    d.rule = "invalid_function_specs";
    return bad_row(key, d, out, tally);
  }
  const bool paths = schema != nullptr && schema->ok();
  calls::CallsPrograms programs;
  const bool artifacts = !context_.artifacts_dir.empty() &&
                         (context_.artifacts_rows == 0 || row < context_.artifacts_rows);
  calls::CallsRow result =
      calls::score_calls(*f.functions, paths ? schema->schema.get() : nullptr, reference,
                         answer.text, artifacts ? &programs : nullptr);
  if (schema != nullptr && !schema->ok() && !schema->errors.empty()) {
    Diagnostic d = schema->errors.front();
    d.message = "the row's schema does not build, so no path is checked: " + d.message;
    result.errors.push_back(calls::CallsError{"schema", std::move(d)});
  }
  if (!answer.answered) {
    result.errors.push_back(calls::CallsError{
        "candidate",
        make_error("no_prediction", context_.predictions->path() +
                                        " has no prediction for this row (id '" +
                                        std::string(trim_cell(reader_.cell(columns.id))) + "')")});
  }
  head_.clear();
  append_json_row_head(head_, key);
  calls::append_calls_result(out, head_, result);
  out += '\n';
  tally.add(full_match(result) ? kCallsFullMatch : kCallsOther, 0);
  summary_.add(result, group());
  if (artifacts) write_artifacts(row, programs);
}

void RowCalls::write_artifacts(uint64_t row, const calls::CallsPrograms& programs) {
  const std::string base = context_.artifacts_dir + "/" + row_name(row);
  // Best effort, as the score run's artifacts: the run counts the files it
  // could not write and says so once, at the end.
  const bool written =
      io::write_file(base + ".reference.dot",
                     calls::dependency_dot(programs.reference, row_name(row) + " reference")) &&
      io::write_file(base + ".candidate.dot",
                     calls::dependency_dot(programs.candidate, row_name(row) + " candidate"));
  if (!written) context_.artifacts_failed->fetch_add(1, std::memory_order_relaxed);
}

}  // namespace gqleval::batch
