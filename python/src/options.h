// What a Python caller chooses for scoring: the keyword arguments that
// gqleval.compare, gqleval.Scorer and gqleval.score_batch share, as the
// options of `gqleval score` name them. Checked once, when a Scorer is made,
// by the library's reading of a score run's options (batch/run_words.h,
// batch_run.h) with the keywords' names in its messages, so that a bad option
// fails before any row is scored.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/schema_cache.h"
#include "engine/normalize/rules_file.h"
#include "engine/score/score_pair.h"
#include "io/csv_record.h"

namespace gqleval::python {

struct ModuleOptions {
  uint32_t delta = 0;
  std::string rules_file;                     // a rewrite rules file (JSON); empty: none
  std::string rule_set = "cycles,endpoints";  // as --rule-set; "none": no rule
  bool extract = true;                        // find the candidate in LLM text
  bool ignore_typename = false;
  bool strict_schema = false;
  std::string operation;  // for documents with several operations
  // A cell longer than this makes its row a bad_row, as in `gqleval score`
  // (io::kDefaultMaxFieldBytes); 0: no limit.
  size_t max_field_bytes = io::kDefaultMaxFieldBytes;
  size_t schema_cache_bytes = 0;  // 0: batch::default_schema_cache_bytes()
};

// The options turned into what the engine takes. `score.operation_name`
// points into `operation`, so a CheckedOptions must not be copied or moved
// after check_options() made it: it is handed out on the heap.
struct CheckedOptions {
  ModuleOptions module;
  score::ScoreOptions score;
  batch::SchemaCacheOptions cache;
};

// Errors: an unknown rule in rule_set, a rules file that cannot be read or
// parsed ("PATH: message"), as `gqleval score` says them.
Result<std::unique_ptr<const CheckedOptions>, Diagnostic> check_options(ModuleOptions options);

}  // namespace gqleval::python
