// gqleval validate: checks queries against a schema with every graphql-js
// validation rule, and prints each error as `file:line:col: Rule: message`.
#include <cstdio>
#include <string>
#include <vector>

#include "engine/base/arena.h"
#include "engine/cli/args.h"
#include "engine/cli/commands.h"
#include "engine/graphql/parser.h"
#include "engine/schema/schema.h"
#include "engine/validate/rule.h"
#include "engine/validate/validator.h"
#include "io/file.h"

namespace gqleval::cli {
namespace {

constexpr FlagSpec kFlags[] = {
    {"schema", "FILE", "The schema, as SDL (required)"},
    {"rule", "NAME", "Run only this rule (graphql-js name, e.g. FieldsOnCorrectType)", true},
    {"operation", "NAME", "The operation to check when a document has several"},
    {"lenient", "", "Report unused fragments/variables and duplicate operation names as warnings"},
    {"strict-schema", "", "Reject schemas that need the StepZen dialect's fixes"},
    {"quiet", "", "Do not print schema warnings"},
};

constexpr std::string_view kHelp =
    "Usage: gqleval validate --schema SCHEMA.graphql QUERY.graphql...\n"
    "\n"
    "Validates each query document against the schema with every executable rule\n"
    "of graphql-js specifiedRules plus Operation Type Existence, and prints one\n"
    "line per error location: FILE:LINE:COLUMN: Rule: message\n"
    "\n"
    "Exit status: 0 when every query is valid, 1 when any is invalid, 2 on a usage\n"
    "or I/O error, or when the schema does not build.\n"
    "\n";

void print_diagnostics(const Diagnostics& diags, const std::string& file, FILE* out) {
  for (const Diagnostic& d : diags) {
    std::string line = format_diagnostic(d, file);
    std::fputs(line.c_str(), out);
  }
}

}  // namespace

int run_validate(std::span<char* const> argv) {
  Args args("validate", kFlags, argv);
  if (args.help()) {
    std::fputs(kHelp.data(), stdout);
    std::fputs(format_flags(kFlags).c_str(), stdout);
    return kExitOk;
  }
  auto schema_path = args.value("schema");
  if (args.ok() && !schema_path) args.fail("--schema is required");
  if (args.ok() && args.positionals().empty()) args.fail("no query file given");
  validate::ValidateOptions options;
  options.lenient = args.has("lenient");
  for (const std::string& rule : args.values("rule")) {
    if (validate::find_rule(rule) == nullptr) {
      std::string known;
      for (const auto& entry : validate::all_rules()) known += " " + std::string(entry.name);
      args.fail("unknown rule '" + rule + "'; the rules are:" + known);
    }
    options.rules.push_back(rule);
  }
  if (!args.ok()) {
    std::fprintf(stderr, "%s\n", args.error().c_str());
    return kExitUsage;
  }

  auto sdl = io::read_file(*schema_path);
  if (!sdl) {
    std::fprintf(stderr, "gqleval validate: %s\n", sdl.error().message.c_str());
    return kExitUsage;
  }
  schema::BuildOptions build_options;
  build_options.strict = args.has("strict-schema");
  auto built = schema::Schema::build(*sdl, build_options);
  if (!built) {
    print_diagnostics(built.error(), *schema_path, stderr);
    std::fprintf(stderr, "gqleval validate: the schema %s does not build\n", schema_path->c_str());
    return kExitUsage;
  }
  const schema::Schema& schema = **built;
  if (!args.has("quiet")) print_diagnostics(schema.warnings(), *schema_path, stderr);

  bool any_invalid = false;
  Arena arena;
  for (const std::string& path : args.positionals()) {
    auto text = io::read_file(path);
    if (!text) {
      std::fprintf(stderr, "gqleval validate: %s\n", text.error().message.c_str());
      return kExitUsage;
    }
    arena.reset();
    auto doc = graphql::parse(*text, arena);
    if (!doc) {
      print_diagnostics({doc.error()}, path, stdout);
      any_invalid = true;
      continue;
    }
    Diagnostics diags = validate::validate(schema, **doc, options);
    // A document must name the operation to run when it has several; with a
    // rule subset the user asked for those rules only.
    if (options.rules.empty() && !validate::has_errors(diags)) {
      auto op = validate::select_operation(**doc, args.value("operation").value_or(""));
      if (!op) diags.push_back(op.error());
    }
    print_diagnostics(diags, path, stdout);
    any_invalid = any_invalid || validate::has_errors(diags);
  }
  return any_invalid ? kExitNegative : kExitOk;
}

}  // namespace gqleval::cli
