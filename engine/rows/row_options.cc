#include "engine/rows/row_options.h"

#include <utility>

#include "engine/batch/batch_run.h"
#include "engine/batch/run_words.h"

namespace gqleval::rows {

void to_run(const RowOptions& options, batch::BatchOptions& run, batch::ScoreWords& words) {
  run.names = options.names;
  run.delta = options.delta;
  run.rules_file = options.rules_file;
  run.extract = options.extract;
  run.ignore_typename = options.ignore_typename;
  run.variables_by_name = options.variables_by_name;
  run.strict_schema = options.strict_schema;
  run.operation = options.operation;
  run.max_field_bytes = options.max_field_bytes;
  run.schema_cache_bytes = options.schema_cache_mb ? *options.schema_cache_mb << 20
                                                   : batch::default_schema_cache_bytes();
  words.mode = options.mode;
  words.answer = options.answer;
  words.rule_set = options.rule_set;
}

Result<std::unique_ptr<const CheckedOptions>, Diagnostic> check_options(RowOptions options) {
  // The options of a score run, read and turned into the engine's as a run
  // does (batch/run_words.h, batch_run.h).
  batch::BatchOptions run;
  batch::ScoreWords words;
  to_run(options, run, words);
  batch::SummaryFormat unused = batch::SummaryFormat::kGqleval;
  if (auto error = batch::read_words(words, run, unused)) return Unexpected{std::move(*error)};
  if (auto error = batch::check_mode(run)) return Unexpected{std::move(*error)};
  auto cache = batch::schema_cache_options(run);
  if (!cache) return Unexpected{std::move(cache.error())};

  auto checked = std::make_unique<CheckedOptions>();
  checked->cache = std::move(*cache);
  checked->options = std::move(options);
  checked->scoring = batch::row_core_options(run);
  // The operation names must point into what the CheckedOptions keeps.
  checked->scoring.score.operation_name = checked->options.operation;
  checked->scoring.subset.operation_name = checked->options.operation;
  return std::unique_ptr<const CheckedOptions>(std::move(checked));
}

}  // namespace gqleval::rows
