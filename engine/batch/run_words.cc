#include "engine/batch/run_words.h"

#include <cstdio>

#include "io/file_names.h"

namespace gqleval::batch {
namespace {

// "--mode must be equivalence, subset or coverage, not 'x'", named as the caller names it.
Diagnostic not_one_of(const OptionNames& names, std::string_view key, std::string_view choices,
                      std::string_view value) {
  return make_error("Usage", names.name(key) + " must be " + std::string(choices) + ", not '" +
                                 std::string(value) + "'");
}

std::optional<Diagnostic> read_input_format(const RunWords& words, const OptionNames& names,
                                            InputFormat& format) {
  if (words.input_format && !input_format_from_name(*words.input_format, &format)) {
    return not_one_of(names, "format", "csv, tsv or jsonl", *words.input_format);
  }
  return std::nullopt;
}

std::optional<Diagnostic> read_predictions_format(const RunWords& words, RunOptions& o) {
  if (words.predictions_format &&
      !input_format_from_name(*words.predictions_format, &o.predictions_format)) {
    return not_one_of(o.names, "predictions-format", "csv, tsv or jsonl",
                      *words.predictions_format);
  }
  return std::nullopt;
}

// The mode, and what the mode does not have that a word asked for.
std::optional<Diagnostic> read_mode(const ScoreWords& words, BatchOptions& o) {
  if (words.mode) {
    auto mode = read_score_mode(*words.mode, o.names);
    if (!mode) return std::move(mode.error());
    o.mode = *mode;
  }
  // The library refuses what it can tell was asked for (a delta, a rules
  // file, artifacts); a rule set it cannot tell from the default.
  if (o.mode != ScoreMode::kEquivalence && words.rule_set) {
    return make_error("Usage", o.names.name("rule-set") + " is not available with " +
                                   o.names.with_value("mode", score_mode_name(o.mode)) +
                                   " (it applies no rewrite rule)");
  }
  if (words.answer && *words.answer != "one" && *words.answer != "all") {
    return not_one_of(o.names, "answer", "one or all", *words.answer);
  }
  o.answer_all = words.answer == "all";
  if (words.rule_set) {
    auto rules = normalize::parse_rule_profile(*words.rule_set, o.names.name("rule-set"));
    if (!rules) return std::move(rules.error());
    o.rules = *rules;
  }
  return std::nullopt;
}

std::optional<Diagnostic> read_output_format(const ScoreWords& words, BatchOptions& o) {
  if (words.output_format) {
    if (*words.output_format == "csv") {
      o.output_format = OutputFormat::kCsv;
    } else if (*words.output_format != "jsonl") {
      return not_one_of(o.names, "out-format", "jsonl or csv", *words.output_format);
    }
  } else if (io::results_name_is_csv(o.output)) {
    o.output_format = OutputFormat::kCsv;
  }
  return std::nullopt;
}

std::optional<Diagnostic> read_gates(const ScoreWords& words, BatchOptions& o) {
  for (const std::string& text : words.fail_under) {
    auto gates = parse_gates(text);
    if (!gates) {
      return make_error("Usage", o.names.name("fail-under") + ": " + gates.error().message);
    }
    o.gates.insert(o.gates.end(), gates->begin(), gates->end());
  }
  return std::nullopt;
}

std::optional<Diagnostic> read_shard(const ScoreWords& words, BatchOptions& o) {
  if (!words.shard) return std::nullopt;
  unsigned k = 0;
  unsigned n = 0;
  char tail = 0;
  if (std::sscanf(words.shard->c_str(), "%u/%u%c", &k, &n, &tail) != 2 || k == 0 || k > n) {
    return make_error("Usage", o.names.name("shard") + " must be K/N with 1 <= K <= N, not '" +
                                   *words.shard + "'");
  }
  if (o.output.empty() || o.output == "-" || !o.output_dir.empty()) {
    return make_error("Usage", o.names.name("shard") + " needs its results in a file (" +
                                   o.names.with_value("out", "PATH") + "), for gqleval merge");
  }
  o.shard_index = k;
  o.shard_count = n;
  return std::nullopt;
}

}  // namespace

Result<ScoreMode, Diagnostic> read_score_mode(std::string_view word, const OptionNames& names) {
  ScoreMode mode = ScoreMode::kEquivalence;
  if (!score_mode_from_name(word, &mode)) {
    return Unexpected{not_one_of(names, "mode", "equivalence, subset or coverage", word)};
  }
  return mode;
}

std::string_view summary_format_name(SummaryFormat format) {
  return format == SummaryFormat::kLmEval ? "lm-eval" : "gqleval";
}

bool summary_format_from_name(std::string_view name, SummaryFormat* out) {
  for (SummaryFormat f : {SummaryFormat::kGqleval, SummaryFormat::kLmEval}) {
    if (summary_format_name(f) == name) {
      *out = f;
      return true;
    }
  }
  return false;
}

std::string summary_file_json(SummaryFormat format, const Summary& summary, const RunFacts& facts,
                              std::string_view task) {
  return format == SummaryFormat::kLmEval ? summary_lm_eval_json(summary, facts, task)
                                          : summary_json(summary, facts);
}

std::optional<Diagnostic> read_words(const ScoreWords& words, BatchOptions& o,
                                     SummaryFormat& format) {
  if (auto e = read_mode(words, o)) return e;
  if (auto e = read_output_format(words, o)) return e;
  if (auto e = read_input_format(words, o.names, o.input_format)) return e;
  if (auto e = read_predictions_format(words, o)) return e;
  if (words.artifacts_only &&
      !artifact_filter_from_name(*words.artifacts_only, &o.artifacts_only)) {
    return not_one_of(o.names, "artifacts-only", "fail, pass or all", *words.artifacts_only);
  }
  if (auto e = read_gates(words, o)) return e;
  if (auto e = read_shard(words, o)) return e;
  if (words.summary_format && !summary_format_from_name(*words.summary_format, &format)) {
    return not_one_of(o.names, "summary-format", "gqleval or lm-eval", *words.summary_format);
  }
  return std::nullopt;
}

std::optional<Diagnostic> read_words(const CallsWords& words, CallsRunOptions& o) {
  if (auto e = read_input_format(words, o.names, o.input_format)) return e;
  return read_predictions_format(words, o);
}

std::optional<Diagnostic> read_words(const RunWords& words, ValidateRunOptions& o) {
  return read_input_format(words, o.names, o.input_format);
}

}  // namespace gqleval::batch
