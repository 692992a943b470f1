// What a language binding's caller chooses for scoring rows held in memory:
// the options that the bindings' compare, Scorer and score_batch share, as
// the options of `gqleval score` name them. Checked once, when an engine is
// made, by the library's reading of a score run's options (batch/run_words.h,
// batch_run.h), with the options named in messages as the caller's users
// name them (`rule_set` in Python, `ruleSet` in JavaScript), so that a bad
// option fails before any row is scored.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/option_names.h"
#include "engine/batch/schema_cache.h"
#include "engine/batch/score_mode.h"
#include "engine/normalize/rules_file.h"
#include "engine/score/score_pair.h"
#include "engine/score/subset.h"
#include "io/csv_record.h"

namespace gqleval::rows {

struct RowOptions {
  uint32_t delta = 0;
  std::string rules_file;                     // a rewrite rules file (JSON); empty: none
  std::string rule_set = "cycles,endpoints";  // as --rule-set; "none": no rule
  std::string mode = "equivalence";           // as --mode: equivalence, subset
  bool extract = true;                        // find the candidate in LLM text
  bool ignore_typename = false;
  // Unbound variables keep their names (normalize::NormalizeOptions).
  bool variables_by_name = false;
  bool strict_schema = false;
  std::string operation;  // for documents with several operations
  // A cell longer than this makes its row a bad_row, as in `gqleval score`
  // (io::kDefaultMaxFieldBytes); 0: no limit.
  size_t max_field_bytes = io::kDefaultMaxFieldBytes;
  size_t schema_cache_bytes = 0;  // 0: batch::default_schema_cache_bytes()
  batch::OptionNames names;       // how messages name the options
};

// The options turned into what the engine takes. The operation names of
// `score` and `subset` point into `options.operation`, so a CheckedOptions
// must not be copied or moved after check_options() made it: it is handed
// out on the heap.
struct CheckedOptions {
  RowOptions options;
  batch::ScoreMode mode = batch::ScoreMode::kEquivalence;
  score::ScoreOptions score;
  score::SubsetOptions subset;
  batch::SchemaCacheOptions cache;
};

// Errors: an unknown mode or rule in rule_set, a rule set in subset mode, a
// rules file that cannot be read or parsed ("PATH: message"), as
// `gqleval score` says them but with the options named by `options.names`.
Result<std::unique_ptr<const CheckedOptions>, Diagnostic> check_options(RowOptions options);

}  // namespace gqleval::rows
