// The totals of a `gqleval calls` run, overall and per group (`--group-by`,
// e.g. the dataset's `domain`), in the layout of the GraphQLRestBench paper's
// table: Arg Match (full) and both Seq Matches averaged over rows (a row that
// is unparseable or has no code counts 0), Arg Match (functions) over the
// reference calls of the set (the paper's denominators: 77 in the test split).
// Malformed input rows (bad_row) are counted apart and in no metric.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "engine/calls/score_calls.h"
#include "io/json_writer.h"

namespace gqleval::calls {

struct CallsTotals {
  uint64_t rows = 0;  // scored, unparseable and no_code rows
  uint64_t scored = 0;
  uint64_t unparseable = 0;
  uint64_t no_code = 0;
  uint64_t bad_rows = 0;
  uint64_t arg_match_full = 0;
  uint64_t calls_matched = 0;
  uint64_t calls_total = 0;
  uint64_t seq_match_full = 0;
  uint64_t seq_match_connected = 0;
  uint64_t invalid_paths = 0;

  void add(const CallsRow& row);
  void merge(const CallsTotals& other);
  double arg_full_rate() const;
  double arg_functions_rate() const;
  double seq_full_rate() const;
  double seq_connected_rate() const;
};

class CallsSummary {
 public:
  void add(const CallsRow& row, std::string_view group);
  void add_bad_row(std::string_view group);
  void merge(const CallsSummary& other);

  const CallsTotals& all() const { return all_; }
  const std::map<std::string, CallsTotals, std::less<>>& groups() const { return groups_; }

  // {"rows": ..., "arg_match_full": ..., ..., "groups": {NAME: {...}}}
  std::string json() const;
  // The same members, into an object the caller has opened.
  void write_members(io::JsonWriter& w) const;
  // The paper's table: one column for all rows, one per group.
  std::string table() const;

 private:
  CallsTotals all_;
  std::map<std::string, CallsTotals, std::less<>> groups_;
};

}  // namespace gqleval::calls
