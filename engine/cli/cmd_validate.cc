// gqleval validate: checks queries against a schema with every graphql-js
// validation rule, and prints each error as `file:line:col: Rule: message`.
#include <cstdio>
#include <string>
#include <vector>

#include "engine/base/arena.h"
#include "engine/base/concat.h"
#include "engine/batch/batch_input.h"
#include "engine/batch/columns.h"
#include "engine/batch/schema_cache.h"
#include "engine/cli/args.h"
#include "engine/cli/commands.h"
#include "engine/graphql/parser.h"
#include "engine/schema/schema.h"
#include "engine/validate/rule.h"
#include "engine/validate/validator.h"
#include "io/csv_reader.h"
#include "io/file.h"
#include "io/json_writer.h"

namespace gqleval::cli {
namespace {

constexpr FlagSpec kFlags[] = {
    {"schema", "FILE", "The schema, as SDL (required unless --input has a schema column)"},
    {"input", "ROWS", "Validate the rows of a CSV or JSON Lines file instead of query files"},
    {"out", "PATH", "With --input: write one JSON result per row here (default: stdout)"},
    {"query-col", "NAME", "With --input: the column with the query (default: query)"},
    {"schema-col", "NAME", "With --input: the column with the schema (default: schema)"},
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
    "\n"
    "With --input ROWS.csv|ROWS.jsonl, validates the column `query` of each row\n"
    "against the column `schema` (or --schema for every row) and writes one JSON\n"
    "object per row: {\"row\": N, \"valid\": bool, \"errors\": [{\"rule\",\n"
    "\"message\", \"line\", \"column\"}]}. A malformed row or a schema that does\n"
    "not build is invalid with its reason. Exit status as above.\n"
    "\n";

void print_diagnostics(const Diagnostics& diags, const std::string& file, FILE* out) {
  for (const Diagnostic& d : diags) {
    std::string line = format_diagnostic(d, file);
    std::fputs(line.c_str(), out);
  }
}

// Parses and validates one document; the diagnostics say why it is invalid.
Diagnostics check_document(const schema::Schema& schema, std::string_view text,
                           const validate::ValidateOptions& options, std::string_view operation,
                           Arena& arena) {
  arena.reset();
  auto doc = graphql::parse(text, arena);
  if (!doc) return {doc.error()};
  Diagnostics diags = validate::validate(schema, **doc, options);
  // A document must name the operation to run when it has several; with a
  // rule subset the user asked for those rules only.
  if (options.rules.empty() && !validate::has_errors(diags)) {
    auto op = validate::select_operation(**doc, operation);
    if (!op) diags.push_back(op.error());
  }
  return diags;
}

void append_row_result(std::string& out, uint64_t row, const Diagnostics& diags) {
  io::JsonWriter w(out);
  w.begin_object().key("row").num(row).key("valid").boolean(!validate::has_errors(diags));
  w.key("errors").begin_array();
  for (const Diagnostic& d : diags) {
    if (d.severity != Severity::kError) continue;
    w.begin_object().key("rule").str(d.rule).key("message").str(d.message);
    if (d.locations.empty() || d.pos().line == 0) {
      w.key("line").null().key("column").null();
    } else {
      w.key("line").num(d.pos().line).key("column").num(d.pos().column);
    }
    w.end_object();
  }
  w.end_array().end_object();
  out.push_back('\n');
}

// Validates the rows of a CSV or JSON Lines file, one JSON result per row.
int validate_rows(Args& args, const validate::ValidateOptions& options, bool strict) {
  auto input = batch::BatchInput::open(*args.value("input"), batch::InputFormat::kAuto);
  if (!input) {
    std::fprintf(stderr, "gqleval validate: %s\n", input.error().message.c_str());
    return kExitUsage;
  }
  const auto& names = input->column_names();
  auto find = [&](std::string_view wanted) -> batch::Column {
    for (size_t i = 0; i < names.size(); ++i) {
      if (io::same_column_name(names[i], wanted)) return {names[i], i};
    }
    return {};
  };
  batch::Column query_col = find(args.value("query-col").value_or("query"));
  batch::Column schema_col;
  if (auto name = args.value("schema-col")) {
    schema_col = find(*name);
  } else {
    for (std::string_view name : batch::kSchemaNames) {
      if (!schema_col.present()) schema_col = find(name);
    }
  }
  std::shared_ptr<const schema::Schema> file_schema;
  Diagnostics file_schema_errors;
  if (auto path = args.value("schema")) {
    auto sdl = io::read_file(*path);
    if (!sdl) {
      std::fprintf(stderr, "gqleval validate: %s\n", sdl.error().message.c_str());
      return kExitUsage;
    }
    auto built = schema::Schema::build(*sdl, schema::BuildOptions{strict});
    if (built) {
      file_schema = *built;
    } else {
      file_schema_errors = built.error();
    }
  }
  if (!query_col.present() || (!schema_col.present() && !args.has("schema"))) {
    std::fprintf(stderr,
                 "gqleval validate: the input needs a query column and a schema column "
                 "(or --schema); found: %s\n",
                 batch::list_columns(names).c_str());
    return kExitUsage;
  }

  FILE* out = stdout;
  if (auto path = args.value("out")) {
    if (io::same_file(*args.value("input"), *path)) {
      std::fprintf(stderr, "gqleval validate: the output %s is the input file\n", path->c_str());
      return kExitUsage;
    }
    out = std::fopen(path->c_str(), "wb");
    if (out == nullptr) {
      std::fprintf(stderr, "gqleval validate: cannot write '%s'\n", path->c_str());
      return kExitUsage;
    }
  }
  batch::SchemaCacheOptions cache_options;
  cache_options.build.strict = strict;
  cache_options.build_rewrites = false;
  batch::SchemaCache cache(cache_options);
  batch::RecordReader reader(*input);
  io::RecordShard shard;
  Arena arena;
  std::string line;
  bool any_invalid = false;
  const std::string operation = args.value("operation").value_or("");
  while (input->next_shard(io::ShardLimits{}, shard)) {
    for (size_t i = 0; i < shard.records.size(); ++i) {
      Diagnostics diags;
      if (!reader.read(shard.records[i])) {
        diags.push_back(reader.diagnostic());
      } else if (!file_schema_errors.empty()) {
        diags = file_schema_errors;
      } else {
        const schema::Schema* schema = file_schema.get();
        if (schema == nullptr) {
          const batch::SchemaEntry& entry = cache.get(reader.cell(schema_col));
          if (entry.ok()) {
            schema = entry.schema.get();
          } else {
            diags = entry.errors;
          }
        }
        if (schema != nullptr) {
          diags = check_document(*schema, reader.cell(query_col), options, operation, arena);
        }
      }
      any_invalid = any_invalid || validate::has_errors(diags);
      line.clear();
      append_row_result(line, shard.first_record + i, diags);
      std::fwrite(line.data(), 1, line.size(), out);
    }
  }
  if (out != stdout && std::fclose(out) != 0) {
    std::fprintf(stderr, "gqleval validate: cannot write '%s'\n", args.value("out")->c_str());
    return kExitUsage;
  }
  return any_invalid ? kExitNegative : kExitOk;
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
  const bool rows = args.has("input");
  if (args.ok() && rows && !args.positionals().empty()) {
    args.fail("give either --input or query files, not both");
  }
  if (args.ok() && !rows && !schema_path) args.fail("--schema is required");
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

  if (rows) return validate_rows(args, options, args.has("strict-schema"));

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
    Diagnostics diags =
        check_document(schema, *text, options, args.value("operation").value_or(""), arena);
    print_diagnostics(diags, path, stdout);
    any_invalid = any_invalid || validate::has_errors(diags);
  }
  return any_invalid ? kExitNegative : kExitOk;
}

}  // namespace gqleval::cli
