// The runs a report is asked for: results files, or folders of them (what
// `gqleval score --out-dir DIR` writes: DIR/<column>.jsonl, one per candidate
// column), read in parallel.
//
// A folder gives its *.jsonl files (also .jsonl.gz and .jsonl.zst), in
// natural order of their names (ckpt_2 before ckpt_10), which is the order of
// the trend; files ending .partial (a run in progress) are not results. Each
// run is named by its file's stem unless `names` names them all, in order;
// two runs of one name are an error, as --baseline could not tell them apart.
#pragma once

#include <string>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/report/run_file.h"

namespace gqleval::report {

// The results files that `inputs` name, in order.
Result<std::vector<std::string>, Diagnostic> expand_inputs(const std::vector<std::string>& inputs);

// Reads every file (one thread per file), named as above.
Result<std::vector<Run>, Diagnostic> read_runs(const std::vector<std::string>& files,
                                               const std::vector<std::string>& names,
                                               const std::vector<std::string>& group_by);

}  // namespace gqleval::report
