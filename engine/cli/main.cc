// gqleval: decides whether an LLM-written GraphQL query asks for the same data
// as a reference query. This file only dispatches to the subcommands.
#include <cstdio>
#include <span>
#include <string_view>

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
    "\n"
    "Run 'gqleval <command> --help' for the options of a command.\n";

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
  if (command == "--help" || command == "-h" || command == "help") {
    std::fputs(kUsage.data(), stdout);
    return kExitOk;
  }
  if (command == "--version") {
    std::puts("gqleval 0.1.0");
    return kExitOk;
  }
  if (command == "validate") return run_validate(rest);
  if (command == "score") return run_score(rest);
  if (command == "compare") return run_compare(rest);
  std::fprintf(stderr, "gqleval: unknown command '%.*s' (see 'gqleval --help')\n",
               static_cast<int>(command.size()), command.data());
  return kExitUsage;
}
