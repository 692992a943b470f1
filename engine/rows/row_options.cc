#include "engine/rows/row_options.h"

#include <utility>

#include "engine/batch/batch_run.h"
#include "engine/batch/run_words.h"

namespace gqleval::rows {

Result<std::unique_ptr<const CheckedOptions>, Diagnostic> check_options(RowOptions options) {
  // The options of a score run, read and turned into the engine's as a run
  // does (batch/run_words.h, batch_run.h).
  batch::BatchOptions run;
  run.names = options.names;
  run.delta = options.delta;
  run.rules_file = options.rules_file;
  run.extract = options.extract;
  run.ignore_typename = options.ignore_typename;
  run.variables_by_name = options.variables_by_name;
  run.strict_schema = options.strict_schema;
  run.schema_cache_bytes = options.schema_cache_bytes != 0 ? options.schema_cache_bytes
                                                           : batch::default_schema_cache_bytes();
  batch::ScoreWords words;
  words.mode = options.mode;
  // The default rule set is no request, as the flag left out: a subset run
  // refuses a rule set asked for, not the default one.
  if (options.rule_set != "cycles,endpoints") words.rule_set = options.rule_set;
  batch::SummaryFormat unused = batch::SummaryFormat::kGqleval;
  if (auto error = batch::read_words(words, run, unused)) return Unexpected{std::move(*error)};
  if (auto error = batch::check_mode(run)) return Unexpected{std::move(*error)};
  auto cache = batch::schema_cache_options(run);
  if (!cache) return Unexpected{std::move(cache.error())};

  auto checked = std::make_unique<CheckedOptions>();
  checked->cache = std::move(*cache);
  checked->mode = run.mode;
  checked->options = std::move(options);
  checked->score = batch::score_options(run);
  checked->subset = batch::subset_options(run);
  // The operation names must point into what the CheckedOptions keeps.
  checked->score.operation_name = checked->options.operation;
  checked->subset.operation_name = checked->options.operation;
  return std::unique_ptr<const CheckedOptions>(std::move(checked));
}

}  // namespace gqleval::rows
