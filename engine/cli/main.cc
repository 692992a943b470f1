// gqleval: decides whether an LLM-written GraphQL query asks for the same data
// as a reference query. This file only dispatches to the subcommands.
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

#include "engine/base/version.h"
#include "engine/cli/commands.h"

namespace {

constexpr std::string_view kUsage =
    "Usage: gqleval <command> [options]\n"
    "\n"
    "Scores GraphQL queries written by language models against reference queries:\n"
    "parses and validates both against the schema, normalizes each to the response\n"
    "tree it asks for, and compares the trees.\n"
    "\n"
    "Commands:\n"
    "  validate   Validate queries against a schema, as a GraphQL server would\n"
    "  score      Score a CSV or JSON Lines file of model answers, one result per row\n"
    "  compare    Compare one candidate query with a reference and explain the verdict\n"
    "  schema     Build a schema from its files (SDL, globs, StepZen projects) and print it\n"
    "  subset     Does one document select everything another selects? (Relay's compare)\n"
    "  report     Compare runs: leaderboard, paired statistics, regressed rows, HTML report\n"
    "  merge      Join the shards of a score run (score --shard K/N) into one run's files\n"
    "  calls      Score function-calling answers (Python API call sequences, GraphQLRestBench)\n"
    "\n"
    "Run 'gqleval help <command>' (or 'gqleval <command> --help') for the options\n"
    "of a command, 'gqleval --version' for the version and commit.\n";

struct Command {
  std::string_view name;
  int (*run)(std::span<char* const> argv);
};

constexpr Command kCommands[] = {
    {"validate", gqleval::cli::run_validate}, {"score", gqleval::cli::run_score},
    {"compare", gqleval::cli::run_compare},   {"schema", gqleval::cli::run_schema},
    {"subset", gqleval::cli::run_subset},     {"calls", gqleval::cli::run_calls},
    {"report", gqleval::cli::run_report},     {"merge", gqleval::cli::run_merge},
};

const Command* find_command(std::string_view name) {
  for (const Command& c : kCommands) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

// gqleval help [COMMAND]: the general usage, or what COMMAND --help prints.
int run_help(std::span<char* const> rest) {
  using namespace gqleval::cli;
  if (rest.empty()) {
    std::fputs(kUsage.data(), stdout);
    return kExitOk;
  }
  const std::string_view name = rest[0];
  const Command* command = rest.size() == 1 ? find_command(name) : nullptr;
  if (command == nullptr) {
    std::fprintf(stderr,
                 "gqleval help: %s; the commands are validate, score, compare, schema, subset, "
                 "calls, report, merge (see 'gqleval --help')\n",
                 rest.size() == 1 ? ("unknown command '" + std::string(name) + "'").c_str()
                                  : "give one command");
    return kExitUsage;
  }
  static char help_flag[] = "--help";
  char* const argv[] = {help_flag};
  return command->run(std::span<char* const>(argv));
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gqleval::cli;
  std::span<char* const> all(argv, static_cast<size_t>(argc));
  if (all.size() < 2) {
    std::fputs(kUsage.data(), stderr);
    return kExitUsage;
  }
  std::string_view command = all[1];
  auto rest = all.subspan(2);
  if (command == "--help" || command == "-h") {
    std::fputs(kUsage.data(), stdout);
    return kExitOk;
  }
  if (command == "help") return run_help(rest);
  if (command == "--version") {
    const std::string_view version = gqleval::version(), commit = gqleval::git_commit();
    std::printf("gqleval %.*s (commit %.*s)\n", static_cast<int>(version.size()), version.data(),
                static_cast<int>(commit.size()), commit.data());
    return kExitOk;
  }
  if (const Command* c = find_command(command)) return c->run(rest);
  std::fprintf(stderr, "gqleval: unknown command '%.*s' (see 'gqleval --help')\n",
               static_cast<int>(command.size()), command.data());
  return kExitUsage;
}
