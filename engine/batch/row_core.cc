#include "engine/batch/row_core.h"

#include <utility>

#include "engine/batch/batch_input.h"
#include "engine/score/coordinates.h"
#include "engine/score/coverage_json.h"
#include "engine/score/result_json.h"
#include "engine/score/subset_json.h"

namespace gqleval::batch {

RowCore::RowCore(const RowCoreOptions& options) : options_(options) { answer_.mode = options.mode; }

std::optional<Diagnostic> RowCore::begin(const SchemaEntry& schema,
                                         std::span<const std::string_view> reference_cells,
                                         std::string_view variables_cell, SourcePos where,
                                         const CoverageCells& lists) {
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
  if (options_.mode == ScoreMode::kCoverage) {
    begin_coverage(lists);
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

void RowCore::begin_coverage(const CoverageCells& lists) {
  bad_list_.reset();
  required_.clear();
  excluded_.clear();
  auto read = [&](std::string_view cell, std::vector<std::string>& out) {
    auto entries = score::read_coordinate_list(cell);
    if (entries) {
      out = std::move(*entries);
    } else if (!bad_list_) {
      bad_list_ = std::move(entries.error());
    }
  };
  if (lists.listed) read(lists.required, required_);
  read(lists.excluded, excluded_);
  task_.listed = lists.listed;
  task_.required = required_;
  task_.excluded = excluded_;
  task_.reference = references_.size() == 0 ? std::string_view{} : references_.texts()[0];
}

const RowAnswer& RowCore::score(std::string_view candidate) {
  switch (options_.mode) {
    case ScoreMode::kSubset: score_subset(candidate); break;
    case ScoreMode::kCoverage: score_coverage(candidate); break;
    case ScoreMode::kEquivalence: score_equivalence(candidate); break;
  }
  return answer_;
}

void RowCore::score_coverage(std::string_view candidate) {
  score::CoverageRow& result = answer_.coverage;
  if (!schema_->ok()) {
    result = score::coverage_schema_failure(schema_->errors);
  } else if (bad_list_) {
    result = score::CoverageRow{};
    result.verdict = score::CoverageVerdict::kInvalidReference;
    result.errors.push_back({"required", -1, *bad_list_});
  } else {
    result = coverage_.grade(*schema_->schema, task_, candidate, options_.coverage);
  }
  answer_.outcome = outcome_of(result.verdict);
  answer_.value = result.compared() ? result.recall : 0.0;
  answer_.pass = result.verdict == score::CoverageVerdict::kCovered;
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
  switch (answer.mode) {
    case ScoreMode::kSubset: return append_subset_row(out, format, key, answer.subset);
    case ScoreMode::kCoverage: return append_coverage_row(out, format, key, answer.coverage);
    case ScoreMode::kEquivalence: break;
  }
  return append_row_result(out, format, key, answer.pair);
}

void append_answer_members(std::string& out, const RowAnswer& answer) {
  out.push_back('{');
  switch (answer.mode) {
    case ScoreMode::kSubset: score::append_subset_members(out, answer.subset); break;
    case ScoreMode::kCoverage: score::append_coverage_members(out, answer.coverage); break;
    case ScoreMode::kEquivalence: score::append_result_members(out, answer.pair); break;
  }
  out.push_back('}');
}

}  // namespace gqleval::batch
