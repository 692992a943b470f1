#include "python/src/options.h"

#include <utility>

#include "engine/normalize/options.h"

namespace gqleval::python {

Result<std::unique_ptr<const CheckedOptions>, std::string> check_options(ModuleOptions options) {
  auto checked = std::make_unique<CheckedOptions>();
  normalize::RuleSwitches rules;
  std::string bad;
  if (!normalize::parse_rule_profile(options.rule_set, &rules, &bad)) {
    return Unexpected{"unknown rule '" + bad +
                      "' in rule_set (the rules are cycles, endpoints, rgeval)"};
  }
  // As batch_run.cc's cache_options: the schema cache builds the rewrite
  // rules only when one is on, and reads the rules file once.
  batch::SchemaCacheOptions& cache = checked->cache;
  cache.build.strict = options.strict_schema;
  cache.build_rewrites = rules.cycles || rules.endpoints || rules.rgeval;
  cache.max_bytes = options.schema_cache_bytes != 0 ? options.schema_cache_bytes
                                                    : batch::default_schema_cache_bytes();
  if (!options.rules_file.empty()) {
    auto loaded = normalize::RulesFile::load(options.rules_file);
    if (!loaded) return Unexpected{options.rules_file + ": " + loaded.error().message};
    cache.rules_file = std::make_shared<const normalize::RulesFile>(std::move(*loaded));
  }
  checked->module = std::move(options);
  // As batch_run.cc's score_options.
  score::ScoreOptions& score = checked->score;
  score.delta = checked->module.delta;
  score.normalize.ignore_typename = checked->module.ignore_typename;
  score.normalize.rules = rules;
  score.operation_name = checked->module.operation;
  score.extract_candidate = checked->module.extract;
  return std::unique_ptr<const CheckedOptions>(std::move(checked));
}

}  // namespace gqleval::python
