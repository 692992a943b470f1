#include "engine/cli/commands.h"

#include <cstdio>
#include <string>

#include "engine/base/concat.h"

namespace gqleval::cli {
namespace {

constexpr std::string_view kDescription =
    "Scores GraphQL queries written by language models against reference queries:\n"
    "parses and validates both against the schema, normalizes each to the response\n"
    "tree it asks for, and compares the trees.\n";

constexpr std::string_view kHelpHint =
    "Run 'gqleval help <command>' (or 'gqleval <command> --help') for the options\n"
    "of a command, 'gqleval --version' for the version and commit.\n";

// In the order `gqleval --help` lists them.
constexpr Command kCommands[] = {
    {"validate", "Validate queries against a schema, as a GraphQL server would", run_validate,
     validate_help},
    {"score", "Score a CSV or JSON Lines file of model answers, one result per row", run_score,
     score_help},
    {"compare", "Compare one candidate query with a reference and explain the verdict", run_compare,
     compare_help},
    {"schema", "Build a schema from its files (SDL, globs, StepZen projects) and print it",
     run_schema, schema_help},
    {"subset", "Does one document select everything another selects? (Relay's compare)", run_subset,
     subset_help},
    {"report", "Compare runs: leaderboard, paired statistics, regressed rows, HTML report",
     run_report, report_help},
    {"merge", "Join the shards of a score run (score --shard K/N) into one run's files", run_merge,
     merge_help},
    {"calls", "Score function-calling answers (Python API call sequences, GraphQLRestBench)",
     run_calls, calls_help},
};

}  // namespace

int print_help(const CommandHelp& help) {
  std::fwrite(help.text.data(), 1, help.text.size(), stdout);
  std::fputs(format_flags(help.flags).c_str(), stdout);
  return kExitOk;
}

std::span<const Command> commands() { return kCommands; }

const Command* find_command(std::string_view name) {
  for (const Command& c : kCommands) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

std::string command_names() {
  std::string names;
  for (const Command& c : kCommands) {
    if (!names.empty()) names += ", ";
    names += c.name;
  }
  return names;
}

std::string_view program_description() { return kDescription; }

std::string_view program_help_hint() { return kHelpHint; }

std::string general_help() {
  std::string out =
      concat({"Usage: gqleval <command> [options]\n\n", kDescription, "\nCommands:\n"});
  for (const Command& c : kCommands) {
    // The summaries line up in one column, three spaces after "validate".
    std::string name(c.name);
    name.resize(11, ' ');
    out += concat({"  ", name, c.summary, "\n"});
  }
  out += concat({"\n", kHelpHint});
  return out;
}

}  // namespace gqleval::cli
