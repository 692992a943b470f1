// The subcommands of the gqleval program. Each takes the arguments after its
// own name and returns the process exit code: 0 success, 1 a negative result
// (an invalid query, a pair that does not pass), 2 a usage or I/O error.
// One table holds them (commands()) with their help, which `gqleval --help`,
// `gqleval help COMMAND`, `COMMAND --help` and the man page (man_page.h) all
// print from, so that no option is described twice.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "engine/cli/args.h"

namespace gqleval::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitNegative = 1;
inline constexpr int kExitUsage = 2;

int run_validate(std::span<char* const> argv);
int run_score(std::span<char* const> argv);
int run_compare(std::span<char* const> argv);
int run_schema(std::span<char* const> argv);
int run_subset(std::span<char* const> argv);
int run_report(std::span<char* const> argv);
int run_merge(std::span<char* const> argv);
int run_calls(std::span<char* const> argv);

// What `gqleval COMMAND --help` prints: `text`, the usage line(s) then the
// description ("Usage: gqleval COMMAND ...\n\n...\n\n"), then the "Options:"
// block of `flags` (format_flags): the flags a user is told of, the hidden
// ones (for tests and benchmarks) left out.
struct CommandHelp {
  std::string_view text;
  std::span<const FlagSpec> flags;
};

// Prints `help` on stdout as --help does; returns kExitOk.
int print_help(const CommandHelp& help);

// Each command's help, defined beside its flags in its cmd_*.cc.
CommandHelp validate_help();
CommandHelp score_help();
CommandHelp compare_help();
CommandHelp schema_help();
CommandHelp subset_help();
CommandHelp report_help();
CommandHelp merge_help();
CommandHelp calls_help();

struct Command {
  std::string_view name;
  std::string_view summary;  // its line in `gqleval --help`
  int (*run)(std::span<char* const> argv);
  CommandHelp (*help)();
};

// Every command, in the order `gqleval --help` lists them.
std::span<const Command> commands();

// The command called `name`, or nullptr.
const Command* find_command(std::string_view name);

// The commands' names in the table's order, joined by ", " (what a usage
// error lists).
std::string command_names();

// The paragraphs of `gqleval --help` around its list of commands: what the
// program does ("Scores GraphQL queries ...:\n..."), and where to read more.
std::string_view program_description();
std::string_view program_help_hint();

// What `gqleval --help` prints: the usage, the description, the commands
// with their summaries, the hint.
std::string general_help();

}  // namespace gqleval::cli
