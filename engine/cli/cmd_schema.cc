// gqleval schema: builds a schema from its sources (sources/schema_sources.h:
// files, glob patterns, StepZen projects), prints the dialect's and the
// loader's warnings at FILE:LINE:COLUMN on stderr, and the built schema on
// stdout (nothing else there): as SDL in graphql-js printSchema form, as
// introspection JSON, or (--rules) the rewrite rules the engine derives from
// the schema's names, as a rules file (normalize/derived_rules.h).
#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include "engine/cli/args.h"
#include "engine/cli/commands.h"
#include "engine/cli/schema_flag.h"
#include "engine/introspection/introspection.h"
#include "engine/normalize/derived_rules.h"
#include "engine/normalize/rewrites.h"
#include "engine/schema/schema.h"
#include "engine/sources/schema_sources.h"

namespace gqleval::cli {
namespace {

constexpr FlagSpec kFlags[] = {
    {"print", "", "Print the built schema as SDL, as graphql-js printSchema does (the default)"},
    {"introspection", "",
     "Print the built schema as introspection JSON, as graphql-js introspectionFromSchema does "
     "(wrapped in \"data\")"},
    {"rules", "",
     "Print the rewrite rules derived from the schema's names, as a rules file (JSON) that "
     "--rules FILE of score and compare reads back"},
    {"strict-schema", "", "Reject schemas that need the StepZen dialect's fixes"},
    {"quiet", "", "Do not print the schema's warnings", false, 'q'},
};

constexpr std::string_view kHelp =
    "Usage: gqleval schema SOURCE... [--print | --introspection | --rules] [--strict-schema]\n"
    "\n"
    "Builds one schema from its sources, read as one document in the order given:\n"
    "SDL files, glob patterns ('schema/**/*.graphql', sorted), and StepZen projects\n"
    "(a folder holding an index.graphql, or the index.graphql itself, whose\n"
    "`schema @sdl(files: [...])` names the other files), and introspection JSON\n"
    "(told by its content). Warnings (the StepZen dialect's fixes) go to stderr as\n"
    "FILE:LINE:COLUMN: Rule: message; the schema goes to stdout as SDL in\n"
    "graphql-js printSchema form, or with --introspection as the JSON graphql-js\n"
    "introspectionFromSchema gives. Exit 0 when it builds, 2 with every error\n"
    "otherwise.\n"
    "\n"
    "--rules prints instead what the engine assumes about the schema: the inverse\n"
    "pairs (cycles rule) and endpoint groups (endpoints rule) it derives from the\n"
    "schema's names, as a rules file with derivation off, sorted. Score or compare\n"
    "with --rules FILE on that file gives the same verdicts; edit it to drop a rule\n"
    "you do not believe or to add one the names do not state.\n"
    "\n";

}  // namespace

CommandHelp schema_help() { return {kHelp, kFlags}; }

int run_schema(std::span<char* const> argv) {
  Args args("gqleval schema", kFlags, argv);
  if (args.help()) return print_help(schema_help());
  if (args.ok() && args.positionals().empty()) args.fail("no schema source given");
  const int outputs = static_cast<int>(args.has("print")) +
                      static_cast<int>(args.has("introspection")) +
                      static_cast<int>(args.has("rules"));
  if (args.ok() && outputs > 1) {
    args.fail("give one of --print, --introspection and --rules");
  }
  if (!args.ok()) {
    std::fprintf(stderr, "%s\n", args.error().c_str());
    return kExitUsage;
  }
  auto loaded = sources::load_schema(args.positionals());
  if (!loaded) {
    std::fprintf(stderr, "gqleval schema: %s\n", loaded.error().message.c_str());
    return kExitUsage;
  }
  schema::BuildOptions options;
  options.strict = args.has("strict-schema");
  auto built = schema::Schema::build(loaded->sdl, options);
  if (!built) {
    print_schema_diagnostics(built.error(), *loaded, stderr);
    std::fprintf(stderr, "gqleval schema: the schema does not build (%zu errors)\n",
                 built.error().size());
    return kExitUsage;
  }
  if (!args.has("quiet")) print_schema_diagnostics((*built)->warnings(), *loaded, stderr);
  std::string printed;
  if (args.has("rules")) {
    printed = normalize::derived_rules_json(*normalize::Rewrites::build(*built));
  } else if (args.has("introspection")) {
    printed = introspection::schema_to_introspection_json(**built);
  } else {
    printed = (*built)->print_sdl();
  }
  std::fputs(printed.c_str(), stdout);
  if (!printed.empty() && printed.back() != '\n') std::fputc('\n', stdout);
  return kExitOk;
}

}  // namespace gqleval::cli
