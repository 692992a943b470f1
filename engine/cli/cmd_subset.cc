// gqleval subset: Relay's `experimental-compare-document-ir`, as a drop-in.
// Takes Relay's arguments (--left, --right, --schemaPaths A B ...) and prints
// Relay's report (score/relay_subset_text.h) where Relay is right; the
// comparison is score::SubsetComparer's (score/subset.h). What differs from
// Relay on purpose is in docs/commands/subset.md, "Where gqleval and Relay differ".
#include <sys/stat.h>

#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/cli/args.h"
#include "engine/cli/commands.h"
#include "engine/cli/print_diagnostics.h"
#include "engine/cli/schema_flag.h"
#include "engine/schema/schema.h"
#include "engine/score/relay_subset_text.h"
#include "engine/score/subset.h"
#include "io/file.h"
#include "io/json_writer.h"

namespace gqleval::cli {
namespace {

constexpr FlagSpec kFlags[] = {
    {"left", "DOCUMENT", "The document whose selections must all be in RIGHT: its text or a file"},
    {"right", "DOCUMENT", "The document to test: its text or a file"},
    kSchemaFlag,
    kSchemaPathsFlag,
    {"operation", "NAME", "The operation to compare when a document has several"},
    {"variables", "JSON", "Variable values for both documents, a JSON object"},
    {"variables-by-name", "",
     "Unbound variables keep their names: $a is not $b (default: renamings are equal)"},
    {"strict-schema", "", "Reject schemas that need the StepZen dialect's fixes"},
    {"json", "", "Print {passed, score, missing: [{path, line, column, nodes}], left_nodes}"},
    {"fail-on-missing", "", "Exit 1 when something is missing (Relay exits 0 either way)"},
};

constexpr std::string_view kHelp =
    "Usage: gqleval subset --left LEFT --right RIGHT --schemaPaths SCHEMA... [options]\n"
    "\n"
    "Does RIGHT select everything LEFT selects? A drop-in for Relay's\n"
    "`relay experimental-compare-document-ir`: the same arguments (--schema works\n"
    "too), and Relay's report on stdout: \"Subset test passed\", or \"Found N missing\n"
    "selection(s):\" with a code frame of LEFT (as Relay reformats it) and a path\n"
    "line for each missing subtree. LEFT and RIGHT are document texts, or files when\n"
    "they name one. Unlike Relay, @include/@skip count, a field selected twice keeps\n"
    "all its children, every matching RIGHT field is tried, and values compare after\n"
    "input coercion (docs/commands/subset.md: \"Where gqleval and Relay differ\").\n"
    "\n"
    "Exit status: 0 when compared (1 with --fail-on-missing when something is\n"
    "missing), 2 on a usage error, a schema that does not build, or a document that\n"
    "is not valid (each error at LABEL:LINE:COLUMN, as gqleval validate prints it).\n"
    "\n";

struct Document {
  std::string text;
  std::string label;  // the file, or "--left" / "--right" for text
};

bool is_regular_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// The document a flag gives: a file when the value names one, else the text.
bool read_document(const Args& args, std::string_view flag, Document* out) {
  std::string value = args.value(flag).value_or("");
  out->label = "--" + std::string(flag);
  if (value.find('\n') == std::string::npos && value.find('{') == std::string::npos &&
      is_regular_file(value)) {
    auto text = io::read_file(value);
    if (!text) {
      std::fprintf(stderr, "gqleval subset: %s\n", text.error().message.c_str());
      return false;
    }
    out->text = std::move(*text);
    out->label = std::move(value);
    return true;
  }
  out->text = std::move(value);
  return true;
}

std::string result_json(const score::RelaySubsetRun& run) {
  const score::SubsetResult& r = run.result;
  std::string out;
  io::JsonWriter w(out);
  w.begin_object().key("passed").boolean(r.passed).key("score").num(r.score);
  w.key("missing").begin_array();
  for (size_t i = 0; i < r.missing.size(); ++i) {
    const score::SubsetMissing& m = r.missing[i];
    w.begin_object().key("path").str(i < run.paths.size() ? run.paths[i] : m.path);
    w.key("line").num(m.pos.line).key("column").num(m.pos.column).key("nodes").num(m.nodes);
    w.end_object();
  }
  w.end_array().key("left_nodes").num(r.left_nodes).end_object();
  out += '\n';
  return out;
}

}  // namespace

CommandHelp subset_help() { return {kHelp, kFlags}; }

int run_subset(std::span<char* const> argv) {
  Args args("gqleval subset", kFlags, argv);
  if (args.help()) return print_help(subset_help());
  if (args.ok() && !args.has("left")) args.fail("--left is required");
  if (args.ok() && !args.has("right")) args.fail("--right is required");
  if (args.ok() && read_schema_flags(args).empty())
    args.fail("--schemaPaths (or --schema) is required");
  if (args.ok() && !args.positionals().empty()) {
    args.fail("unexpected argument '" + args.positionals().front() +
              "' (the documents are given with --left and --right)");
  }
  if (!args.ok()) {
    std::fprintf(stderr, "%s\n", args.error().c_str());
    return kExitUsage;
  }
  auto loaded = sources::load_schema(read_schema_flags(args));
  if (!loaded) {
    std::fprintf(stderr, "gqleval subset: %s\n", loaded.error().message.c_str());
    return kExitUsage;
  }
  schema::BuildOptions build_options;
  build_options.strict = args.has("strict-schema");
  auto built = schema::Schema::build(loaded->sdl, build_options);
  if (!built) {
    print_schema_diagnostics(built.error(), *loaded, stderr);
    std::fprintf(stderr, "gqleval subset: the schema does not build (%zu errors)\n",
                 built.error().size());
    return kExitUsage;
  }
  Document left;
  Document right;
  if (!read_document(args, "left", &left) || !read_document(args, "right", &right)) {
    return kExitUsage;
  }
  const std::string operation = args.value("operation").value_or("");
  const std::string variables = args.value("variables").value_or("");
  score::SubsetOptions options;
  options.operation_name = operation;
  options.normalize.variables_json = variables;
  options.normalize.variables_by_name = args.has("variables-by-name");
  score::SubsetComparer comparer;
  const score::RelaySubsetRun run =
      score::run_relay_subset(comparer, **built, left.text, right.text, options);
  if (run.result.state != score::SubsetState::kCompared) {
    for (const score::QueryDiagnostic& e : run.result.errors) {
      const Document& d = e.query == score::QueryRole::kReference ? left : right;
      print_diagnostics({e.diagnostic}, d.label, stderr);
    }
    const bool left_bad = run.result.state == score::SubsetState::kInvalidLeft;
    std::fprintf(stderr, "gqleval subset: %s is not a valid document\n",
                 left_bad ? "LEFT" : "RIGHT");
    return kExitUsage;
  }
  const std::string out = args.has("json") ? result_json(run) : "[INFO] " + run.message + "\n";
  std::fputs(out.c_str(), stdout);
  return args.has("fail-on-missing") && !run.result.passed ? kExitNegative : kExitOk;
}

}  // namespace gqleval::cli
