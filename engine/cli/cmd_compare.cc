// gqleval compare: scores one candidate query against one or more reference
// queries and prints the verdict, the counts and the explanation (or, with
// --json, the result as one JSON object). The work is score::Scorer's
// (engine/score/score_pair.h); this file maps flags to ScoreOptions.
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <simdjson.h>

#include "engine/cli/args.h"
#include "engine/cli/commands.h"
#include "engine/cli/print_diagnostics.h"
#include "engine/cli/rule_flags.h"
#include "engine/cli/schema_flag.h"
#include "engine/normalize/rewrites.h"
#include "engine/normalize/rules_file.h"
#include "engine/schema/schema.h"
#include "engine/score/render.h"
#include "engine/score/result_json.h"
#include "engine/score/score_pair.h"
#include "io/file.h"

namespace gqleval::cli {
namespace {

constexpr FlagSpec kFlags[] = {
    kSchemaFlag,
    kSchemaPathsFlag,
    {"reference", "FILE", "A further reference query; the best match counts", true},
    {"delta", "N", "Over-fetch budget: extra nodes a pass may have (default 0)"},
    {"rules", "FILE", "Rewrite rules (inverse pairs, endpoints, argument maps), JSON"},
    {"rule-set", "LIST",
     "Rewrite rules to use: comma-separated of cycles, endpoints, rgeval; or none "
     "(default: cycles,endpoints)"},
    {"no-rules", "", "No rewrite rule (same as --rule-set none)"},
    {"ignore-typename", "", "Do not count __typename selections"},
    {"variables-by-name", "",
     "Unbound variables keep their names: $a is not $b (default: renamings are equal)"},
    {"variables", "JSON", "Variable values, a JSON object (or @FILE to read one)"},
    {"operation", "NAME", "The operation to compare when a document has several"},
    {"answer", "WHICH",
     "one (default): the candidate is one operation (--operation picks it); all: every "
     "operation of the candidate file (a document, or a JSON array of query texts) graded "
     "together"},
    {"no-extract", "", "Take the candidate file as the query (no search in LLM text)"},
    {"strict-schema", "", "Reject schemas that need the StepZen dialect's fixes"},
    {"json", "", "Print the result as one JSON object"},
};

constexpr std::string_view kHelp =
    "Usage: gqleval compare --schema SCHEMA.graphql REFERENCE.graphql CANDIDATE [options]\n"
    "\n"
    "Decides whether the candidate query asks for the same data as the reference:\n"
    "both are validated against the schema, normalized to the response tree they\n"
    "ask for, and compared node by node. The candidate may be an LLM's answer; the\n"
    "query is taken from its first graphql code block or query-shaped text.\n"
    "\n"
    "Verdicts: equivalent, overfetch_ok (extra nodes within --delta: a pass),\n"
    "overfetch, underfetch, mismatch; no_query, invalid_candidate,\n"
    "invalid_reference, invalid_schema. The explanation lists the top-most missing\n"
    "and extra subtrees with their source positions, and the rewrite rules that\n"
    "fired.\n"
    "\n"
    "Exit status: 0 when the pair passes, 1 when it does not (including invalid\n"
    "queries and a schema that does not build), 2 on a usage or I/O error.\n"
    "\n";

// Empty when `json` is a JSON object, else what is wrong with it.
std::string check_variables(const std::string& json) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (auto error = parser.parse(json).get(doc)) {
    return std::string("not valid JSON (") + simdjson::error_message(error) + ")";
  }
  if (!doc.is_object()) return "not a JSON object";
  return {};
}

// Everything a comparison reads. Every file is read before anything is
// scored, so that an I/O error is always exit code 2.
struct CompareInputs {
  std::string sdl;
  std::vector<std::string> reference_paths;
  std::vector<std::string> references;
  std::string candidate;
  std::string variables;
  std::shared_ptr<const normalize::RulesFile> rules_file;
};

bool read_into(const std::string& path, std::string* out) {
  auto text = io::read_file(path);
  if (!text) {
    std::fprintf(stderr, "gqleval compare: %s\n", text.error().message.c_str());
    return false;
  }
  *out = std::move(*text);
  return true;
}

// Fails `args` when a flag is wrong.
score::ScoreOptions read_options(Args& args) {
  score::ScoreOptions options;
  if (args.ok() && read_schema_flags(args).empty()) args.fail("--schema is required");
  if (args.ok() && args.positionals().size() != 2) {
    const size_t n = args.positionals().size();
    args.fail("give a reference file and a candidate file (got " + std::to_string(n) +
              (n == 1 ? " file)" : " files)"));
  }
  if (auto n = args.integer("delta")) {
    if (*n > UINT32_MAX) args.fail("--delta is too large");
    options.delta = static_cast<uint32_t>(*n);
  }
  read_rule_flags(args, options.normalize.rules);
  options.normalize.ignore_typename = args.has("ignore-typename");
  options.normalize.variables_by_name = args.has("variables-by-name");
  options.extract_candidate = !args.has("no-extract");
  const std::string answer = args.value("answer").value_or("one");
  if (answer != "one" && answer != "all") {
    args.fail("--answer must be one or all, not '" + answer + "'");
  }
  options.all_operations = answer == "all";
  return options;
}

bool read_inputs(const Args& args, CompareInputs& in) {
  in.variables = args.value("variables").value_or("");
  if (!in.variables.empty() && in.variables[0] == '@' &&
      !read_into(in.variables.substr(1), &in.variables)) {
    return false;
  }
  if (!in.variables.empty()) {
    if (std::string problem = check_variables(in.variables); !problem.empty()) {
      std::fprintf(stderr, "gqleval compare: --variables is %s\n", problem.c_str());
      return false;
    }
  }
  in.reference_paths = {args.positionals()[0]};
  for (const std::string& p : args.values("reference")) in.reference_paths.push_back(p);
  in.references.resize(in.reference_paths.size());
  auto schema = sources::load_schema(read_schema_flags(args));
  if (!schema) {
    std::fprintf(stderr, "gqleval compare: %s\n", schema.error().message.c_str());
    return false;
  }
  in.sdl = std::move(schema->sdl);
  if (!read_into(args.positionals()[1], &in.candidate)) return false;
  for (size_t i = 0; i < in.references.size(); ++i) {
    if (!read_into(in.reference_paths[i], &in.references[i])) return false;
  }
  if (auto path = args.value("rules")) {
    auto loaded = normalize::RulesFile::load(*path);
    if (!loaded) {
      std::fprintf(stderr, "gqleval compare: %s: %s\n", path->c_str(),
                   loaded.error().message.c_str());
      return false;
    }
    in.rules_file = std::make_shared<const normalize::RulesFile>(std::move(*loaded));
  }
  return true;
}

// Prints the result as JSON or text, with the rule profile the run used
// (docs/semantics.md, Stage 3), and returns the exit code.
int print_result(const Args& args, const CompareInputs& in, const score::ScoreOptions& options,
                 const score::PairResult& r) {
  const std::string profile = normalize::rule_profile(options.normalize.rules);
  if (args.has("json")) {
    std::string line;
    score::append_result_object(line, r, profile, options.normalize.variables_by_name);
    line.push_back('\n');
    std::fputs(line.c_str(), stdout);
  } else {
    score::RenderLabels labels;
    labels.references = in.reference_paths;
    labels.candidate = args.positionals()[1];
    labels.schema = read_schema_flags(args).front();
    std::fputs(score::render_text(r, labels).c_str(), stdout);
    std::fputs(("rules: " + profile + "\n").c_str(), stdout);
    // Only when on: the default's text stays as it was.
    if (options.normalize.variables_by_name) std::fputs("variables: by name\n", stdout);
  }
  return r.pass ? kExitOk : kExitNegative;
}

}  // namespace

