#include "engine/batch/internal/row_scorer.h"

namespace gqleval::batch {

RowScorer::RowScorer(const BatchContext& context, PredictionUse* use)
    : context_(context),
      reader_(*context.input),
      schemas_(context.schemas, context.columns),
      keys_(context.columns),
      core_(context.scoring),
      use_(use) {
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
    append_bad_row(outs[context_.long_file ? 0 : k], context_.format, key, d,
                   context_.scoring.mode);
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

  reference_cells_.clear();
  for (const Column& reference : c.references) reference_cells_.push_back(reader_.cell(reference));
  const SchemaEntry& schema = schemas_.get(reader_);
  // Variables that are not a JSON object make the row malformed (not its
  // queries invalid): checked once, before any query is read.
  const CoverageCells lists{c.required.present(), reader_.cell(c.required),
                            reader_.cell(c.excluded)};
  const auto bad_variables = core_.begin(schema, reference_cells_, reader_.cell(c.variables),
                                         SourcePos{static_cast<uint32_t>(span.line), 1}, lists);
  // What the candidates are graded against: the references, and a coverage
  // row's lists.
  std::span<const std::string_view> graded_against = core_.references().texts();
  if (context_.scoring.mode == ScoreMode::kCoverage) {
    hashed_.assign(graded_against.begin(), graded_against.end());
    hashed_.push_back(lists.required);
    hashed_.push_back(lists.excluded);
    graded_against = hashed_;
  }
  const uint64_t content = RowKeys::reference_hash(schema.content_hash, graded_against);
  const uint64_t reference_hash = RowKeys::reference_hash(schema.identity_hash, graded_against);
  answers_.clear();
  for (size_t k = 0; k < candidates_.size(); ++k) {
    const Diagnostic* bad_prediction = nullptr;
    const std::string_view candidate = this->candidate(k, row, &bad_prediction);
    const RowKey key = keys_.of_score(row, span, reader_, content, reference_hash, candidate,
                                      run_name(context_, candidates_[k]));
    const size_t out_index = context_.long_file ? 0 : k;
    std::string& out = outs[out_index];
    RowTally& tally = tallies[k];
    const Diagnostic* bad = bad_variables ? &*bad_variables : bad_prediction;
    if (bad != nullptr) {
      append_bad_row(out, context_.format, key, *bad, context_.scoring.mode);
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
        score_answer(schema, candidate, row, key, context_.artifacts[k], out, tally);
    answer.text = candidate;
    answer.out = out_index;
    answers_.push_back(answer);
  }
}

std::string_view RowScorer::candidate(size_t k, uint64_t row, const Diagnostic** bad) {
  const Predictions* p = context_.predictions;
  if (p == nullptr) return reader_.cell(candidates_[k]);
  const ColumnMap& c = context_.columns;
  const std::string_view id = c.id.present() ? trim_cell(reader_.cell(c.id)) : std::string_view{};
  const uint64_t prediction = p->find(row, id);
  if (prediction == Predictions::kNone) {  // no answer: no_query, told in the run's warnings
    if (use_ != nullptr && k == 0) {
      ++use_->unanswered;
      if (use_->unanswered_ids.size() < 3) use_->unanswered_ids.emplace_back(id);
    }
    return {};
  }
  if (p->joined_by_id() && use_ != nullptr) use_->asked[prediction] = true;
  *bad = p->bad(prediction);
  return p->text(prediction);
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

RowScorer::ScoredAnswer RowScorer::score_answer(const SchemaEntry& schema,
                                                std::string_view candidate, uint64_t row,
                                                const RowKey& key, ArtifactWriter* artifacts,
                                                std::string& out, RowTally& tally) {
  const RowAnswer& result = core_.score(candidate);
  ScoredAnswer answer;
  answer.rest_begin = append_answer_row(out, context_.format, key, result);
  answer.rest_end = out.size();
  answer.outcome = result.outcome;
  answer.value = result.value;
  answer.pass = result.pass;
  tally.add(answer.outcome, answer.value);
  add_tags(tally, answer.pass, false);
  // Artifacts show an equivalence comparison; a subset run writes none.
  if (artifacts != nullptr && result.mode == ScoreMode::kEquivalence &&
      artifacts->picks(result.pass)) {
    ++tally.artifact_matches;
    artifacts->write(row, schema, core_.references().texts(), candidate, core_.score_options(),
                     result.pair);
  }
  return answer;
}

}  // namespace gqleval::batch
