// RowScorer: the worker of `score` runs in the batch pipeline (pipeline.h). It
// turns a shard of input records into result records (result_format.h) and a
// tally for the summary:
//
//   read the record (a malformed one becomes a bad_row result) -> find the
//   row's schema (row_schema.h) -> the row's references and variables, and
//   each candidate scored against them by the row core (row_core.h, the
//   same as rows in memory are scored) -> append the result.
//
// Every record yields exactly one result per candidate column, in record
// order, whatever happens to it. With several candidate columns
// (BatchContext::candidates) the row is read, its schema found and its
// references collected and hashed once (and, in an equivalence run, read,
// validated and normalized once: RowCore::begin), then each candidate is scored
// against them into its own tally and, in a run of one file per candidate,
// its own text (a long file gets each row's lines in candidate order, with
// a run member); a malformed row is a bad_row for every candidate. A
// candidate whose text equals an earlier candidate's of the row (checkpoints
// that gave the same answer) is not scored again: its line is its own key
// and a copy of the earlier line's result part, the bytes scoring it would
// give, since a result depends only on the schema, references, variables,
// options and candidate text (unless the run writes artifacts for it, which
// need the whole result). One RowScorer per worker thread:
// it owns the scoring workspace (the row core), the record reader and the schema lookup, all
// reused from row to row, so a steady run does no heap allocation per row beyond growing the
// shard's output buffer (and the diagnostics of failing rows). The result of a row depends only on
// the row and the run's options, never on which worker scored it or what it scored before.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/batch/batch_input.h"
#include "engine/batch/columns.h"
#include "engine/batch/internal/artifacts.h"
#include "engine/batch/internal/pipeline.h"
#include "engine/batch/internal/predictions.h"
#include "engine/batch/internal/row_key.h"
#include "engine/batch/internal/row_schema.h"
#include "engine/batch/result_format.h"
#include "engine/batch/row_core.h"
#include "engine/batch/summary.h"
#include "io/record_shard.h"

namespace gqleval::batch {

// What the workers share, read-only (the caches are thread-safe).
struct BatchContext {
  const BatchInput* input = nullptr;
  ColumnMap columns;
  SchemaSources schemas;
  RowCoreOptions scoring;  // per run; variables come per row
  OutputFormat format = OutputFormat::kJsonl;
  // Several candidate columns (empty: the one of `columns`); `long_file`:
  // they share one text, each line with its candidate's name as run.
  std::vector<Column> candidates;
  bool long_file = false;
  // Per candidate (one when there are no `candidates`); null where the run
  // writes no artifacts (thread-safe).
  std::vector<ArtifactWriter*> artifacts;
  // The answers from a file of their own (RunOptions::predictions); null:
  // the candidate column.
  const Predictions* predictions = nullptr;
};

class RowScorer final : public ShardWorker {
 public:
  // `use` (the predictions it looked up, the rows it found none for) is the
  // worker's own, read once the run is over; null without predictions.
  explicit RowScorer(const BatchContext& context, PredictionUse* use = nullptr);
  RowScorer(const RowScorer&) = delete;
  RowScorer& operator=(const RowScorer&) = delete;

  // Appends one result per record of the shard to out, and counts them.
  void process(const io::RecordShard& shard, std::string& out, RowTally& tally) override;
  // The same with a text (one, or one per candidate) and a tally per
  // candidate.
  void process_streams(const io::RecordShard& shard, std::span<std::string> outs,
                       std::span<RowTally> tallies) override;

  // One record, the `row`-th data row of the input.
  void score_row(uint64_t row, const io::RecordSpan& span, std::span<std::string> outs,
                 std::span<RowTally> tallies);

 private:
  void add_tags(RowTally& tally, bool pass, bool bad);
  void bad_row(uint64_t row, const io::RecordSpan& span, std::span<std::string> outs,
               std::span<RowTally> tallies);
  // An answer scored in the row being scored: its text, where its line's
  // result part lies (in outs[out]) and what the tally counted.
  struct ScoredAnswer {
    std::string_view text;
    size_t out = 0;
    size_t rest_begin = 0;
    size_t rest_end = 0;
    uint8_t outcome = 0;
    double value = 0;
    bool pass = false;
  };
  // Scores the candidate against the row begun in core_, writes its line
  // and counts it; writes its artifacts when the run asks for them.
  ScoredAnswer score_answer(const SchemaEntry& schema, std::string_view candidate, uint64_t row,
                            const RowKey& key, ArtifactWriter* artifacts, std::string& out,
                            RowTally& tally);
  // Candidate k of the row: its cell, or its prediction (empty when the
  // predictions have none for it); `bad` set to the prediction's fault when
  // its record could not be read.
  std::string_view candidate(size_t k, uint64_t row, const Diagnostic** bad);
  // The earlier answer of the row with this text, or null.
  const ScoredAnswer* scored_before(std::string_view candidate) const;
  void repeat(const ScoredAnswer& earlier, std::span<std::string> outs, const RowKey& key,
              std::string& out, RowTally& tally);

  const BatchContext& context_;
  RecordReader reader_;
  RowSchemas schemas_;
  RowKeys keys_;
  RowCore core_;
  std::vector<Column> one_candidate_;  // the map's, when the run has no candidates list
  std::span<const Column> candidates_;
  std::vector<std::string_view> reference_cells_;  // the row's
  std::vector<std::string_view> hashed_;           // a coverage row's references and lists
  std::vector<ScoredAnswer> answers_;              // the row's, in candidate order
  PredictionUse* use_;                             // what this worker did with the predictions
};

}  // namespace gqleval::batch
