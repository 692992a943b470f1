// Where the files of a run lie beside each other: a results file RESULTS
// (STEM.jsonl, STEM.csv) has its summary at STEM.summary.json, as `gqleval
// score --out-dir` names them and as `gqleval score --shard` writes a shard's
// summary by default, so that `gqleval merge` finds it.
#pragma once

#include <string>

namespace gqleval::runs {

// "r/part-3.summary.json" for "r/part-3.jsonl" (or .csv, .ndjson, .json);
// the path plus ".summary.json" for any other name.
std::string summary_path_for(const std::string& results);

}  // namespace gqleval::runs
