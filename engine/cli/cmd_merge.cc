// gqleval merge: the results and summary of a score run from its shards
// (gqleval score --shard K/N); the work is engine/runs/merge.h's.
#include <cstdio>

#include <span>
#include <string>

#include "engine/cli/args.h"
#include "engine/cli/commands.h"
#include "engine/runs/merge.h"
#include "io/file_names.h"

namespace gqleval::cli {
namespace {

constexpr FlagSpec kFlags[] = {
    {"out", "PATH", "Write the merged results here (required)", false, 'o'},
    {"summary", "PATH", "Write the merged summary here (default: beside the results)"},
};

constexpr std::string_view kHelp =
    "Usage: gqleval merge SHARD_RESULTS... --out RESULTS [--summary PATH]\n"
    "\n"
    "Joins the runs of the N shards of one input (gqleval score --shard K/N -o\n"
    "part-K.jsonl, each with its summary beside it as part-K.summary.json) into\n"
    "the results and summary one unsharded run would have written: the rows in\n"
    "input order whatever order the shards are given in, and the summary merged\n"
    "exactly from counts and sums (it differs from the unsharded run's only in\n"
    "pairs_per_second and the provenance's arguments, output, started_at and\n"
    "wall_seconds). Refused, with nothing written (exit 2): a shard missing or\n"
    "given twice, shards of another input, build, mode or options, an\n"
    "interrupted shard, results that do not hold the rows their summary says.\n"
    "\n";

}  // namespace

CommandHelp merge_help() { return {kHelp, kFlags}; }

int run_merge(std::span<char* const> argv) {
  Args args("gqleval merge", kFlags, argv);
  if (args.help()) return print_help(merge_help());
  runs::MergeOptions o;
  o.shards.assign(args.positionals().begin(), args.positionals().end());
  o.output = args.value("out").value_or("");
  if (args.ok() && o.shards.empty()) args.fail("no shard results given");
  if (args.ok() && (o.output.empty() || o.output == "-")) args.fail("--out PATH is required");
  if (!args.ok()) {
    std::fprintf(stderr, "%s\n", args.error().c_str());
    return kExitUsage;
  }
  o.summary = args.value("summary").value_or(io::summary_path_for(o.output));
  auto report = runs::merge_shards(o);
  if (!report) {
    std::fprintf(stderr, "gqleval merge: %s\n", report.error().message.c_str());
    return kExitUsage;
  }
  std::fprintf(stderr, "gqleval merge: %zu shards, %llu rows into %s (summary %s)\n",
               report->shards, static_cast<unsigned long long>(report->summary.rows()),
               o.output.c_str(), o.summary.c_str());
  return kExitOk;
}

}  // namespace gqleval::cli
