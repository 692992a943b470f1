// gqleval score: scores a CSV or JSON Lines file of (schema, reference,
// candidate) rows and writes one result per row, plus a summary. The work is
// done by engine/batch (run_batch); this file maps flags to BatchOptions.
#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include "engine/batch/batch_run.h"
#include "engine/batch/progress.h"
#include "engine/batch/summary.h"
#include "engine/cli/args.h"
#include "engine/cli/column_flags.h"
#include "engine/cli/commands.h"
#include "engine/cli/rule_flags.h"
#include "engine/normalize/rewrites.h"
#include "io/file.h"

namespace gqleval::cli {
namespace {

constexpr FlagSpec kFlags[] = {
    {"out", "PATH", "Write the results here (default: stdout)"},
    {"out-format", "FORMAT", "jsonl or csv (default: by --out's extension, .csv is csv)"},
    {"format", "FORMAT", "Input format: csv, tsv or jsonl (default: by extension, then content)"},
    {"summary", "PATH", "Also write the summary as JSON"},
    {"schema", "FILE", "One schema (SDL) for every row, instead of a schema column"},
    {"schema-col", "NAME", "The column with each row's schema text"},
    {"schema-path-col", "NAME", "The column with each row's schema file (relative to the input)"},
    {"reference-col", "NAME", "A reference column; several make several references", true},
    {"candidate-col", "NAME", "The column with the model's answer"},
    {"id-col", "NAME", "The column with the row id"},
    {"variables-col", "NAME", "The column with the row's variable values (JSON)"},
    {"group-by", "NAME", "Report the pass rate per value of this column", true},
    {"no-extract", "", "Take the candidate cell as the query (no search in LLM text)"},
    {"delta", "N", "Over-fetch budget: extra nodes a pass may have (default 0)"},
    {"rules", "FILE", "Rewrite rules (inverse pairs, endpoints, argument maps), JSON"},
    {"rule-set", "LIST",
     "Rewrite rules to use: comma-separated of cycles, endpoints, rgeval; or "
     "none (default: cycles,endpoints)"},
    {"no-rules", "", "No rewrite rule (same as --rule-set none)"},
    {"ignore-typename", "", "Do not count __typename selections"},
    {"strict-schema", "", "Reject schemas that need the StepZen dialect's fixes"},
    {"operation", "NAME", "The operation to score when a document has several"},
    {"artifacts", "DIR", "Write per-row debugging files (queries, normal forms, DOT graphs)"},
    {"threads", "N", "Worker threads (default: all cores)"},
    {"quiet", "", "No progress line and no summary table on stderr"},
    // Hidden: for tests and benchmarks.
    {"shard-records", "N", ""},
    {"in-flight", "N", ""},
    {"max-field-bytes", "N", ""},
};
constexpr size_t kVisibleFlags = std::size(kFlags) - 3;

constexpr std::string_view kHelp =
    "Usage: gqleval score INPUT [--out RESULTS] [options]\n"
    "\n"
    "Scores every row of INPUT (CSV or TSV with a header row, or JSON Lines; gzip\n"
    "or zstd compressed; - for standard input) and writes one result per row, in\n"
    "input order: JSON Lines by default, CSV with --out-format csv or an --out\n"
    "ending in .csv. A summary table (verdict counts, pass rate, speed) goes to\n"
    "stderr.\n"
    "\n"
    "Columns are found by their common names, ignoring case:\n"
    "  schema      schema, Refined_Schema, Schema Content (or schema_path, schema_file)\n"
    "  reference   reference, query1, GT_GQL, gt_query, Query1 Content; further\n"
    "              references: the same name with _2, _3, ... (e.g. gt_query_2)\n"
    "  candidate   candidate, query2, generated, prediction, Generated_GraphQL,\n"
    "              Query2 Content\n"
    "  id          id, Sno\n"
    "  variables   variables (a JSON object)\n"
    "or named by the --*-col flags. A column named for one role is not used for\n"
    "another: --candidate-col gt_query_2 scores gt_query_2 against gt_query.\n"
    "In JSON Lines a named column may be a path into each record:\n"
    "--schema-col doc.schema --candidate-col 'filtered_resps[0]'.\n"
    "\n"
    "A malformed row yields a result with verdict bad_row; the run goes on.\n"
    "Exit status: 0 when the run completed (whatever the verdicts), 2 on a usage\n"
    "or I/O error (nothing is scored when a required column is missing).\n"
    "\n";

bool write_text(const std::string& path, const std::string& text) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  return std::fclose(f) == 0 && ok;
}

// Whether the results file's name asks for CSV (r.csv, R.CSV); any other
// name, none or "-" gets JSON Lines.
bool ends_with_csv(const std::string& path) {
  if (path.size() < 4) return false;
  std::string tail = path.substr(path.size() - 4);
  for (char& c : tail) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  return tail == ".csv";
}

// The run's options from the flags; a wrong flag fails `args`.
batch::BatchOptions read_options(Args& args) {
  batch::BatchOptions o;
  if (args.ok() && args.positionals().size() != 1) {
    args.fail(args.positionals().empty() ? "no input file given" : "give one input file");
  }
  if (args.ok()) o.input = args.positionals()[0];
  if (auto v = args.value("out")) o.output = *v;
  if (auto v = args.value("out-format")) {
    if (*v == "csv") {
      o.output_format = batch::OutputFormat::kCsv;
    } else if (*v != "jsonl") {
      args.fail("--out-format must be jsonl or csv, not '" + *v + "'");
    }
  } else if (ends_with_csv(o.output)) {
    o.output_format = batch::OutputFormat::kCsv;
  }
  read_format_flag(args, o.input_format);
  o.schema_file = args.value("schema").value_or("");
  read_column_flags(args, o.columns);
  o.columns.group_by = args.values("group-by");
  o.extract = !args.has("no-extract");
  if (auto n = args.integer("delta")) o.delta = static_cast<uint32_t>(*n);
  o.rules_file = args.value("rules").value_or("");
  read_rule_flags(args, o.rules);
  o.ignore_typename = args.has("ignore-typename");
  o.strict_schema = args.has("strict-schema");
  o.operation = args.value("operation").value_or("");
  o.artifacts_dir = args.value("artifacts").value_or("");
  if (auto n = args.threads()) o.threads = *n;
  if (auto n = args.integer("shard-records")) o.shard_records = static_cast<size_t>(*n);
  if (auto n = args.integer("in-flight")) o.shards_in_flight = static_cast<size_t>(*n);
  if (auto n = args.integer("max-field-bytes")) o.max_field_bytes = static_cast<size_t>(*n);
  o.progress = !args.has("quiet") && batch::stderr_is_terminal();
  return o;
}

// The summary may overwrite neither the input nor the results.
bool summary_path_is_free(const batch::BatchOptions& o, const std::string& path) {
  if (o.input != "-" && io::same_file(o.input, path)) {
    std::fprintf(stderr, "gqleval score: the summary %s is the input file\n", path.c_str());
    return false;
  }
  if (path == o.output || io::same_file(o.output, path)) {
    std::fprintf(stderr, "gqleval score: the summary %s is the results file\n", path.c_str());
    return false;
  }
  return true;
}

}  // namespace

int run_score(std::span<char* const> argv) {
  Args args("gqleval score", kFlags, argv);
  if (args.help()) {
    std::fputs(kHelp.data(), stdout);
    std::fputs(format_flags(std::span(kFlags, kVisibleFlags)).c_str(), stdout);
    return kExitOk;
  }
  const batch::BatchOptions o = read_options(args);
  if (!args.ok()) {
    std::fprintf(stderr, "%s\n", args.error().c_str());
    return kExitUsage;
  }
  const auto summary_path = args.value("summary");
  if (summary_path && !summary_path_is_free(o, *summary_path)) return kExitUsage;
  auto report = batch::run_batch(o);
  if (!report) {
    std::fprintf(stderr, "gqleval score: %s\n", report.error().message.c_str());
    return kExitUsage;
  }
  if (!args.has("quiet")) {
    std::fputs(batch::summary_table(report->summary, report->facts).c_str(), stderr);
  }
  if (summary_path &&
      !write_text(*summary_path, batch::summary_json(report->summary, report->facts))) {
    std::fprintf(stderr, "gqleval score: cannot write the summary to %s\n", summary_path->c_str());
    return kExitUsage;
  }
  return kExitOk;
}

}  // namespace gqleval::cli
