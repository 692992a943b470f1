#include "engine/batch/internal/row_scorer.h"

namespace gqleval::batch {

RowScorer::RowScorer(const BatchContext& context)
    : context_(context),
      reader_(*context.input),
      schemas_(context.schemas, context.columns),
      keys_(context.columns) {
  if (context.candidates.empty()) {
    one_candidate_.push_back(context.columns.candidate);
    candidates_ = one_candidate_;
  } else {
    candidates_ = context.candidates;
  }
}

void RowScorer::process(const io::RecordShard& shard, std::string& out, RowTally& tally) {
  process_streams(shard, std::span(&out, 1), std::span(&tally, 1));
}

void RowScorer::process_streams(const io::RecordShard& shard, std::span<std::string> outs,
                                std::span<RowTally> tallies) {
  for (size_t i = 0; i < shard.records.size(); ++i) {
    score_row(shard.first_record + i, shard.records[i], outs, tallies);
  }
}

namespace {

// The run member of a line: the candidate's name in a long file.
std::string_view run_name(const BatchContext& context, const Column& candidate) {
  return context.long_file ? std::string_view(candidate.name) : std::string_view{};
}

}  // namespace

void RowScorer::bad_row(uint64_t row, const io::RecordSpan& span, std::span<std::string> outs,
                        std::span<RowTally> tallies) {
  Diagnostic d = reader_.diagnostic();
  d.rule = std::string(reader_.reason());
  for (size_t k = 0; k < candidates_.size(); ++k) {
    RowKey key = keys_.of_bad(row, span, reader_);
    key.run = run_name(context_, candidates_[k]);
    append_bad_row(outs[context_.long_file ? 0 : k], context_.format, key, d, context_.mode);
    tallies[k].add(kBadRow, 0);
    add_tags(tallies[k], false, true);
  }
}

void RowScorer::add_tags(RowTally& tally, bool pass, bool bad) {
  const std::vector<Column>& groups = context_.columns.group_by;
  for (size_t g = 0; g < groups.size(); ++g) {
    // A malformed row's cells may be shifted; it is counted under no value.
    const std::string_view value = bad ? std::string_view{} : trim_cell(reader_.cell(groups[g]));
    tally.add_tag(static_cast<uint32_t>(g), value, pass);
  }
}

void RowScorer::score_row(uint64_t row, const io::RecordSpan& span, std::span<std::string> outs,
                          std::span<RowTally> tallies) {
  const ColumnMap& c = context_.columns;
  if (!reader_.read(span)) {
    bad_row(row, span, outs, tallies);
    return;
  }

  references_.clear();
  for (size_t k = 0; k < c.references.size(); ++k)
    references_.add(k, reader_.cell(c.references[k]));
  const SchemaEntry& schema = schemas_.get(reader_);
  const uint64_t content = RowKeys::reference_hash(schema.content_hash, references_.texts());
  const uint64_t reference_hash =
      RowKeys::reference_hash(schema.identity_hash, references_.texts());
  // Variables that are not a JSON object make the row malformed (not its
  // queries invalid): checked once, before any query is read.
  const std::string_view variables = trim_cell(reader_.cell(c.variables));
  const auto bad_variables = variables_check_.check_json(variables);
  score::ScoreOptions options = context_.options;
  options.normalize.variables_json = variables;
  // The references are read, validated and normalized once for all the
  // row's candidates.
  const bool scores = !bad_variables && context_.mode == ScoreMode::kEquivalence && schema.ok();
  if (scores)
    scorer_.set_references(*schema.schema, schema.rewrites.get(), references_.texts(), options);
  answers_.clear();
  for (size_t k = 0; k < candidates_.size(); ++k) {
    const std::string_view candidate = reader_.cell(candidates_[k]);
    const RowKey key = keys_.of_score(row, span, reader_, content, reference_hash, candidate,
                                      run_name(context_, candidates_[k]));
    const size_t out_index = context_.long_file ? 0 : k;
    std::string& out = outs[out_index];
    RowTally& tally = tallies[k];
    if (bad_variables) {
      append_bad_row(
          out, context_.format, key,
          make_error("invalid_variables", "the variables cell: " + bad_variables->message,
                     SourcePos{static_cast<uint32_t>(span.line), 1}),
          context_.mode);
      tally.add(kBadRow, 0);
      add_tags(tally, false, true);
      continue;
    }
    const ScoredAnswer* earlier = scored_before(candidate);
    if (earlier != nullptr && context_.artifacts[k] == nullptr) {
      repeat(*earlier, outs, key, out, tally);
      continue;
    }
    ScoredAnswer answer =
        context_.mode == ScoreMode::kSubset
            ? subset_pair(schema, candidate, variables, key, out, tally)
            : score_pair(schema, candidate, options, row, key, context_.artifacts[k], out, tally);
    answer.text = candidate;
    answer.out = out_index;
    answers_.push_back(answer);
  }
}

const RowScorer::ScoredAnswer* RowScorer::scored_before(std::string_view candidate) const {
  for (const ScoredAnswer& a : answers_) {
    if (a.text == candidate) return &a;
  }
  return nullptr;
}

void RowScorer::repeat(const ScoredAnswer& earlier, std::span<std::string> outs, const RowKey& key,
                       std::string& out, RowTally& tally) {
  append_row_key(out, context_.format, key);
  // The earlier line may be in `out` itself (a long file): append() copies
  // from its old buffer before it lets go of it when it grows.
  out.append(outs[earlier.out], earlier.rest_begin, earlier.rest_end - earlier.rest_begin);
  tally.add(earlier.outcome, earlier.value);
  add_tags(tally, earlier.pass, false);
}

RowScorer::ScoredAnswer RowScorer::score_pair(const SchemaEntry& schema, std::string_view candidate,
                                              const score::ScoreOptions& options, uint64_t row,
                                              const RowKey& key, ArtifactWriter* artifacts,
                                              std::string& out, RowTally& tally) {
  score::PairResult result =
      schema.ok() ? scorer_.score_candidate(candidate)
                  : score::schema_failure(schema.errors, static_cast<uint32_t>(references_.size()));
  references_.to_columns(result.matched_reference, result.errors);
  ScoredAnswer answer;
  answer.rest_begin = append_row_result(out, context_.format, key, result);
  answer.rest_end = out.size();
  answer.outcome = outcome_of(result.verdict);
  answer.value = result.f1;
  answer.pass = result.pass;
  tally.add(answer.outcome, answer.value);
  add_tags(tally, answer.pass, false);
  if (artifacts != nullptr && artifacts->picks(result.pass)) {
    ++tally.artifact_matches;
    artifacts->write(row, schema, references_.texts(), candidate, options, result);
  }
  return answer;
}

RowScorer::ScoredAnswer RowScorer::subset_pair(const SchemaEntry& schema,
                                               std::string_view candidate,
                                               std::string_view variables, const RowKey& key,
                                               std::string& out, RowTally& tally) {
  score::SubsetOptions options = context_.subset;
  options.normalize.variables_json = variables;
  score::SubsetRow result;
  if (schema.ok()) {
    if (subset_schema_ != schema.schema) subset_schema_ = schema.schema;
    result = subset_.compare_references(*schema.schema, references_.texts(), candidate, options);
  } else {
    result = score::subset_schema_failure(schema.errors);
  }
  references_.to_columns(result.matched_reference, result.result.errors);
  ScoredAnswer answer;
  answer.rest_begin = append_subset_row(out, context_.format, key, result);
  answer.rest_end = out.size();
  answer.outcome = outcome_of(result.verdict);
  answer.value = score::is_compared(result.verdict) ? result.result.score : 0.0;
  answer.pass = result.verdict == score::SubsetVerdict::kSubset;
  tally.add(answer.outcome, answer.value);
  add_tags(tally, answer.pass, false);
  return answer;
}

}  // namespace gqleval::batch
