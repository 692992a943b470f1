// gqleval merge: the results and summary of a whole score run from the runs
// of its shards (gqleval score --shard K/N), as if it had been one run.
//
// The results are the shards' results concatenated in row order (CSV: one
// header), whatever order the shards are given in; the shards must be 1..N of
// one N over the same input (the same bytes), by the same gqleval build and
// in the same mode, with their rows contiguous from row 0: a missing shard, a
// shard given twice, results that do not hold the rows their summary says or
// a shard that was interrupted is an error naming the file.
//
// The summary is merged exactly: verdict counts, groups and gates from
// integers, mean F1 (or score) and their standard errors from the sums of the
// rows' F1 in millionths and of their squares, the distinct schemas (and
// those that failed, and each rules warning's schemas) as the union of the
// shards' schema keys, the warning about rows not compared from the merged
// counts. So it is the unsharded run's summary byte for byte, except for
// what says how and when the processes ran: pairs_per_second and, in
// provenance, arguments (the first shard's), output (the merged results),
// started_at (the earliest shard's) and wall_seconds (the shards' sum).
// Nothing is written unless everything checks.
#pragma once

#include <string>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/summary.h"

namespace gqleval::runs {

struct MergeOptions {
  std::vector<std::string> shards;  // results files, each with its summary beside it
  std::string output;               // the merged results
  std::string summary;              // the merged summary (JSON)
};

struct MergeReport {
  batch::Summary summary;
  batch::RunFacts facts;
  size_t shards = 0;
};

Result<MergeReport, Diagnostic> merge_shards(const MergeOptions& options);

}  // namespace gqleval::runs
