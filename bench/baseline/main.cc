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
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <optional>
#include <string>
#include <string_view>

#include "bench/baseline/baseline_run.h"
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
    "\n"
    "Options:\n"
    "  --out PATH             results, JSON Lines (default: stdout)\n"
    "  --format FORMAT        input format: csv or jsonl (default: by extension, then content)\n"
    "  --schema FILE          one schema for every row\n"
    "  --schema-col NAME      --schema-path-col NAME  --reference-col NAME (repeatable)\n"
    "  --candidate-col NAME   --id-col NAME  --variables-col NAME\n"
    "                         columns, found by gqleval score's rules unless named\n"
    "  --no-extract           take the candidate cell as the query\n"
    "  --operation NAME       the operation to run when a document has several\n"
    "  --objects N            objects per object type (default 50)\n"
    "  --fanout K             related objects per list field (default 3)\n"
    "  --seed S               seed of the synthetic data (default 1)\n"
    "  --null-rate P          chance that a nullable value is null (default 0.1)\n"
    "  --threads N            worker threads (default 1); output stays in input order\n"
    "  --responses            also write both response texts into each result\n"
    "  --quiet                no summary on stderr\n";

bool parse_u64(const std::string& s, uint64_t* out) {
  auto r = std::from_chars(s.data(), s.data() + s.size(), *out);
  return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

int usage_error(const std::string& message) {
  std::fprintf(stderr, "gqleval-baseline score: %s\n", message.c_str());
  return 2;
}

int run_score(int argc, char** argv) {
  BaselineRunOptions o;
  o.columns.option_name = &gqleval::cli::column_flag;
  bool quiet = false;
  std::optional<std::string> input;
  for (int i = 0; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage.data(), stdout);
      return 0;
    }
    if (arg.rfind("--", 0) != 0) {
      if (input) return usage_error("give one input file");
      input = arg;
      continue;
    }
    std::string flag = arg.substr(2);
    std::optional<std::string> value;
    if (const size_t eq = flag.find('='); eq != std::string::npos) {
      value = flag.substr(eq + 1);
      flag = flag.substr(0, eq);
    }
    auto need = [&]() -> std::optional<std::string> {
      if (value) return value;
      if (i + 1 >= argc) return std::nullopt;
      return std::string(argv[++i]);
    };
    auto number = [&](uint64_t* out) {
      auto v = need();
      return v && parse_u64(*v, out);
    };
    uint64_t n = 0;
    if (flag == "no-extract") {
      o.scoring.extract_candidate = false;
    } else if (flag == "responses") {
      o.scoring.keep_responses = true;
    } else if (flag == "quiet") {
      quiet = true;
    } else if (flag == "objects" || flag == "fanout" || flag == "seed" || flag == "threads" ||
               flag == "shard-records") {
      if (!number(&n)) return usage_error("--" + flag + " needs a non-negative integer");
      if (flag == "objects") o.data.objects = static_cast<uint32_t>(n);
      if (flag == "fanout") o.data.fanout = static_cast<uint32_t>(n);
      if (flag == "seed") o.data.seed = n;
      if (flag == "threads") {
        if (n == 0) return usage_error("--threads must be at least 1");
        o.threads = static_cast<unsigned>(n);
      }
      if (flag == "shard-records") o.shard_records = n;
    } else {
      auto v = need();
      if (!v) return usage_error("--" + flag + " needs a value");
      if (flag == "out") {
        o.output = *v;
      } else if (flag == "format") {
        if (!gqleval::batch::input_format_from_name(*v, &o.input_format)) {
          return usage_error("--format must be csv or jsonl, not '" + *v + "'");
        }
      } else if (flag == "schema") {
        o.schema_file = *v;
      } else if (flag == "schema-col") {
        o.columns.schema = *v;
      } else if (flag == "schema-path-col") {
        o.columns.schema_path = *v;
      } else if (flag == "reference-col") {
        o.columns.references.push_back(*v);
      } else if (flag == "candidate-col") {
        o.columns.candidate = *v;
      } else if (flag == "id-col") {
        o.columns.id = *v;
      } else if (flag == "variables-col") {
        o.columns.variables = *v;
      } else if (flag == "operation") {
        o.scoring.operation_name = *v;
      } else if (flag == "null-rate") {
        char* end = nullptr;
        const double p = std::strtod(v->c_str(), &end);
        if (*end != '\0' || p < 0 || p > 1) return usage_error("--null-rate must be in [0, 1]");
        o.data.null_rate = p;
      } else {
        return usage_error("unknown flag --" + flag + " (see --help)");
      }
    }
  }
  if (!input) return usage_error("no input file given");
  o.input = *input;
  auto report = gqleval::baseline::run_baseline(o);
  if (!report) return usage_error(report.error().message);
  if (!quiet) {
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

}  // namespace

namespace {

int run(int argc, char** argv) {
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
    std::fputs(kUsage.data(), argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  if (std::strcmp(argv[1], "score") != 0) {
    return usage_error(std::string("unknown command '") + argv[1] + "'");
  }
  return run_score(argc - 2, argv + 2);
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
