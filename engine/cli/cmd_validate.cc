// gqleval validate: checks queries against a schema with every graphql-js
// validation rule, and prints each error as `file:line:col: Rule: message`.
#include <cstdio>
#include <string>
#include <vector>

#include "engine/base/arena.h"
#include "engine/base/concat.h"
#include "engine/batch/run_words.h"
#include "engine/batch/validate_run.h"
#include "engine/cli/args.h"
#include "engine/cli/column_flags.h"
#include "engine/cli/commands.h"
#include "engine/cli/print_diagnostics.h"
#include "engine/cli/progress_flag.h"
#include "engine/cli/schema_cache_flag.h"
#include "engine/cli/schema_flag.h"
#include "engine/schema/schema.h"
#include "engine/validate/document_check.h"
#include "engine/validate/rule.h"
#include "engine/validate/validator.h"
#include "io/file.h"

namespace gqleval::cli {
namespace {

constexpr FlagSpec kFlags[] = {
    kSchemaFlag,
    kSchemaPathsFlag,
    {"input", "ROWS",
     "Validate the rows of a CSV, TSV or JSON Lines file (gzip, zstd; - for stdin) instead "
     "of query files"},
    {"out", "PATH", "With --input: write one JSON result per row here (default: stdout)", false,
     'o'},
    {"format", "FORMAT", "With --input: csv, tsv or jsonl (default: by extension, then content)"},
    {"query-col", "NAME", "With --input: the column with the query (default: query)"},
    {"schema-col", "NAME", "With --input: the column with the schema (default: schema)"},
    {"schema-path-col", "NAME", "With --input: the column with each row's schema file"},
    {"id-col", "NAME", "With --input: the column with the row id (default: id, Sno, doc_id)"},
    {"keep-col", "NAME", "With --input: copy this input column into each result", true},
    {"threads", "N", "With --input: worker threads (default: all cores)", false, 'j'},
    kProgressFlag,
    kSchemaCacheFlag,
    {"rule", "NAME", "Run only this rule (graphql-js name, e.g. FieldsOnCorrectType)", true},
    {"operation", "NAME", "The operation to check when a document has several"},
    {"lenient", "", "Report unused fragments/variables and duplicate operation names as warnings"},
    {"strict-schema", "", "Reject schemas that need the StepZen dialect's fixes"},
    {"quiet", "", "Do not print schema warnings (nor, with --input, progress)", false, 'q'},
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
    "\n"
    "With --input ROWS.csv|ROWS.jsonl, validates the column `query` of each row\n"
    "against the row's schema (a column `schema`, `Refined_Schema` or `Schema\n"
    "Content`, a schema file named by `schema_path`, or --schema for every row)\n"
    "on all cores, in input order, and writes one JSON\n"
    "object per row: {\"row\": N, \"valid\": bool, \"errors\": [{\"rule\",\n"
    "\"message\", \"line\", \"column\"}]}. A malformed row or a schema that does\n"
    "not build is invalid with its reason. Exit status as above.\n"
    "\n";

// Validates the rows of a CSV or JSON Lines file, one JSON result per row.
int validate_rows(Args& args, const validate::ValidateOptions& options) {
  batch::ValidateRunOptions o;
  o.names = batch::OptionNames::flags();
  o.input = *args.value("input");
  // The input is read as `score` reads it: the same flags, formats and paths.
  read_column_flags(args, o.columns);
  batch::RunWords words;
  words.input_format = args.value("format");
  if (auto error = batch::read_words(words, o)) args.fail(error->message);
  o.schema = read_schema_flags(args);
  o.strict_schema = args.has("strict-schema");
  o.validate = options;
  o.operation = args.value("operation").value_or("");
  o.output = args.value("out").value_or("-");
  if (auto n = args.threads()) o.threads = *n;
  o.progress = read_progress_flag(args);
  o.schema_cache_bytes = read_schema_cache_flag(args);
  if (!args.ok()) {
    std::fprintf(stderr, "%s\n", args.error().c_str());
    return kExitUsage;
  }
  auto report = batch::run_validate(o);
  if (!report) {
    std::fprintf(stderr, "gqleval validate: %s\n", report.error().message.c_str());
    return kExitUsage;
  }
  return report->invalid != 0 ? kExitNegative : kExitOk;
}

}  // namespace

CommandHelp validate_help() { return {kHelp, kFlags}; }

int run_validate(std::span<char* const> argv) {
  Args args("gqleval validate", kFlags, argv);
  if (args.help()) return print_help(validate_help());
  const std::vector<std::string> schema_sources = read_schema_flags(args);
  const bool rows = args.has("input");
  if (args.ok() && rows && !args.positionals().empty()) {
    args.fail("give either --input or query files, not both");
  }
  if (args.ok() && !rows && schema_sources.empty()) args.fail("--schema is required");
  if (args.ok() && !rows && args.positionals().empty()) args.fail("no query file given");
  validate::ValidateOptions options;
  options.lenient = args.has("lenient");
  for (const std::string& rule : args.values("rule")) {
    if (validate::find_rule(rule) == nullptr) {
      std::string known;
      for (const auto& entry : validate::all_rules()) known.append(" ").append(entry.name);
      args.fail(concat({"unknown rule '", rule, "'; the rules are:", known}));
    }
    options.rules.push_back(rule);
  }
  if (!args.ok()) {
    std::fprintf(stderr, "%s\n", args.error().c_str());
    return kExitUsage;
  }

  if (rows) return validate_rows(args, options);

  auto loaded = sources::load_schema(schema_sources);
  if (!loaded) {
    std::fprintf(stderr, "gqleval validate: %s\n", loaded.error().message.c_str());
    return kExitUsage;
  }
  schema::BuildOptions build_options;
  build_options.strict = args.has("strict-schema");
  auto built = schema::Schema::build(loaded->sdl, build_options);
  if (!built) {
    print_schema_diagnostics(built.error(), *loaded, stderr);
    std::string names;
    for (const std::string& s : schema_sources) {
      if (!names.empty()) names += ' ';
      names += s;
    }
    std::fprintf(stderr, "gqleval validate: the schema %s does not build\n", names.c_str());
    return kExitUsage;
  }
  const schema::Schema& schema = **built;
  if (!args.has("quiet")) print_schema_diagnostics(schema.warnings(), *loaded, stderr);

  bool any_invalid = false;
  Arena arena;
  validate::Validator validator;
  for (const std::string& path : args.positionals()) {
    auto text = io::read_file(path);
    if (!text) {
      std::fprintf(stderr, "gqleval validate: %s\n", text.error().message.c_str());
      return kExitUsage;
    }
    arena.reset();
    const Diagnostics diags = validate::check_document(validator, schema, *text, options,
                                                       args.value("operation").value_or(""),
                                                       validate::OperationName::kAlways, arena)
                                  .all();
    print_diagnostics(diags, path, stdout);
    any_invalid = any_invalid || validate::has_errors(diags);
  }
  return any_invalid ? kExitNegative : kExitOk;
}

}  // namespace gqleval::cli
