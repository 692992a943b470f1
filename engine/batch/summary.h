// The summary of a batch run: rows, the count and share of each verdict, the
// pass rate, the mean F1, the pass rate per value of each tag column the user
// named (group-by columns), and the facts of the run (wall time, pairs per
// second, threads, the rule profile).
//
// Workers count into a RowTally per shard (no sharing, no locks); the writer,
// which sees shards in input order, folds each tally into the Summary. Every
// sum is an integer (F1 is summed in millionths), so the summary is the same
// however the rows were split into shards or spread over threads.
//
// Shares and rates are over all rows: a row that was not compared (a stage 1
// verdict, a bad row) counts as a fail with F1 0, as a leaderboard counts a
// question the model did not answer.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/batch/result_format.h"

namespace gqleval::batch {

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
  uint64_t f1_millionths = 0;
  std::vector<Tag> tags;
  std::string text;  // tag values, back to back

  void clear();
  void add(uint8_t outcome, double f1);
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
  explicit Summary(std::vector<std::string> group_columns);

  void add(const RowTally& tally);

  uint64_t rows() const { return rows_; }
  uint64_t count(uint8_t outcome) const { return outcomes_[outcome]; }
  uint64_t passes() const;
  double pass_rate() const;
  double mean_f1() const;  // over all rows; a row not compared counts 0
  const std::vector<Group>& groups() const { return groups_; }

 private:
  uint64_t rows_ = 0;
  std::array<uint64_t, kOutcomeCount> outcomes_{};
  uint64_t f1_millionths_ = 0;
  std::vector<Group> groups_;
};

// What the summary says about the run itself.
struct RunFacts {
  std::string input;
  std::string output;  // "-" for stdout
  unsigned threads = 0;
  double wall_seconds = 0;
  std::string rule_profile;  // normalize::rule_profile(), e.g. "cycles,endpoints"
  uint32_t delta = 0;
  size_t schemas = 0;          // distinct schema texts seen
  size_t schema_failures = 0;  // of them, those that did not build
  // The rules file's warnings: message, and how many schemas it applied to.
  std::vector<std::pair<std::string, size_t>> rules_warnings;
};

// Values of a tag column in natural order: numbers by value, before text.
std::vector<std::pair<std::string, Summary::GroupValue>> ordered_values(const Summary::Group& g);

// The summary as one JSON object (for --summary PATH), with a final newline.
std::string summary_json(const Summary& summary, const RunFacts& facts);

// The summary as a table for a terminal (stderr).
std::string summary_table(const Summary& summary, const RunFacts& facts);

}  // namespace gqleval::batch
