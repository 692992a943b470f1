#include "tests/support/equivalence_runner.h"

#include <algorithm>
#include <charconv>
#include <span>
#include <string_view>
#include <vector>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/normalize/normalize.h"
#include "engine/normalize/printer.h"
#include "engine/normalize/rules_file.h"
#include "engine/validate/validator.h"
#include "io/file.h"

namespace gqleval::corpus {

const LoadedSchema& CorpusFiles::get(const std::string& name, const std::string& rules) {
  auto key = std::make_pair(name, rules);
  auto it = cache_.find(key);
  if (it != cache_.end()) return it->second;
  LoadedSchema& out = cache_[key];
  const std::string path = root_ + "/schemas/" + name + ".graphql";
  auto text = io::read_file(path);
  if (!text.ok()) {
    out.error = text.error().message;
    return out;
  }
  auto built = schema::Schema::build(text.value());
  if (!built.ok()) {
    out.error = path + " does not build: " + built.error().front().message;
    return out;
  }
  out.schema = built.value();
  if (rules.empty()) {
    out.rewrites = normalize::Rewrites::build(out.schema);
    return out;
  }
  auto file = normalize::RulesFile::load(root_ + "/rules/" + rules);
  if (!file.ok()) {
    out.error = "rules file " + rules + ": " + file.error().message;
    return out;
  }
  out.rewrites = normalize::Rewrites::build(out.schema, &file.value());
  if (!out.rewrites->warnings().empty()) {
    out.error = "rules file " + rules +
                " does not apply cleanly: " + out.rewrites->warnings().front().message;
  }
  return out;
}

bool score_options(const PairFixture& pair, score::ScoreOptions* options, std::string* error) {
  *options = score::ScoreOptions();
  options->extract_candidate = false;
  options->normalize.variables_json = pair.variables;
  options->operation_name = pair.operation;
  for (const std::string& word : pair.options) {
    if (word == "ignore_typename") {
      options->normalize.ignore_typename = true;
    } else if (word == "variables_by_name") {
      options->normalize.variables_by_name = true;
    } else if (word == "extract") {
      options->extract_candidate = true;
    } else if (word.starts_with("delta=")) {
      const std::string_view n = std::string_view(word).substr(6);
      auto [ptr, ec] = std::from_chars(n.data(), n.data() + n.size(), options->delta);
      if (ec != std::errc() || ptr != n.data() + n.size()) {
        *error = "bad option \"" + word + "\"";
        return false;
      }
    } else if (word.starts_with("no-")) {
      if (!normalize::set_rule(options->normalize.rules, word.substr(3), false)) {
        *error = "unknown rule in option \"" + word + "\"";
        return false;
      }
    } else if (!normalize::set_rule(options->normalize.rules, word, true)) {
      *error = "unknown option \"" + word + "\"";
      return false;
    }
  }
  return true;
}

namespace {

struct ActualPath {
  std::string path;
  uint32_t nodes;
  SourcePos pos;
};

std::vector<ActualPath> actual_paths(std::span<const score::SubtreeDiff> diffs) {
  std::vector<ActualPath> out;
  for (const score::SubtreeDiff& d : diffs) out.push_back({std::string(d.path), d.nodes, d.pos});
  std::sort(out.begin(), out.end(),
            [](const ActualPath& a, const ActualPath& b) { return a.path < b.path; });
  return out;
}

std::string format_path(const ActualPath& p) {
  return p.path + " [" + std::to_string(p.nodes) + "] @" + std::to_string(p.pos.line) + ":" +
         std::to_string(p.pos.column);
}

// Compares expected paths (sorted by path) with the engine's; appends the
// differences to `problems`.
void compare_paths(std::string_view what, std::vector<ExpectedPath> expected,
                   const std::vector<ActualPath>& actual, std::string& problems) {
  std::sort(expected.begin(), expected.end(),
            [](const ExpectedPath& a, const ExpectedPath& b) { return a.path < b.path; });
  bool same = expected.size() == actual.size();
  for (size_t i = 0; same && i < expected.size(); ++i) {
    const ExpectedPath& e = expected[i];
    const ActualPath& a = actual[i];
    same = e.path == a.path && (!e.nodes || *e.nodes == a.nodes) && (!e.pos || *e.pos == a.pos);
  }
  if (same) return;
  problems.append("  ").append(what).append(" paths differ:\n    expected:\n");
  for (const ExpectedPath& e : expected) problems.append("      ").append(e.text).append("\n");
  problems.append("    actual:\n");
  for (const ActualPath& a : actual) problems.append("      ").append(format_path(a)).append("\n");
}

uint32_t sum_nodes(const std::vector<ActualPath>& paths) {
  uint32_t n = 0;
  for (const ActualPath& p : paths) n += p.nodes;
  return n;
}

std::string indent_block(const std::string& text) {
  std::string out = "      ";
  for (char c : text) {
    out.push_back(c);
    if (c == '\n') out.append("      ");
  }
  return out;
}

}  // namespace

std::string describe_normal_form(const LoadedSchema& loaded, const score::ScoreOptions& options,
                                 const std::string& query) {
  Arena arena;
  auto doc = graphql::parse(query, arena);
  if (!doc.ok()) return "parse error: " + doc.error().message;
  const Diagnostics diagnostics = validate::validate(*loaded.schema, *doc.value());
  if (validate::has_errors(diagnostics)) {
    std::string out = "invalid:";
    for (const Diagnostic& d : diagnostics) out.append(" ").append(format_diagnostic(d));
    return out;
  }
  auto op = validate::select_operation(*doc.value(), options.operation_name);
  if (!op.ok()) return "no operation: " + op.error().message;
  auto tree = normalize::normalize(*loaded.schema, *doc.value(), *op.value(), options.normalize,
                                   loaded.rewrites.get(), arena);
  if (!tree.ok()) return "normalize error: " + tree.error().message;
  std::string out = normalize::print_tree(tree.value());
  const std::string firings = normalize::print_firings(tree.value());
  if (!firings.empty()) out.append("\n").append(firings);
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

namespace {

// What differs between the pair's expectations and the result, one line each.
std::string find_problems(const PairFixture& pair, score::Verdict expected_verdict,
                          const score::PairResult& r, const std::vector<ActualPath>& missing,
                          const std::vector<ActualPath>& extra) {
  std::string problems;
  if (r.verdict != expected_verdict) {
    problems.append("  verdict: expected ").append(pair.expect).append(", got ");
    problems.append(score::verdict_name(r.verdict)).append("\n");
  }
  const bool equivalent = expected_verdict == score::Verdict::kEquivalent;
  const auto want_missing = equivalent ? std::optional<uint32_t>(0) : pair.missing;
  const auto want_extra = equivalent ? std::optional<uint32_t>(0) : pair.extra;
  if (want_missing && r.missing != *want_missing) {
    problems.append("  missing: expected " + std::to_string(*want_missing) + ", got " +
                    std::to_string(r.missing) + "\n");
  }
  if (want_extra && r.extra != *want_extra) {
    problems.append("  extra: expected " + std::to_string(*want_extra) + ", got " +
                    std::to_string(r.extra) + "\n");
  }
  auto want_missing_paths = pair.missing_paths;
  auto want_extra_paths = pair.extra_paths;
  if (equivalent) {
    if (!want_missing_paths) want_missing_paths.emplace();
    if (!want_extra_paths) want_extra_paths.emplace();
  }
  if (want_missing_paths) compare_paths("missing", *want_missing_paths, missing, problems);
  if (want_extra_paths) compare_paths("extra", *want_extra_paths, extra, problems);
  if (!score::is_stage1(r.verdict)) {
    if (sum_nodes(missing) != r.missing || sum_nodes(extra) != r.extra) {
      problems.append("  the path node counts (" + std::to_string(sum_nodes(missing)) + ", " +
                      std::to_string(sum_nodes(extra)) + ") do not add up to the counts (" +
                      std::to_string(r.missing) + ", " + std::to_string(r.extra) + ")\n");
    }
  }
  return problems;
}

// The report of a failed pair: what the engine said, and both normal forms.
std::string failure_report(const std::string& where, const std::string& problems,
                           const PairFixture& pair, const LoadedSchema& loaded,
                           const score::ScoreOptions& options, const score::PairResult& r,
                           const std::vector<ActualPath>& missing,
                           const std::vector<ActualPath>& extra) {
  std::string report = where + " failed\n" + problems;
  report.append("  engine said: ").append(score::verdict_name(r.verdict));
  report.append(" missing=" + std::to_string(r.missing) + " extra=" + std::to_string(r.extra));
  report.append("\n");
  for (const ActualPath& p : missing) report.append("    missing ").append(format_path(p)) += "\n";
  for (const ActualPath& p : extra) report.append("    extra   ").append(format_path(p)) += "\n";
  for (const score::FiredRule& f : r.rules_fired) {
    report.append("    fired ").append(score::query_role_name(f.query)).append(" ");
    report.append(f.rule).append(" ").append(f.path).append(": ").append(f.detail) += "\n";
  }
  for (const score::QueryDiagnostic& e : r.errors) {
    report.append("    error ").append(score::query_role_name(e.query)).append(" ");
    report.append(format_diagnostic(e.diagnostic)) += "\n";
  }
  if (!pair.why.empty()) report.append("  why expected: ").append(pair.why) += "\n";
  report.append("  reference normal form:\n")
      .append(indent_block(describe_normal_form(loaded, options, pair.reference))) += "\n";
  report.append("  candidate normal form:\n")
      .append(indent_block(describe_normal_form(loaded, options, pair.candidate))) += "\n";
  return report;
}

}  // namespace

PairOutcome run_pair(CorpusFiles& files, score::Scorer& scorer, const PairFixture& pair) {
  PairOutcome outcome;
  const std::string where =
      pair.file + ":" + std::to_string(pair.line) + " pair \"" + pair.name + "\"";
  const LoadedSchema& loaded = files.get(pair.schema, pair.rules);
  if (!loaded.error.empty()) {
    outcome.report = where + ": " + loaded.error;
    return outcome;
  }
  score::ScoreOptions options;
  std::string error;
  if (!score_options(pair, &options, &error)) {
    outcome.report = where + ": " + error;
    return outcome;
  }
  score::Verdict expected_verdict;
  if (!score::verdict_from_name(pair.expect, &expected_verdict)) {
    outcome.report = where + ": unknown verdict \"" + pair.expect + "\"";
    return outcome;
  }
  const std::string_view reference = pair.reference;
  const score::PairResult r = scorer.score(*loaded.schema, loaded.rewrites.get(),
                                           std::span(&reference, 1), pair.candidate, options);
  const std::vector<ActualPath> missing = actual_paths(r.missing_paths);
  const std::vector<ActualPath> extra = actual_paths(r.extra_paths);
  const std::string problems = find_problems(pair, expected_verdict, r, missing, extra);
  if (problems.empty()) {
    outcome.passed = true;
  } else {
    outcome.report = failure_report(where, problems, pair, loaded, options, r, missing, extra);
  }
  return outcome;
}

}  // namespace gqleval::corpus