CommandHelp compare_help() { return {kHelp, kFlags}; }

int run_compare(std::span<char* const> argv) {
  Args args("gqleval compare", kFlags, argv);
  if (args.help()) return print_help(compare_help());
  score::ScoreOptions options = read_options(args);
  if (!args.ok()) {
    std::fprintf(stderr, "%s\n", args.error().c_str());
    return kExitUsage;
  }
  CompareInputs in;
  if (!read_inputs(args, in)) return kExitUsage;
  const std::string operation = args.value("operation").value_or("");
  options.operation_name = operation;
  options.normalize.variables_json = in.variables;

  score::ScoringSchemaOptions schema_options;
  schema_options.strict = args.has("strict-schema");
  schema_options.rules_file = in.rules_file.get();
  auto built = score::ScoringSchema::build(in.sdl, schema_options);
  if (!built) {
    const auto references = static_cast<uint32_t>(in.references.size());
    return print_result(args, in, options, score::schema_failure(built.error(), references));
  }
  if (in.rules_file && (*built)->rewrites() != nullptr) {
    print_diagnostics((*built)->rewrites()->warnings(), *args.value("rules"), stderr);
  }
  std::vector<std::string_view> reference_views(in.references.begin(), in.references.end());
  score::Scorer scorer;
  return print_result(args, in, options,
                      scorer.score(**built, reference_views, in.candidate, options));
}

}  // namespace gqleval::cli
