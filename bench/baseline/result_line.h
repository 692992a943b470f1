// One JSON Lines result of the baseline (the key list is in baseline_run.h):
// row, id, verdict, pass and errors in gqleval score's names, order and
// formats, so the two result files join by row; the baseline's own fields in
// between.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "bench/baseline/baseline_scorer.h"
#include "engine/base/diagnostic.h"
#include "engine/batch/result_format.h"

namespace gqleval::baseline {

void append_result_line(std::string& out, const batch::RowKey& key, const BaselineResult& result);

void append_bad_row_line(std::string& out, const batch::RowKey& key, const Diagnostic& diagnostic);

}  // namespace gqleval::baseline
