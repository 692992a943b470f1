// gqleval-baseline: the naive execute-and-match scorer that gqleval is measured
// against (issue #6). It runs IN-PROCESS: both queries are executed by an
// executor in the same process over synthetic data, with no HTTP, no server
// process and no network; that is generous to the method, whose real cost
// includes a round trip per query.
//
//   gqleval-baseline score INPUT --out RESULTS [--objects N] [--fanout K]
//                    [--seed S] [--threads N] [gqleval score's column flags]
//
// It reads the same inputs with the same column rules as `gqleval score` and
// writes one JSON Lines result per row (baseline_run.h), with a summary on
// stderr.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "bench/baseline/baseline_run.h"
#include "engine/cli/args.h"
#include "engine/cli/column_flags.h"

namespace {

using gqleval::baseline::BaselineRunOptions;

constexpr std::string_view kUsage =
    "Usage: gqleval-baseline score INPUT [--out RESULTS] [options]\n"
    "\n"
    "Naive execute-and-match (the method gqleval replaces), in-process: for each\n"
    "row, runs the reference and the candidate over synthetic data made from the\n"
    "schema and a seed, serializes both responses to JSON and parses them back,\n"
    "and compares them ignoring key order and list order (lists matched pairwise,\n"
    "O(n^2)). Verdict: equivalent or mismatch, or gqleval's stage 1 verdicts.\n"
    "Columns are found by gqleval score's rules unless named.\n"
    "\n";

constexpr gqleval::cli::FlagSpec kFlags[] = {
    {"out", "PATH", "Results, JSON Lines (default: stdout)"},
    {"format", "FORMAT", "Input format: csv or jsonl (default: by extension, then content)"},
    {"schema", "FILE", "One schema for every row"},
    {"schema-col", "NAME", "The column with each row's schema text"},
    {"schema-path-col", "NAME", "The column with each row's schema file"},
    {"reference-col", "NAME", "A reference column; several make several references", true},
    {"candidate-col", "NAME", "The column with the model's answer"},
    {"id-col", "NAME", "The column with the row id"},
    {"variables-col", "NAME", "The column with the row's variable values (JSON)"},
    {"no-extract", "", "Take the candidate cell as the query"},
    {"operation", "NAME", "The operation to run when a document has several"},
    {"objects", "N", "Objects per object type (default 50)"},
    {"fanout", "K", "Related objects per list field (default 3)"},
    {"seed", "S", "Seed of the synthetic data (default 1)"},
    {"null-rate", "P", "Chance that a nullable value is null (default 0.1)"},
    {"threads", "N", "Worker threads (default 1); output stays in input order"},
    {"shard-records", "N", "Records per shard"},
    {"responses", "", "Also write both response texts into each result"},
    {"quiet", "", "No summary on stderr"},
};

int usage_error(const std::string& message) {
  std::fprintf(stderr, "gqleval-baseline score: %s\n", message.c_str());
  return 2;
}

// The run's options from the flags; a wrong flag fails `args`.
BaselineRunOptions read_options(gqleval::cli::Args& args) {
  BaselineRunOptions o;
  if (args.ok() && args.positionals().size() != 1) {
    args.fail(args.positionals().empty() ? "no input file given" : "give one input file");
  }
  if (args.ok()) o.input = args.positionals()[0];
  o.output = args.value("out").value_or("-");
  if (auto v = args.value("format")) {
    if (!gqleval::batch::input_format_from_name(*v, &o.input_format)) {
      args.fail("--format must be csv or jsonl, not '" + *v + "'");
    }
  }
  o.schema_file = args.value("schema").value_or("");
  gqleval::cli::read_column_flags(args, o.columns);
  o.scoring.extract_candidate = !args.has("no-extract");
  o.scoring.keep_responses = args.has("responses");
  if (auto v = args.value("operation")) o.scoring.operation_name = *v;
  if (auto n = args.integer("objects")) o.data.objects = static_cast<uint32_t>(*n);
  if (auto n = args.integer("fanout")) o.data.fanout = static_cast<uint32_t>(*n);
  if (auto n = args.integer("seed")) o.data.seed = static_cast<uint64_t>(*n);
  if (auto n = args.threads()) o.threads = *n;
  if (auto n = args.integer("shard-records")) o.shard_records = static_cast<size_t>(*n);
  if (auto v = args.value("null-rate")) {
    char* end = nullptr;
    const double p = std::strtod(v->c_str(), &end);
    if (*end != '\0' || p < 0 || p > 1) args.fail("--null-rate must be in [0, 1]");
    o.data.null_rate = p;
  }
  return o;
}

int run_score(std::span<char* const> argv) {
  gqleval::cli::Args args("gqleval-baseline score", kFlags, argv);
  if (args.help()) {
    std::fputs(kUsage.data(), stdout);
    std::fputs(gqleval::cli::format_flags(kFlags).c_str(), stdout);
    return 0;
  }
  const BaselineRunOptions o = read_options(args);
  if (!args.ok()) {
    std::fprintf(stderr, "%s\n", args.error().c_str());
    return 2;
  }
  auto report = gqleval::baseline::run_baseline(o);
  if (!report) return usage_error(report.error().message);
  if (!args.has("quiet")) {
    const double rate =
        report->seconds > 0 ? static_cast<double>(report->rows) / report->seconds : 0;
    std::fprintf(stderr,
                 "gqleval-baseline: %llu rows in %.3f s (%.0f rows/s, %u thread(s)); "
                 "equivalent %llu, mismatch %llu, other %llu; %llu schema(s), data built in %.3f s "
                 "(%u objects per type, fanout %u, seed %llu)\n",
                 static_cast<unsigned long long>(report->rows), report->seconds, rate, o.threads,
                 static_cast<unsigned long long>(report->equivalent),
                 static_cast<unsigned long long>(report->mismatch),
                 static_cast<unsigned long long>(report->other),
                 static_cast<unsigned long long>(report->schemas), report->data_build_seconds,
                 o.data.objects, o.data.fanout, static_cast<unsigned long long>(o.data.seed));
  }
  return 0;
}

int run(int argc, char** argv) {
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
    std::fputs(kUsage.data(), argc < 2 ? stderr : stdout);
    std::fputs(gqleval::cli::format_flags(kFlags).c_str(), argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  if (std::strcmp(argv[1], "score") != 0) {
    return usage_error(std::string("unknown command '") + argv[1] + "'");
  }
  return run_score(std::span<char* const>(argv + 2, static_cast<size_t>(argc - 2)));
}

}  // namespace

// The only exception that can reach here is std::bad_alloc from the standard
// library: report it instead of terminating.
int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gqleval-baseline: %s\n", e.what());
    return 2;
  }
}
