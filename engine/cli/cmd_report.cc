// gqleval report: compares the results of several `gqleval score` runs on the
// same rows (models on a leaderboard, a model's checkpoints, yesterday and
// today): the leaderboard with intervals, paired comparisons with a baseline,
// the rows that regressed, and a nightly gate. The work is engine/report's;
// this file maps flags to it and writes the outputs, only once everything
// was read and checked (a bad input writes nothing).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/cli/args.h"
#include "engine/cli/commands.h"
#include "engine/report/align.h"
#include "engine/report/gate.h"
#include "engine/report/report.h"
#include "engine/report/report_html.h"
#include "engine/report/report_json.h"
#include "engine/report/report_markdown.h"
#include "engine/report/report_text.h"
#include "engine/report/run_inputs.h"
#include "io/file.h"

namespace gqleval::cli {
namespace {

constexpr FlagSpec kFlags[] = {
    {"name", "NAME", "Name the runs, in order (default: each file's stem)", true},
    {"baseline", "NAME", "The run the others are compared with (default: the first)"},
    {"group-by", "MEMBER",
     "Pass rate per value of this member of the results rows (kept with "
     "score --keep-col)",
     true},
    {"title", "TEXT", "The report's title"},
    {"json", "PATH", "Write everything as JSON"},
    {"markdown", "PATH", "Write the report as Markdown"},
    {"html", "PATH", "Write the report as one self-contained HTML page"},
    {"seed", "N", "The bootstrap's seed (default 1): the same seed gives the same bytes"},
    {"resamples", "N", "Bootstrap resamples (default 2000)"},
    {"candidate-member", "NAME",
     "The member of the results rows with the candidate's text (default: the run's name, "
     "else candidate)"},
    {"reference-member", "NAME",
     "The member with the reference's text (default: reference, gt_query, GT_GQL, query1)"},
    {"list", "N",
     "Regressed rows listed with their details in --markdown and --html, per run (default 50; "
     "--json lists all)"},
    {"show", "N", "Regressed rows shown per run in the table on stderr (default 5)"},
    {"fail-on-regression", "",
     "Exit 1 when a run is significantly worse than the baseline (McNemar p < --alpha and a "
     "lower pass rate)"},
    {"alpha", "P", "The significance level of --fail-on-regression (default 0.05)"},
    {"max-regressed", "N", "Exit 1 when more than N rows regressed (pass -> fail) in a run"},
    {"quiet", "", "No table on stderr (gate failures and warnings still)", false, 'q'},
};

constexpr std::string_view kHelp =
    "Usage: gqleval report RUN RUN... [options]\n"
    "\n"
    "Compares the results of several `gqleval score` runs on the same rows: each\n"
    "RUN is a results file (JSON Lines; gzip or zstd too) or a folder of them (what\n"
    "score --out-dir writes), in order. Rows are paired by id when every row has\n"
    "one from an id column, else by row number; runs scored against other\n"
    "references (reference_hash) are refused.\n"
    "\n"
    "Prints on stderr, and writes with --json, --markdown, --html: per run the\n"
    "rows, pass rate with its 95% Wilson interval, mean F1 with its 95% bootstrap\n"
    "interval (seeded), the verdicts, and per --group-by value; per run against the\n"
    "baseline the rows fixed and regressed, McNemar's exact p-value, the paired\n"
    "bootstrap intervals of the differences in pass rate and mean F1; the regressed\n"
    "rows, most severe first (the F1 lost), with their paths and, when the results\n"
    "keep them (score --keep-col), the queries; the pass rate over the runs.\n"
    "\n"
    "Exit status: 0, or 1 when a gate fails (--fail-on-regression, --max-regressed),\n"
    "2 on a usage error or a bad input (named FILE:LINE; nothing is written).\n"
    "\n";

struct Outputs {
  std::string json, markdown, html;
};

bool write_text(const std::string& path, const std::string& text) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  return std::fclose(f) == 0 && ok;
}

// An output may not overwrite an input, nor another output.
bool outputs_are_free(const std::vector<std::string>& files, const Outputs& o) {
  const std::string* all[] = {&o.json, &o.markdown, &o.html};
  for (size_t i = 0; i < std::size(all); ++i) {
    const std::string& out = *all[i];
    if (out.empty()) continue;
    for (const std::string& in : files) {
      if (io::same_file(in, out)) {
        std::fprintf(stderr, "gqleval report: the output %s is the input %s\n", out.c_str(),
                     in.c_str());
        return false;
      }
    }
    for (size_t j = 0; j < i; ++j) {
      if (!all[j]->empty() && io::same_file(*all[j], out)) {
        std::fprintf(stderr, "gqleval report: two outputs are %s\n", out.c_str());
        return false;
      }
    }
  }
  return true;
}

double read_alpha(Args& args) {
  const auto text = args.value("alpha");
  if (!text) return 0.05;
  char* end = nullptr;
  const double alpha = std::strtod(text->c_str(), &end);
  if (end == text->c_str() || *end != '\0' || !(alpha > 0 && alpha < 1)) {
    args.fail("--alpha must be a number between 0 and 1, not '" + *text + "'");
  }
  return alpha;
}

// What the flags ask for.
struct Request {
  report::ReportOptions options;
  report::GateOptions gate;
  Outputs outputs;
  size_t listed = 0;  // regressed rows detailed per run in --markdown and --html
  size_t shown = 0;   // regressed rows per run in the table on stderr
};

// The flags read in a fixed order, which decides the usage error reported
// when several are wrong (Args keeps the first).
Request read_request(Args& args) {
  Request r;
  r.options.title = args.value("title").value_or("");
  r.options.baseline = args.value("baseline").value_or("");
  if (auto n = args.integer("seed")) r.options.bootstrap.seed = static_cast<uint64_t>(*n);
  if (auto n = args.integer("resamples")) {
    if (*n < 1 || *n > 1000000) args.fail("--resamples must be 1 to 1000000");
    r.options.bootstrap.resamples = static_cast<uint32_t>(*n);
  }
  r.options.text_members.candidate = args.value("candidate-member").value_or("");
  r.options.text_members.reference = args.value("reference-member").value_or("");
  r.listed = static_cast<size_t>(args.integer("list").value_or(50));
  r.shown = static_cast<size_t>(args.integer("show").value_or(5));
  r.gate.significance = args.has("fail-on-regression");
  r.gate.alpha = read_alpha(args);
  if (auto n = args.integer("max-regressed")) r.gate.max_regressed = static_cast<uint64_t>(*n);
  r.outputs = Outputs{args.value("json").value_or(""), args.value("markdown").value_or(""),
                      args.value("html").value_or("")};
  return r;
}

// The report of the runs named by the arguments: read, aligned and built,
// with the details of the rows some output lists (all for --json). Nothing,
// after saying why on stderr, when an input is bad or an output would
// overwrite one.
std::optional<report::Report> build_from_inputs(const Args& args, Request& request) {
  auto files = report::expand_inputs(args.positionals());
  if (files && files->size() < 2) {
    std::fprintf(stderr,
                 "gqleval report: %zu run given; a report compares two runs or more (files, or a "
                 "folder of them)\n",
                 files->size());
    return std::nullopt;
  }
  if (!files) {
    std::fprintf(stderr, "gqleval report: %s\n", files.error().message.c_str());
    return std::nullopt;
  }
  if (!outputs_are_free(*files, request.outputs)) return std::nullopt;
  auto runs = report::read_runs(*files, args.values("name"), args.values("group-by"));
  if (!runs) {
    std::fprintf(stderr, "gqleval report: %s\n", runs.error().message.c_str());
    return std::nullopt;
  }
  auto alignment = report::align_runs(*runs);
  if (!alignment) {
    std::fprintf(stderr, "gqleval report: %s\n", alignment.error().message.c_str());
    return std::nullopt;
  }
  const Outputs& outputs = request.outputs;
  request.options.detail_rows = std::max(
      request.shown, outputs.markdown.empty() && outputs.html.empty() ? 0 : request.listed);
  if (!outputs.json.empty()) request.options.detail_rows = SIZE_MAX;
  auto built = report::build_report(*runs, *alignment, request.options);
  if (!built) {
    std::fprintf(stderr, "gqleval report: %s\n", built.error().message.c_str());
    return std::nullopt;
  }
  return std::move(*built);
}

// --json, --markdown and --html, each rendered before any is written. False,
// after saying so, when one cannot be written.
bool write_outputs(const report::Report& built, const std::vector<report::GateOutcome>& gates,
                   const Request& request) {
  struct Written {
    const std::string& path;
    std::string text;
  };
  const Outputs& outputs = request.outputs;
  std::vector<Written> written;
  if (!outputs.json.empty()) written.push_back({outputs.json, report::report_json(built, gates)});
  if (!outputs.markdown.empty()) {
    written.push_back({outputs.markdown, report::report_markdown(built, gates, request.listed)});
  }
  if (!outputs.html.empty()) {
    written.push_back({outputs.html, report::report_html(built, gates, request.listed)});
  }
  for (const Written& w : written) {
    if (!write_text(w.path, w.text)) {
      std::fprintf(stderr, "gqleval report: cannot write %s\n", w.path.c_str());
      return false;
    }
  }
  return true;
}

// Says why each run that fails the gate fails it; true when one does.
bool print_gate_failures(const std::vector<report::GateOutcome>& gates) {
  bool failed = false;
  for (const report::GateOutcome& g : gates) {
    for (const std::string& reason : g.reasons) {
      std::fprintf(stderr, "gqleval report: %s fails the gate: %s\n", g.run.c_str(),
                   reason.c_str());
    }
    failed = failed || g.failed;
  }
  return failed;
}

}  // namespace

CommandHelp report_help() { return {kHelp, kFlags}; }

int run_report(std::span<char* const> argv) {
  Args args("gqleval report", kFlags, argv);
  if (args.help()) return print_help(report_help());
  Request request = read_request(args);
  if (args.ok() && args.positionals().empty()) args.fail("no runs given");
  if (!args.ok()) {
    std::fprintf(stderr, "%s\n", args.error().c_str());
    return kExitUsage;
  }
  auto built = build_from_inputs(args, request);
  if (!built) return kExitUsage;
  const std::vector<report::GateOutcome> gates =
      request.gate.significance || request.gate.max_regressed
          ? report::check_gate(*built, request.gate)
          : std::vector<report::GateOutcome>{};
  if (!args.has("quiet")) std::fputs(report::report_text(*built, request.shown).c_str(), stderr);
  if (!write_outputs(*built, gates, request)) return kExitUsage;
  const bool failed = print_gate_failures(gates);
  if (args.has("quiet")) {
    for (const std::string& w : built->warnings) std::fprintf(stderr, "WARNING: %s\n", w.c_str());
  }
  return failed ? kExitNegative : kExitOk;
}

}  // namespace gqleval::cli
