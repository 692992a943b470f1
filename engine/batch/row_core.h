// RowCore: one row scored, the one implementation behind every face that
// scores rows: a file's rows (the batch pipeline's RowScorer) and rows held
// in memory (engine/rows, which the language bindings call):
//
//   begin(): the row's references kept as a run counts them
//   (row_references.h), its variables cell checked (one that is not a JSON
//   object makes the row a bad_row for every candidate, before any query is
//   read) and, in an equivalence run, the references read, validated and
//   normalized once for all the row's candidates (Scorer::set_references)
//   -> score(): a candidate scored against them in the run's mode
//   (score::Scorer, score::SubsetComparer for a subset run, or
//   score::CoverageGrader for a coverage run, against the row's lists of
//   coordinates or its primary reference's own), its indices
//   turned into reference columns, its outcome for the summary
//   -> the caller writes the answer: a file's line (append_answer_row) or a
//   result's members alone (append_answer_members).
//
// One RowCore per thread: it owns the scorers' workspaces, reused from row to
// row. An answer depends only on the row's schema, references, variables,
// candidate and the options, never on what the core scored before.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/batch/result_format.h"
#include "engine/batch/row_references.h"
#include "engine/batch/schema_cache.h"
#include "engine/batch/score_mode.h"
#include "engine/normalize/variables.h"
#include "engine/score/coverage.h"
#include "engine/score/score_pair.h"
#include "engine/score/subset.h"

namespace gqleval::batch {

// The options of a run's scoring, the same for every row (variables come per
// row).
struct RowCoreOptions {
  ScoreMode mode = ScoreMode::kEquivalence;
  score::ScoreOptions score;
  score::SubsetOptions subset;
  score::CoverageOptions coverage;
};

// A coverage row's lists: the cells of its required and excluded columns;
// `listed`: the run has a required column (else the required coordinates
// are those the primary reference traverses).
struct CoverageCells {
  bool listed = false;
  std::string_view required;
  std::string_view excluded;
};

// A candidate's result in the run's mode, and what a summary counts of it.
struct RowAnswer {
  ScoreMode mode = ScoreMode::kEquivalence;
  score::PairResult pair;       // an equivalence run's
  score::SubsetRow subset;      // a subset run's
  score::CoverageRow coverage;  // a coverage run's
  uint8_t outcome = 0;          // result_format.h's outcome code
  double value = 0;             // the F1, or the subset score of a compared row
  bool pass = false;
};

class RowCore {
 public:
  explicit RowCore(const RowCoreOptions& options);
  RowCore(const RowCore&) = delete;
  RowCore& operator=(const RowCore&) = delete;

  // Starts a row with its reference cells (in column order, the primary
  // first) and its variables cell. Returns the bad variables' error
  // (rule "invalid_variables", at `where`), and then no candidate may be
  // scored.
  std::optional<Diagnostic> begin(const SchemaEntry& schema,
                                  std::span<const std::string_view> reference_cells,
                                  std::string_view variables_cell, SourcePos where,
                                  const CoverageCells& lists = {});

  // The row's kept references (after begin()).
  const RowReferences& references() const { return references_; }
  // The run's scoring options with the row's variables (after begin()).
  const score::ScoreOptions& score_options() const { return score_; }

  // Scores a candidate of the row begun; the answer stays valid until the
  // next score() or begin().
  const RowAnswer& score(std::string_view candidate);

 private:
  void score_equivalence(std::string_view candidate);
  void score_subset(std::string_view candidate);
  void score_coverage(std::string_view candidate);
  void begin_coverage(const CoverageCells& lists);

  const RowCoreOptions& options_;
  const SchemaEntry* schema_ = nullptr;
  score::ScoreOptions score_;
  score::SubsetOptions subset_options_;
  score::Scorer scorer_;
  score::SubsetComparer subset_;
  // The schema subset_ compared with last, kept alive: the comparer keeps
  // what it derived from a schema while it is given the same address.
  std::shared_ptr<const schema::Schema> subset_schema_;
  score::CoverageGrader coverage_;
  score::CoverageTask task_;  // the row's, views of the lists below
  std::vector<std::string> required_;
  std::vector<std::string> excluded_;
  std::optional<Diagnostic> bad_list_;  // a list cell that is no list: the row's fault
  normalize::VariableBindings variables_check_;
  RowReferences references_;
  RowAnswer answer_;
};

// A file's line for the answer (result_format.h's append_row_result or
// append_subset_row); returns where its result's part begins.
size_t append_answer_row(std::string& out, OutputFormat format, const RowKey& key,
                         const RowAnswer& answer);

// The answer's result members as one JSON object, `{"verdict":...}`: a
// result line without its head (row, id, ...), which belongs to a file.
void append_answer_members(std::string& out, const RowAnswer& answer);

}  // namespace gqleval::batch
