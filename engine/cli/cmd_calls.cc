// gqleval calls: scores function-calling answers (Python that calls APIs in
// sequence, GraphQLRestBench) against the reference programs, one result per
// row, with the benchmark's four metrics and the response paths checked
// against each row's GraphQL schema. The work is done by engine/batch
// (run_calls); this file maps flags to CallsRunOptions.
#include <cstdio>
#include <string>
#include <vector>

#include "engine/batch/calls_run.h"
#include "engine/batch/run_words.h"
#include "engine/cli/args.h"
#include "engine/cli/column_flags.h"
#include "engine/cli/commands.h"
#include "engine/cli/interrupts.h"
#include "engine/cli/predictions_flags.h"
#include "engine/cli/progress_flag.h"
#include "engine/cli/schema_cache_flag.h"
#include "engine/cli/schema_flag.h"
#include "io/file.h"

namespace gqleval::cli {
namespace {

constexpr FlagSpec kFlags[] = {
    {"out", "PATH", "Write one JSON result per row here (default: stdout)", false, 'o'},
    {"summary", "PATH", "Also write the totals (overall and per group) as JSON"},
    {"group-by", "NAME", "Report the totals per value of this column too (e.g. domain)"},
    kPredictionsFlag,
    kPredictionsFormatFlag,
    kPredictionsIdFlag,
    {"format", "FORMAT", "Input format: csv, tsv or jsonl (default: by extension, then content)"},
    {"reference-col", "NAME", "The column with the reference program (default: output)"},
    {"candidate-col", "NAME",
     "The column with the model's answer (in the predictions file when there is one)"},
    {"function-specs-col", "NAME", "The column with the function specs (default: function_specs)"},
    {"schema-col", "NAME", "The column with each row's GraphQL schema (default: GraphQL_schema)"},
    {"schema-path-col", "NAME", "The column with each row's schema file (relative to the input)"},
    kSchemaFlag,
    kSchemaPathsFlag,
    {"id-col", "NAME", "The column with the row id"},
    {"keep-col", "NAME", "Copy this input column into each result", true},
    {"artifacts", "DIR", "Write each row's two dependency graphs as Graphviz DOT files here"},
    {"artifacts-limit", "N", "Only the first N rows get them (default 0: every row)"},
    {"strict-schema", "", "Reject schemas that need the StepZen dialect's fixes"},
    {"threads", "N", "Worker threads (default: all cores)", false, 'j'},
    kProgressFlag,
    kSchemaCacheFlag,
    {"quiet", "", "No progress and no totals table on stderr (warnings still)", false, 'q'},
    // Hidden: for tests and benchmarks.
    {"shard-records", "N", ""},
    {"max-field-bytes", "N", ""},
};
constexpr size_t kVisibleFlags = std::size(kFlags) - 2;

constexpr std::string_view kHelp =
    "Usage: gqleval calls INPUT [--out RESULTS.jsonl] [--summary S.json] [--group-by domain]\n"
    "                           [--predictions FILE]\n"
    "\n"
    "Scores function-calling answers: Python that calls APIs in sequence, later calls\n"
    "reading earlier responses (GraphQLRestBench). INPUT is a CSV, TSV or JSON Lines\n"
    "file with, per row, the reference program (`output`), the model's answer (a\n"
    "column `candidate`, `prediction`, `generated`, `completion`, `response` or\n"
    "`model_output`, or a file of their own with --predictions), the functions\n"
    "(`function_specs`, a JSON list) and the GraphQL schema of their responses\n"
    "(`GraphQL_schema`). The answer's code is taken from its fenced blocks, else its\n"
    "whole text, and parsed as Python.\n"
    "\n"
    "Each row gets one JSON line: row, id, verdict (scored, unparseable, no_code,\n"
    "bad_row), arg_match_full, arg_calls_matched, arg_calls_total, seq_match_full,\n"
    "seq_match_connected, missing_arguments, extra_arguments, components,\n"
    "invalid_paths (response reads the schema lacks) and errors. The totals (the\n"
    "GraphQLRestBench paper's table: Arg Match full and per function, Seq Match full\n"
    "and connected) go to stderr, and to --summary as JSON.\n"
    "\n"
    "Exit status: 0 when every row was read and scored (whatever its metrics), 2 on a\n"
    "usage or I/O error; 128 + the signal when SIGINT or SIGTERM stopped it (the rows\n"
    "done are in RESULTS.partial).\n"
    "\n";

batch::CallsRunOptions read_options(Args& args) {
  batch::CallsRunOptions o;
  o.names = batch::OptionNames::flags();
  if (args.ok() && args.positionals().size() != 1) {
    args.fail(args.positionals().empty() ? "no input file given" : "give one input file");
  }
  if (args.ok()) o.input = args.positionals()[0];
  o.output = args.value("out").value_or("-");
  read_column_flags(args, o.columns);
  if (auto v = args.value("group-by")) o.columns.group_by = {*v};
  o.schema = read_schema_flags(args);
  o.strict_schema = args.has("strict-schema");
  batch::CallsWords words;
  words.input_format = args.value("format");
  read_predictions_flags(args, o, words);
  if (auto error = batch::read_words(words, o)) args.fail(error->message);
  o.artifacts_dir = args.value("artifacts").value_or("");
  if (auto n = args.integer("artifacts-limit")) o.artifacts_rows = static_cast<uint64_t>(*n);
  if (auto n = args.threads()) o.threads = *n;
  if (auto n = args.integer("shard-records")) o.shard_records = static_cast<size_t>(*n);
  if (auto n = args.integer("max-field-bytes")) o.max_field_bytes = static_cast<size_t>(*n);
  o.progress = read_progress_flag(args);
  o.schema_cache_bytes = read_schema_cache_flag(args);
  return o;
}

// The summary may overwrite neither the input nor the results.
bool summary_path_is_free(const batch::CallsRunOptions& o, const std::string& path) {
  for (const std::string* other : {&o.input, &o.output, &o.predictions}) {
    if (other->empty() || *other == "-" || !io::same_file(path, *other)) continue;
    std::fprintf(stderr, "gqleval calls: the summary %s is the file %s\n", path.c_str(),
                 other->c_str());
    return false;
  }
  return true;
}

}  // namespace

CommandHelp calls_help() { return {kHelp, std::span(kFlags, kVisibleFlags)}; }

int run_calls(std::span<char* const> argv) {
  Args args("gqleval calls", kFlags, argv);
  if (args.help()) return print_help(calls_help());
  batch::CallsRunOptions o = read_options(args);
  if (!args.ok()) {
    std::fprintf(stderr, "%s\n", args.error().c_str());
    return kExitUsage;
  }
  const auto summary_path = args.value("summary");
  if (summary_path && !summary_path_is_free(o, *summary_path)) return kExitUsage;
  o.arguments.assign(argv.begin(), argv.end());
  o.interrupt = &catch_interrupts();
  auto report = batch::run_calls(o);
  if (!report) {
    std::fprintf(stderr, "gqleval calls: %s\n", report.error().message.c_str());
    return kExitUsage;
  }
  if (!args.has("quiet")) std::fputs(report->summary.table().c_str(), stderr);
  for (const std::string& warning : report->warnings) {
    std::fprintf(stderr, "\nWARNING: %s\n", warning.c_str());
  }
  if (summary_path && !io::write_file(*summary_path, batch::calls_summary_json(*report))) {
    std::fprintf(stderr, "gqleval calls: cannot write the summary to %s\n", summary_path->c_str());
    return kExitUsage;
  }
  if (report->interrupted_by != 0) {
    std::fprintf(stderr,
                 "\ngqleval calls: interrupted by %s after %llu rows; their results are in %s\n",
                 interrupt_name(report->interrupted_by),
                 static_cast<unsigned long long>(report->rows), report->partial_results.c_str());
    return 128 + report->interrupted_by;
  }
  return kExitOk;
}

}  // namespace gqleval::cli
