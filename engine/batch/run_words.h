// The options of a run that a caller's users give as words (the command
// line's flag values, the Python module's keyword strings), read into the
// run's options once for every caller: each word is checked here, and every
// message names the option as the caller's users named it (RunOptions::names:
// `--rule-set` on the command line, `rule_set` in Python).
//
// A word that was not given is std::nullopt: the run's default holds (and a
// check that concerns whether an option was asked for at all, such as a rule
// set with --mode subset, sees that it was not). Numbers and switches are not
// words: each caller reads them in its own terms (a flag's count, a Python
// int) and sets the options directly.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/base/result.h"
#include "engine/batch/batch_run.h"
#include "engine/batch/calls_run.h"
#include "engine/batch/validate_run.h"

namespace gqleval::batch {

// The layout of a score run's summary file (summary.h).
enum class SummaryFormat : uint8_t { kGqleval, kLmEval };
std::string_view summary_format_name(SummaryFormat format);  // "gqleval", "lm-eval"
bool summary_format_from_name(std::string_view name, SummaryFormat* out);
// The summary as --summary writes it, in `format`'s layout; `task` names the
// task of an lm-eval summary.
std::string summary_file_json(SummaryFormat format, const Summary& summary, const RunFacts& facts,
                              std::string_view task);

// The words every run has.
struct RunWords {
  std::optional<std::string> input_format;        // format: csv, tsv, jsonl
  std::optional<std::string> predictions_format;  // csv, tsv, jsonl (score and calls)
};

struct ScoreWords : RunWords {
  std::optional<std::string> mode;            // equivalence, subset, coverage
  std::optional<std::string> answer;          // one (the default), all
  std::optional<std::string> output_format;   // out-format: jsonl, csv (none: by the output's name)
  std::optional<std::string> rule_set;        // rule-set: "cycles,endpoints", "none", ...
  std::optional<std::string> artifacts_only;  // fail, pass, all
  std::optional<std::string> shard;           // K/N
  std::optional<std::string> summary_format;  // gqleval, lm-eval
  std::vector<std::string> fail_under;        // gates, each "pass_rate=0.6[,...]"
};

struct CallsWords : RunWords {};

// The mode a word names ("--mode must be equivalence, subset or coverage, not 'x'",
// named as `names` names it).
Result<ScoreMode, Diagnostic> read_score_mode(std::string_view word, const OptionNames& names);

// Reads `words` into `o` (and the summary's layout into `format`); the first
// word that is wrong is an error (rule "Usage").
std::optional<Diagnostic> read_words(const ScoreWords& words, BatchOptions& o,
                                     SummaryFormat& format);
std::optional<Diagnostic> read_words(const CallsWords& words, CallsRunOptions& o);
std::optional<Diagnostic> read_words(const RunWords& words, ValidateRunOptions& o);

}  // namespace gqleval::batch
