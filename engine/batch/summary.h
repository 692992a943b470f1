// The summary of a batch run: rows, the count and share of each verdict, the
// pass rate and mean F1 with their standard errors, the pass rate per value of
// each tag column the user named (group-by columns), the gates and warnings of
// the run, and its provenance (provenance.h).
//
// Workers count into a RowTally per shard (no sharing, no locks); the writer,
// which sees shards in input order, folds each tally into the Summary. Every
// sum is an integer (F1 is summed in millionths, its square in millionths
// squared), so the summary is the same however the rows were split into
// shards or spread over threads.
//
// Shares and rates are over all rows: a row that was not compared (a stage 1
// verdict, a bad row) counts as a fail with F1 0, as a leaderboard counts a
// question the model did not answer, and as its result row says (f1 0).
//
// A subset run (score_mode.h) counts its own verdicts (subset, missing, the
// stage 1 ones, bad_row) and, in place of F1, each row's subset score (0 for
// a row not compared): its summary has mean_score where an equivalence run's
// has mean_f1, and no delta.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/batch/distinct_schema.h"
#include "engine/batch/provenance.h"
#include "engine/batch/result_format.h"
#include "engine/batch/score_mode.h"

namespace gqleval::batch {

// Wide enough for the squares of a billion rows' F1 in millionths.
__extension__ using F1Squares = unsigned __int128;
// Its decimal text (JSON numbers cannot hold it exactly), and back; false
// when the text is not one.
std::string f1_squares_text(F1Squares v);
bool f1_squares_from_text(std::string_view text, F1Squares* out);

// What a shard's rows count for: the number of rows per outcome, in the codes
// of the row kind (score rows: result_format.h's outcomes; validate rows:
// row_validator.h's), the F1 sum and the tag values of score rows.
struct RowTally {
  struct Tag {
    uint32_t group = 0;   // index of the group-by column
    uint32_t offset = 0;  // the value in `text`
    uint32_t size = 0;
    bool pass = false;
  };

  std::array<uint64_t, kOutcomeCount> outcomes{};
  // The rows' F1, or in a subset run their scores, in millionths.
  uint64_t f1_millionths = 0;
  F1Squares f1_squares = 0;  // sum of the squares of each row's millionths
  std::vector<Tag> tags;
  std::string text;               // tag values, back to back
  uint64_t artifact_matches = 0;  // rows the artifacts filter picked

  void clear();
  void add(uint8_t outcome, double f1);  // f1: the row's score in a subset run
  void add_tag(uint32_t group, std::string_view value, bool pass);
};

class Summary {
 public:
  struct GroupValue {
    uint64_t rows = 0;
    uint64_t passes = 0;
  };
  struct Group {
    std::string column;
    std::map<std::string, GroupValue, std::less<>> values;
  };

  Summary() = default;
  explicit Summary(std::vector<std::string> group_columns,
                   ScoreMode mode = ScoreMode::kEquivalence);

  void add(const RowTally& tally);

  ScoreMode mode() const { return mode_; }
  uint64_t rows() const { return rows_; }
  uint64_t count(uint8_t outcome) const { return outcomes_[outcome]; }
  uint64_t passes() const;
  uint64_t compared() const;  // rows whose queries were compared
  double pass_rate() const;
  double compared_rate() const;
  // Over all rows; a row not compared counts 0. Each is 0 in another mode's
  // run: mean_f1 is an equivalence run's, mean_score a subset run's,
  // mean_recall a coverage run's (the gates read them by name).
  double mean_f1() const;
  double mean_score() const;
  double mean_recall() const;
  // The mean of the mode's graded member (score_mode.h graded_member).
  double mean() const;
  // Standard errors of the means, with the sample variance (n - 1), as
  // lm-evaluation-harness reports them; 0 for fewer than two rows.
  double pass_rate_stderr() const;
  double mean_stderr() const;
  const std::vector<Group>& groups() const { return groups_; }

