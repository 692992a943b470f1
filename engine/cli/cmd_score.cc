// gqleval score: scores a CSV or JSON Lines file of (schema, reference,
// candidate) rows and writes one result per row, plus a summary. The work is
// done by engine/batch (run_batch); this file maps flags to BatchOptions.
#include <cstdio>

#include <atomic>
#include <span>
#include <string>
#include <vector>

#include "engine/batch/batch_run.h"
#include "engine/batch/run_checks.h"
#include "engine/batch/run_words.h"
#include "engine/batch/score_mode.h"
#include "engine/batch/summary.h"
#include "engine/cli/args.h"
#include "engine/cli/column_flags.h"
#include "engine/cli/commands.h"
#include "engine/cli/interrupts.h"
#include "engine/cli/predictions_flags.h"
#include "engine/cli/progress_flag.h"
#include "engine/cli/rule_flags.h"
#include "engine/cli/schema_cache_flag.h"
#include "engine/cli/schema_flag.h"
#include "engine/normalize/rewrites.h"
#include "io/file.h"
#include "io/file_names.h"
#include "io/json_writer.h"

namespace gqleval::cli {
namespace {

constexpr FlagSpec kFlags[] = {
    {"mode", "MODE",
     "equivalence (default): the same data as the reference? subset: does the candidate "
     "select everything the reference selects (gqleval subset's question)? coverage: does it "
     "traverse every required schema coordinate (an agent benchmark's gate)?"},
    {"out", "PATH", "Write the results here (default: stdout)", false, 'o'},
    {"out-format", "FORMAT", "jsonl or csv (default: by --out's extension, .csv is csv)"},
    {"format", "FORMAT", "Input format: csv, tsv or jsonl (default: by extension, then content)"},
    {"summary", "PATH", "Also write the summary as JSON"},
    {"summary-format", "FORMAT",
     "gqleval (default) or lm-eval (lm-evaluation-harness's results layout)"},
    {"task", "NAME", "The task name in an lm-eval summary (default: the input file's stem)"},
    {"fail-under", "GATES",
     "Exit 1 when a metric is under its threshold: pass_rate=0.6, mean_f1=0.5, compared_rate=0.9 "
     "(comma-separated); mean_score=0.8 for --mode subset, mean_recall=0.8 for --mode coverage",
     true},
    kSchemaFlag,
    kSchemaPathsFlag,
    {"schema-col", "NAME", "The column with each row's schema text"},
    {"schema-path-col", "NAME", "The column with each row's schema file (relative to the input)"},
    {"reference-col", "NAME", "A reference column; several make several references", true},
    {"candidate-col", "NAME",
     "The column with the model's answer (in the predictions file when there is one); repeated: "
     "several answers per row, each scored in the same pass",
     true},
    kPredictionsFlag,
    kPredictionsFormatFlag,
    kPredictionsIdFlag,
    {"candidate-cols", "PATTERN",
     "Candidate columns by a shell-style pattern over the column names ('ckpt_*'), in input "
     "order",
     true},
    {"out-dir", "DIR",
     "With several candidates: DIR/<column>.jsonl (or .csv) and DIR/<column>.summary.json for "
     "each"},
    {"id-col", "NAME", "The column with the row id"},
    {"variables-col", "NAME", "The column with the row's variable values (JSON)"},
    {"required-col", "NAME",
     "--mode coverage: the column with the row's required schema coordinates (a JSON array, or "
     "one a line: Type.field, Type.field(argument:)); without it, the reference's own"},
    {"excluded-col", "NAME",
     "--mode coverage: the column with coordinates that count as over-selection (reported, "
     "never in the gate)"},
    {"answer", "WHICH",
     "one (default): the candidate is one operation (--operation picks it); all: every "
     "operation of the cell (a document, or a JSON array of query texts) graded together, in "
     "any mode"},
    {"group-by", "NAME", "Report the pass rate per value of this column", true},
    {"keep-col", "NAME", "Copy this input column into each result", true},
    {"no-extract", "", "Take the candidate cell as the query (no search in LLM text)"},
    {"delta", "N", "Over-fetch budget: extra nodes a pass may have (default 0)"},
    {"rules", "FILE", "Rewrite rules (inverse pairs, endpoints, argument maps), JSON"},
    {"rule-set", "LIST",
     "Rewrite rules to use: comma-separated of cycles, endpoints, rgeval; or "
     "none (default: cycles,endpoints)"},
    {"no-rules", "", "No rewrite rule (same as --rule-set none)"},
    {"ignore-typename", "", "Do not count __typename selections"},
    {"variables-by-name", "",
     "Unbound variables keep their names: $a is not $b (default: renamings are equal)"},
    {"strict-schema", "", "Reject schemas that need the StepZen dialect's fixes"},
    {"operation", "NAME", "The operation to score when a document has several"},
    {"artifacts", "DIR",
     "Write per-row debugging files (queries, schema, normal forms, DOT graph, replay.sh)"},
    {"artifacts-only", "WHICH", "Rows that get artifacts: fail (default), pass or all"},
    {"artifacts-limit", "N",
     "At most N rows get artifacts, the first in input order (default 1000; 0: no limit)"},
    {"shard", "K/N",
     "Score only the K-th (1-based) of N slices of the input (contiguous records, cut by "
     "bytes); the summary, written to --summary or beside the results as STEM.summary.json, "
     "carries what gqleval merge needs"},
    {"resume", "",
     "Continue the interrupted or killed run of the same input and options from OUT.partial "
     "(the rows it did are not scored again; the results are the same bytes)"},
    {"threads", "N", "Worker threads (default: all cores)", false, 'j'},
    kProgressFlag,
    kSchemaCacheFlag,
    {"quiet", "", "No progress and no summary table on stderr (warnings still)", false, 'q'},
    // Hidden: for tests and benchmarks.
    {"shard-records", "N", ""},
    {"in-flight", "N", ""},
    {"max-field-bytes", "N", ""},
    {"checkpoint-ms", "N", ""},
};
constexpr size_t kVisibleFlags = std::size(kFlags) - 4;

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
    "  id          id, Sno, doc_id\n"
    "  variables   variables (a JSON object)\n"
    "or named by the --*-col flags. A column named for one role is not used for\n"
    "another: --candidate-col gt_query_2 scores gt_query_2 against gt_query.\n"
    "In JSON Lines a named column may be a path into each record:\n"
    "--schema-col doc.schema --candidate-col 'filtered_resps[0]'.\n"
    "\n"
    "With --mode subset each reference is LEFT and the candidate RIGHT of a\n"
    "subset comparison (as gqleval subset compares them: no rewrite rule, no\n"
    "delta): a row's verdict is subset (a pass) or missing, with a score and the\n"
    "missing paths; with several references the best is matched.\n"
    "\n"
    "With --mode coverage a row passes (covered) when the candidate traverses every\n"
    "schema coordinate of its --required-col list (else those its primary reference\n"
    "traverses): a field selected on the type (or through an interface it\n"
    "implements, or an implementation of it), an argument passed; with a recall,\n"
    "the missing coordinates and where the answer came nearest.\n"
    "\n"
    "--answer all grades an agent's several queries together, in any mode: the\n"
    "valid operations' trees are merged at the root (or their traversals united),\n"
    "an invalid one is left out and named by its index.\n"
    "\n"
    "A row's id is its id column, else its stable key LINE:HASH (its line in the\n"
    "input and a hash of its schema, references and candidate).\n"
    "A malformed row yields a result with verdict bad_row; the run goes on.\n"
    "When more than half of the rows were never compared, a warning names the\n"
    "most common reason and the column it usually comes from.\n"
    "Exit status: 0 when the run completed (whatever the verdicts), 1 when a\n"
    "--fail-under gate is not met, 2 on a usage or I/O error (nothing is scored\n"
    "when a required column is missing).\n"
    "\n";

// The options that are words, as the library reads them (batch/run_words.h).
batch::ScoreWords read_words(const Args& args) {
  batch::ScoreWords w;
  w.mode = args.value("mode");
  w.answer = args.value("answer");
  w.output_format = args.value("out-format");
  w.input_format = args.value("format");
  w.rule_set = args.value("rule-set");
  w.artifacts_only = args.value("artifacts-only");
  w.shard = args.value("shard");
  w.summary_format = args.value("summary-format");
  w.fail_under = args.values("fail-under");
  return w;
}

// Where the results go: one file, or with several candidates a folder.
void read_outputs(Args& args, batch::BatchOptions& o) {
  if (auto v = args.value("out")) o.output = *v;
  const std::vector<std::string> candidates = args.values("candidate-col");
  const std::vector<std::string> patterns = args.values("candidate-cols");
  if (candidates.size() > 1 || !patterns.empty() || args.has("out-dir")) {
    o.candidates = batch::CandidateColumns{candidates, patterns};
    o.output_dir = args.value("out-dir").value_or("");
    if (!o.output_dir.empty() && args.has("out")) args.fail("give --out or --out-dir, not both");
    if (!o.output_dir.empty() && args.has("summary")) {
      args.fail(
          "--out-dir writes each candidate's summary beside its results; leave out --summary");
    }
  }
}

// The numbers and switches (the words are the library's to read).
void read_numbers_and_switches(Args& args, batch::BatchOptions& o) {
  o.extract = !args.has("no-extract");
  if (auto n = args.integer("delta")) o.delta = static_cast<uint32_t>(*n);
  o.ignore_typename = args.has("ignore-typename");
  o.variables_by_name = args.has("variables-by-name");
  o.strict_schema = args.has("strict-schema");
  if (auto n = args.integer("artifacts-limit")) o.artifacts_limit = static_cast<uint64_t>(*n);
  if (auto n = args.threads()) o.threads = *n;
  if (auto n = args.integer("shard-records")) o.shard_records = static_cast<size_t>(*n);
  if (auto n = args.integer("in-flight")) o.shards_in_flight = static_cast<size_t>(*n);
  if (auto n = args.integer("max-field-bytes")) o.max_field_bytes = static_cast<size_t>(*n);
  o.progress = read_progress_flag(args);
  o.schema_cache_bytes = read_schema_cache_flag(args);
  o.resume = args.has("resume");
  if (auto n = args.integer("checkpoint-ms")) o.checkpoint_seconds = static_cast<double>(*n) / 1000;
}

// The run's options from the flags; a wrong flag fails `args`.
batch::BatchOptions read_options(Args& args, batch::SummaryFormat& summary_format) {
  batch::BatchOptions o;
  o.names = batch::OptionNames::flags();
  if (args.ok() && args.positionals().size() != 1) {
    args.fail(args.positionals().empty() ? "no input file given" : "give one input file");
  }
  if (args.ok()) o.input = args.positionals()[0];
  read_outputs(args, o);
  o.schema = read_schema_flags(args);
  read_column_flags(args, o.columns);
  if (o.candidates.given()) o.columns.candidate.clear();  // the engine resolves each
  o.columns.group_by = args.values("group-by");
  o.rules_file = args.value("rules").value_or("");
  read_no_rules_flag(args, o.rules);  // --rule-set is a word (read_words)
  o.operation = args.value("operation").value_or("");
  o.artifacts_dir = args.value("artifacts").value_or("");
  read_numbers_and_switches(args, o);
  batch::ScoreWords words = read_words(args);
  read_predictions_flags(args, o, words);
  if (args.ok()) {
    if (auto error = batch::read_words(words, o, summary_format)) args.fail(error->message);
  }
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
  if (!o.predictions.empty() && io::same_file(o.predictions, path)) {
    std::fprintf(stderr, "gqleval score: the summary %s is the predictions file\n", path.c_str());
    return false;
  }
  return true;
}

// What an interrupted run tells its user: how far it got, where the rows
// are, and how to go on.
void report_interrupted(const batch::BatchOptions& o, const batch::BatchReport& report,
                        std::span<char* const> argv) {
  const char* name = interrupt_name(report.interrupted_by);
  std::fprintf(stderr, "\ngqleval score: interrupted by %s after %llu rows", name,
               static_cast<unsigned long long>(report.summary.rows()));
  if (report.partial_results.empty() || report.partial_results == o.output) {
    std::fprintf(stderr, "; the results of those rows were written to %s\n",
                 o.output.empty() || o.output == "-" ? "standard output" : o.output.c_str());
    return;
  }
  if (!report.runs.empty()) {  // several candidates: no resume state was kept
    std::fprintf(stderr,
                 "; their results are in the .partial files beside the results; a run of several "
                 "candidate columns cannot be resumed: run it again\n");
    return;
  }
  std::string again = "gqleval score";
  for (char* a : argv) again += std::string(" ") + a;
  if (!o.resume) again += " --resume";
  std::fprintf(stderr, "; their results are in %s (%s is unchanged).\nTo continue: %s\n",
               report.partial_results.c_str(), o.output.c_str(), again.c_str());
}

// The table (unless quiet), warnings, artifacts and unmet gates of one run on
// stderr, headed by its candidate column when the run has several; whether
// its gates are met.
bool print_run(const batch::Summary& summary, const batch::RunFacts& facts, bool quiet,
               const std::string& column) {
  if (!column.empty() && !quiet) std::fprintf(stderr, "\n== candidate %s\n", column.c_str());
  if (!quiet) std::fputs(batch::summary_table(summary, facts).c_str(), stderr);
  // Warnings and unmet gates are printed even with --quiet: a nightly job's
  // log must show them.
  const std::string who = column.empty() ? std::string() : " (" + column + ")";
  for (const std::string& warning : facts.warnings) {
    std::fprintf(stderr, "\nWARNING%s: %s\n", who.c_str(), warning.c_str());
  }
  if (facts.artifacts && facts.artifacts->written < facts.artifacts->matched) {
    std::fprintf(stderr, "artifacts: %llu of %llu rows written to %s (--artifacts-limit %llu)\n",
                 static_cast<unsigned long long>(facts.artifacts->written),
                 static_cast<unsigned long long>(facts.artifacts->matched),
                 facts.artifacts->dir.c_str(),
                 static_cast<unsigned long long>(facts.artifacts->limit));
  }
  bool met = true;
  for (const batch::GateOutcome& g : facts.gates) {
    if (g.met) continue;
    met = false;
    std::fprintf(stderr, "gqleval score: %s%s %.6g is under %.6g (--fail-under)\n",
                 g.metric.c_str(), who.c_str(), g.value, g.threshold);
  }
  return met;
}

}  // namespace

CommandHelp score_help() { return {kHelp, std::span(kFlags, kVisibleFlags)}; }

int run_score(std::span<char* const> argv) {
  Args args("gqleval score", kFlags, argv);
  if (args.help()) return print_help(score_help());
  batch::SummaryFormat summary_format = batch::SummaryFormat::kGqleval;
  batch::BatchOptions o = read_options(args, summary_format);
  if (!args.ok()) {
    std::fprintf(stderr, "%s\n", args.error().c_str());
    return kExitUsage;
  }
  auto summary_path = args.value("summary");
  // A shard's summary is what gqleval merge reads: always written, by default
  // beside its results.
  if (o.shard_count != 0 && !summary_path) summary_path = io::summary_path_for(o.output);
  if (summary_path && !summary_path_is_free(o, *summary_path)) return kExitUsage;
  o.arguments.assign(argv.begin(), argv.end());
  o.interrupt = &catch_interrupts();
  auto report = batch::run_batch(o);
  if (!report) {
    std::fprintf(stderr, "gqleval score: %s\n", report.error().message.c_str());
    return kExitUsage;
  }
  const bool quiet = args.has("quiet");
  const std::string task = args.value("task").value_or(io::run_stem(o.input));
  auto summary_text = [&](const batch::Summary& summary, const batch::RunFacts& facts,
                          const std::string& name) {
    return batch::summary_file_json(summary_format, summary, facts, name);
  };
  bool gates_met = true;
  std::vector<std::pair<std::string, std::string>> summaries;  // path, text
  if (report->runs.empty()) {
    gates_met = print_run(report->summary, report->facts, quiet, "");
    if (summary_path) {
      summaries.emplace_back(*summary_path, summary_text(report->summary, report->facts, task));
    }
  } else {
    std::string lines;  // a long file's summaries, one line each with its run
    for (const batch::CandidateRun& run : report->runs) {
      gates_met = print_run(run.summary, run.facts, quiet, run.column) && gates_met;
      std::string text = summary_text(run.summary, run.facts, run.column);
      if (!o.output_dir.empty()) {
        summaries.emplace_back(io::summary_path_for(run.results), std::move(text));
      } else {
        std::string member = "\"run\":";
        io::append_json_string(member, run.column);
        member += ',';
        text.insert(1, member);
        lines += text;
      }
    }
    if (o.output_dir.empty() && summary_path) summaries.emplace_back(*summary_path, lines);
  }
  for (const auto& [path, text] : summaries) {
    if (!io::write_file(path, text)) {
      std::fprintf(stderr, "gqleval score: cannot write the summary to %s\n", path.c_str());
      return kExitUsage;
    }
  }
  if (report->interrupted_by != 0) {
    report_interrupted(o, *report, argv);
    return 128 + report->interrupted_by;
  }
  return gates_met ? kExitOk : kExitNegative;
}

}  // namespace gqleval::cli
