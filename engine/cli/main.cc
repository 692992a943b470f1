// gqleval: decides whether an LLM-written GraphQL query asks for the same data
// as a reference query. This file only dispatches to the subcommands.
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

#include "engine/base/version.h"
#include "engine/cli/commands.h"
#include "engine/cli/man_page.h"

namespace {

// gqleval help [COMMAND]: the general usage, or what COMMAND --help prints;
// hidden, `gqleval help --man`: the man page, which the build writes with it.
int run_help(std::span<char* const> rest) {
  using namespace gqleval::cli;
  if (rest.empty()) {
    std::fputs(general_help().c_str(), stdout);
    return kExitOk;
  }
  if (rest.size() == 1 && std::string_view(rest[0]) == "--man") {
    std::fputs(man_page().c_str(), stdout);
    return kExitOk;
  }
  const std::string_view name = rest[0];
  const Command* command = rest.size() == 1 ? find_command(name) : nullptr;
  if (command == nullptr) {
    std::fprintf(stderr, "gqleval help: %s; the commands are %s (see 'gqleval --help')\n",
                 rest.size() == 1 ? ("unknown command '" + std::string(name) + "'").c_str()
                                  : "give one command",
                 command_names().c_str());
    return kExitUsage;
  }
  return print_help(command->help());
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gqleval::cli;
  std::span<char* const> all(argv, static_cast<size_t>(argc));
  if (all.size() < 2) {
    std::fputs(general_help().c_str(), stderr);
    return kExitUsage;
  }
  std::string_view command = all[1];
  auto rest = all.subspan(2);
  if (command == "--help" || command == "-h") {
    std::fputs(general_help().c_str(), stdout);
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
