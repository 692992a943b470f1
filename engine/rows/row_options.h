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
#include <optional>
#include <string>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/batch_options.h"
#include "engine/batch/row_core.h"
#include "engine/batch/run_words.h"
#include "engine/batch/schema_cache.h"
#include "engine/rows/option_values.h"
#include "io/csv_record.h"

namespace gqleval::rows {

// A cell longer than this makes its row a bad_row by default, as `gqleval
// score` reads files.
inline constexpr size_t kDefaultMaxFieldBytes = io::kDefaultMaxFieldBytes;

struct RowOptions {
  uint32_t delta = 0;
  std::string rules_file;  // a rewrite rules file (JSON); empty: none
  // As --rule-set ("none": no rule); none: the default rules, not asked for
  // (a subset engine refuses a rule set asked for).
  std::optional<std::string> rule_set;
  std::string mode = "equivalence";  // as --mode: equivalence, subset, coverage
  std::string answer = "one";        // as --answer: one, all (coverage)
  bool extract = true;               // find the candidate in LLM text
  bool ignore_typename = false;
  // Unbound variables keep their names (normalize::NormalizeOptions).
  bool variables_by_name = false;
  bool strict_schema = false;
  std::string operation;  // for documents with several operations
  // A cell longer than this makes its row a bad_row, as in `gqleval score`
  // (io::kDefaultMaxFieldBytes); 0: no limit.
  size_t max_field_bytes = kDefaultMaxFieldBytes;
  // As --schema-cache-mb: none, the default bound; 0: no bound.
  std::optional<uint64_t> schema_cache_mb;
  OptionNames names;  // how messages name the options

  bool operator==(const RowOptions&) const = default;
};

// The options turned into what the engine takes. The operation names of
// `score` and `subset` point into `options.operation`, so a CheckedOptions
// must not be copied or moved after check_options() made it: it is handed
// out on the heap.
struct CheckedOptions {
  RowOptions options;
  batch::RowCoreOptions scoring;
  batch::SchemaCacheOptions cache;
};

// The options as a score run's (batch_run.h) and the words of its flags
// (run_words.h), for check_options() and a file run alike.
void to_run(const RowOptions& options, batch::BatchOptions& run, batch::ScoreWords& words);

// Errors: an unknown mode or rule in rule_set, a rule set in subset mode, a
// rules file that cannot be read or parsed ("PATH: message"), as
// `gqleval score` says them but with the options named by `options.names`.
Result<std::unique_ptr<const CheckedOptions>, Diagnostic> check_options(RowOptions options);

}  // namespace gqleval::rows
