// The summary of one shard of a score run (gqleval score --shard K/N), read
// back from its JSON (batch/summary.h, with its "shard" member) into the
// counts and facts that `gqleval merge` adds up. Every figure that a merge
// needs exactly is an integer or a text in the file (the sums of F1 in
// millionths and of their squares, the distinct schemas' keys), never a mean.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/base/result.h"
#include "engine/batch/run_checks.h"
#include "engine/batch/score_mode.h"
#include "engine/batch/summary.h"

namespace gqleval::runs {

struct ShardSummary {
  batch::ScoreMode mode = batch::ScoreMode::kEquivalence;
  uint64_t rows = 0;
  batch::Summary::Counts counts;
  std::vector<batch::Gate> gates;
  batch::RunFacts facts;  // provenance, delta, artifacts, resumed_rows, shard
  std::string gqleval_version;
  std::string git_commit;
};

// The summary in `json`, or why it is not a shard's summary of this results
// version (the message names no file: the caller does).
Result<ShardSummary, Diagnostic> parse_shard_summary(std::string_view json);

}  // namespace gqleval::runs
