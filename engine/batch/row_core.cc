#include "engine/batch/row_core.h"

#include <utility>

#include "engine/batch/batch_input.h"
#include "engine/score/result_json.h"
#include "engine/score/subset_json.h"

namespace gqleval::batch {

RowCore::RowCore(const RowCoreOptions& options) : options_(options) { answer_.mode = options.mode; }

std::optional<Diagnostic> RowCore::begin(const SchemaEntry& schema,
                                         std::span<const std::string_view> reference_cells,
                                         std::string_view variables_cell, SourcePos where) {
  schema_ = &schema;
  references_.clear();
  for (size_t k = 0; k < reference_cells.size(); ++k) references_.add(k, reference_cells[k]);
  const std::string_view variables = trim_cell(variables_cell);
  if (auto bad = variables_check_.check_json(variables)) {
    return make_error("invalid_variables", "the variables cell: " + bad->message, where);
  }
  if (options_.mode == ScoreMode::kSubset) {
    subset_options_ = options_.subset;
    subset_options_.normalize.variables_json = variables;
    return std::nullopt;
  }
  score_ = options_.score;
  score_.normalize.variables_json = variables;
  // The references are read, validated and normalized once for all the
  // row's candidates.
  if (schema.ok())
    scorer_.set_references(*schema.schema, schema.rewrites.get(), references_.texts(), score_);
  return std::nullopt;
}

const RowAnswer& RowCore::score(std::string_view candidate) {
  if (options_.mode == ScoreMode::kSubset) {
    score_subset(candidate);
  } else {
    score_equivalence(candidate);
  }
  return answer_;
}

void RowCore::score_equivalence(std::string_view candidate) {
  score::PairResult& result = answer_.pair;
  result = schema_->ok()
               ? scorer_.score_candidate(candidate)
               : score::schema_failure(schema_->errors, static_cast<uint32_t>(references_.size()));
  references_.to_columns(result.matched_reference, result.errors);
  answer_.outcome = outcome_of(result.verdict);
  answer_.value = result.f1;
  answer_.pass = result.pass;
}

void RowCore::score_subset(std::string_view candidate) {
  score::SubsetRow& result = answer_.subset;
  if (schema_->ok()) {
    if (subset_schema_ != schema_->schema) subset_schema_ = schema_->schema;
    result = subset_.compare_references(*schema_->schema, references_.texts(), candidate,
                                        subset_options_);
  } else {
    result = score::subset_schema_failure(schema_->errors);
  }
  references_.to_columns(result.matched_reference, result.result.errors);
  answer_.outcome = outcome_of(result.verdict);
  answer_.value = score::is_compared(result.verdict) ? result.result.score : 0.0;
  answer_.pass = result.verdict == score::SubsetVerdict::kSubset;
}

size_t append_answer_row(std::string& out, OutputFormat format, const RowKey& key,
                         const RowAnswer& answer) {
  return answer.mode == ScoreMode::kSubset ? append_subset_row(out, format, key, answer.subset)
                                           : append_row_result(out, format, key, answer.pair);
}

void append_answer_members(std::string& out, const RowAnswer& answer) {
  out.push_back('{');
  if (answer.mode == ScoreMode::kSubset) {
    score::append_subset_members(out, answer.subset);
  } else {
    score::append_result_members(out, answer.pair);
  }
  out.push_back('}');
}

}  // namespace gqleval::batch