  // Its counts as they stand, for a run that stops and is resumed later
  // (internal/resume_state.h): a Summary restored from them goes on adding up
  // exactly as this one would.
  struct Counts {
    std::array<uint64_t, kOutcomeCount> outcomes{};
    uint64_t f1_millionths = 0;
    F1Squares f1_squares = 0;
    std::vector<Group> groups;
  };
  Counts counts() const { return Counts{outcomes_, f1_millionths_, f1_squares_, groups_}; }
  // False when the counts do not fit this summary (other group columns).
  bool restore(Counts counts);

 private:
  ScoreMode mode_ = ScoreMode::kEquivalence;
  uint64_t rows_ = 0;
  std::array<uint64_t, kOutcomeCount> outcomes_{};
  uint64_t f1_millionths_ = 0;
  F1Squares f1_squares_ = 0;
  std::vector<Group> groups_;
};

// A gate of the run and whether it was met (run_checks.h).
struct GateOutcome {
  std::string metric;
  double threshold = 0;
  double value = 0;
  bool met = false;
};

// What the run wrote as artifacts (--artifacts).
struct ArtifactFacts {
  std::string dir;
  std::string only;    // "fail", "pass", "all"
  uint64_t limit = 0;  // 0: none
  uint64_t matched = 0;
  uint64_t written = 0;
};

// What the summary of one shard of a run (gqleval score --shard K/N) adds so
// that `gqleval merge` can give the summary of the whole exactly: where the
// shard is, its sums (not only their means), its distinct schemas (counted
// over the whole, not summed) and the cause of each outcome that is not a
// comparison (the warning of the whole names them; the columns are not in
// the summary).
struct ShardFacts {
  uint32_t index = 0;  // K, 1-based
  uint32_t count = 0;  // N
  uint64_t first_row = 0;
  uint64_t input_begin = 0;  // the slice: records that start in [begin, end)
  uint64_t input_end = 0;
  std::vector<DistinctSchema> schemas;
  std::vector<std::pair<uint8_t, std::string>> causes;
};

// What the summary says about the run itself.
struct RunFacts {
  Provenance provenance;
  uint32_t delta = 0;
  bool variables_by_name = false;  // unbound variables kept their names
  size_t schemas = 0;              // distinct schema texts seen
  size_t schema_failures = 0;      // of them, those that did not build
  // The rules file's warnings: message, and how many schemas it applied to.
  std::vector<std::pair<std::string, size_t>> rules_warnings;
  std::vector<GateOutcome> gates;
  std::vector<std::string> warnings;  // e.g. most rows never compared
  bool mostly_not_compared = false;
  std::optional<ArtifactFacts> artifacts;
  bool interrupted = false;         // the run stopped on a signal; rows are those done
  uint64_t resumed_rows = 0;        // rows an interrupted run had done before this one resumed it
  std::optional<ShardFacts> shard;  // a shard's run: the summary's "shard" member
};

// Values of a tag column in natural order: numbers by value, before text.
std::vector<std::pair<std::string, Summary::GroupValue>> ordered_values(const Summary::Group& g);

// The summary as one JSON object (for --summary PATH), with a final newline;
// its members are the results contract's (docs/results.schema.json): "mode",
// the verdicts of the run's mode, and its mean (mean_f1 or mean_score).
std::string summary_json(const Summary& summary, const RunFacts& facts);

// The summary in lm-evaluation-harness's results layout, for harnesses and
// dashboards that read those files: "results": {task: {"alias", "pass,none",
// "pass_stderr,none", "f1,none", "f1_stderr,none"}}, "n-samples", "versions",
// "higher_is_better", "configs", "date", "git_hash", and gqleval's own
// provenance. `task` names the task (e.g. the input file's stem).
std::string summary_lm_eval_json(const Summary& summary, const RunFacts& facts,
                                 std::string_view task);

// The summary as a table for a terminal (stderr).
std::string summary_table(const Summary& summary, const RunFacts& facts);

}  // namespace gqleval::batch
