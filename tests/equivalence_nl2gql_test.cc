// The equivalence sweep over the NL2GQL test set
// (GQLEVAL_SHARED_DIR/datasets/nl2gql/nl2gql_test.csv, 1,164 rows, 13
// schemas): every reference (gt_query, against the row's schema, with the
// rules derived from that schema) is scored against
//   - itself                                          -> equivalent;
//   - a copy with selections, arguments and input-object fields shuffled and
//     every field given a fresh alias                 -> equivalent;
//   - a copy rewritten through fragments, named and inline, nested, shuffled
//                                                      -> equivalent;
//   - a copy with its literals lifted into variables (with defaults, or with
//     the values in the row's variables JSON)          -> equivalent;
//   - a copy with one leaf removed                     -> underfetch, missing = 1,
//     the one missing path ending at that leaf (rows where every leaf is the
//     only selection of its set have no such copy: they are counted, and the
//     test checks that no other row is left out);
//   - a copy with one scalar field added               -> overfetch, extra = 1.
// The rewriting is done on the AST by datasets/generator/query_rewriter.h,
// deterministic from a seed (the row id), printed with the project's printer.
// Every check also runs with all rewrites combined (3 seeds). The dataset's 4
// broken references (995-998, cut off: syntax errors) and 4
// invalid ones (893-896, not valid against their schema) must come out
// invalid_reference, and no other row may. Each check prints a summary line.
// Skipped when the data is absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "datasets/generator/query_rewriter.h"
#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/normalize/rewrites.h"
#include "engine/schema/schema.h"
#include "engine/score/score_pair.h"
#include "io/csv.h"
#include "io/file.h"

namespace gqleval {
namespace {

const std::string kCsv = std::string(GQLEVAL_SHARED_DIR) + "/datasets/nl2gql/nl2gql_test.csv";
constexpr size_t kReportedFailures = 8;  // detailed reports per check; the rest are counted

struct Row {
  std::string id;  // e.g. "17", "17/gt_query_2", "rgeval/3/query2"
  uint64_t seed = 0;
  std::string schema;
  std::string reference;
};

struct Check {
  std::string name;
  size_t passed = 0;
  size_t total = 0;
  size_t skipped = 0;  // rows where the rewrite does not apply (said why in the summary)

  void record(bool ok, const std::string& detail) {
    ++total;
    if (ok) {
      ++passed;
    } else if (total - passed <= kReportedFailures) {
      ADD_FAILURE() << name << ": " << detail;
    }
  }
  void print(const std::string& source) const {
    std::cout << "[ corpus   ] " << source << " " << name << ": " << passed << "/" << total
              << " pairs passed";
    if (skipped) std::cout << " (" << skipped << " rows with nothing to rewrite safely)";
    std::cout << "\n";
  }
};

// True when some leaf field of the document shares its selection set with
// another selection, i.e. removing it would leave a valid document.
bool has_leaf_with_sibling(const std::string& query) {
  Arena arena;
  auto doc = graphql::parse(query, arena);
  if (!doc.ok()) return false;
  bool found = false;
  auto walk = [&](auto&& self, const ast::SelectionSet* set) -> void {
    if (!set) return;
    for (const ast::Selection* s : set->selections) {
      if (s->kind == ast::SelectionKind::kField) {
        const auto& f = ast::as<ast::Field>(*s);
        if (!f.selection_set && set->selections.size() > 1) found = true;
        self(self, f.selection_set);
      } else if (s->kind == ast::SelectionKind::kInlineFragment) {
        self(self, ast::as<ast::InlineFragment>(*s).selection_set);
      }
    }
  };
  for (const ast::Definition* d : doc.value()->definitions) {
    if (d->kind == ast::DefinitionKind::kOperation) {
      walk(walk, ast::as<ast::OperationDefinition>(*d).selection_set);
    } else if (d->kind == ast::DefinitionKind::kFragment) {
      walk(walk, ast::as<ast::FragmentDefinition>(*d).selection_set);
    }
  }
  return found;
}

std::vector<io::CsvRow> read_csv_rows(const std::string& path) {
  auto text = io::read_file(path);
  EXPECT_TRUE(text.ok()) << (text.ok() ? "" : text.error().message);
  if (!text.ok()) return {};
  auto rows = io::parse_csv(text.value());
  EXPECT_TRUE(rows.ok()) << (rows.ok() ? "" : rows.error().message);
  return rows.ok() ? std::move(rows).value() : std::vector<io::CsvRow>();
}

size_t column(const io::CsvRow& header, std::string_view name) {
  auto it = std::find(header.fields.begin(), header.fields.end(), name);
  return it == header.fields.end() ? SIZE_MAX : static_cast<size_t>(it - header.fields.begin());
}

// Runs every check over a set of references; keeps the counts.
class Sweep {
 public:
  Check self{"itself"}, shuffled{"shuffled+aliased"}, fragments{"fragments"},
      defaults{"variables-with-defaults"}, json{"variables-json"}, combined{"all-rewrites-3-seeds"},
      dropped{"one-leaf-removed"}, added{"one-leaf-added"};
  std::set<std::string> invalid, syntax;  // references that are invalid_reference
  size_t droppable_but_skipped = 0;

  void run(const Row& row) {
    const Built& b = built(row.schema);
    if (!b.schema) return;
    const std::string where = "row " + row.id;
    const score::PairResult r = score(b, row.reference, row.reference);
    if (r.verdict == score::Verdict::kInvalidReference) {
      invalid.insert(row.id);
      bool syntax_error = false;
      for (const auto& e : r.errors) syntax_error |= e.diagnostic.rule == "Syntax";
      if (syntax_error) syntax.insert(row.id);
      return;
    }
    self.record(r.verdict == score::Verdict::kEquivalent, where + ": " + describe(r));

    rewrite::RewriteOptions o;
    o.seed = row.seed;
    o.shuffle = o.alias = true;
    equivalent_copy(b, row, shuffled, o);
    o = {};
    o.seed = row.seed;
    o.fragments = o.shuffle = true;
    equivalent_copy(b, row, fragments, o);
    o = {};
    o.seed = row.seed;
    o.variables = rewrite::VariableMode::kDefaults;
    equivalent_copy(b, row, defaults, o);
    o.variables = rewrite::VariableMode::kJson;
    o.shuffle = true;
    equivalent_copy(b, row, json, o);
    for (uint64_t k = 0; k < 3; ++k) {
      o = {};
      o.seed = row.seed * 7919 + k;
      o.shuffle = o.alias = o.fragments = true;
      o.alias_percent = 50;
      o.variables = k == 1 ? rewrite::VariableMode::kDefaults : rewrite::VariableMode::kJson;
      equivalent_copy(b, row, combined, o);
    }
    mutated(b, row, dropped, rewrite::MutationKind::kDropLeaf);
    mutated(b, row, added, rewrite::MutationKind::kAddLeaf);
  }

  void print(const std::string& source) const {
    for (const Check* c : checks()) c->print(source);
  }
  std::vector<const Check*> checks() const {
    return {&self, &shuffled, &fragments, &defaults, &json, &combined, &dropped, &added};
  }

 private:
  struct Built {
    std::shared_ptr<const schema::Schema> schema;
    std::shared_ptr<const normalize::Rewrites> rewrites;
  };

  const Built& built(const std::string& sdl) {
    auto it = schemas_.find(sdl);
    if (it != schemas_.end()) return it->second;
    Built& b = schemas_[sdl];
    auto s = schema::Schema::build(sdl);
    EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().front().message);
    if (s.ok()) {
      b.schema = s.value();
      b.rewrites = normalize::Rewrites::build(b.schema);
    }
    return b;
  }

  score::PairResult score(const Built& b, const std::string& reference,
                          const std::string& candidate, const std::string& variables = {}) {
    score::ScoreOptions options;
    options.extract_candidate = false;
    options.normalize.variables_json = variables;
    const std::string_view ref = reference;
    return scorer_.score(*b.schema, b.rewrites.get(), std::span(&ref, 1), candidate, options);
  }

  static std::string describe(const score::PairResult& r) {
    std::string s(score::verdict_name(r.verdict));
    s += " missing=" + std::to_string(r.missing) + " extra=" + std::to_string(r.extra);
    for (const auto& p : r.missing_paths) s.append("\n    missing ").append(p.path);
    for (const auto& p : r.extra_paths) s.append("\n    extra ").append(p.path);
    for (const auto& e : r.errors) s.append("\n    error ").append(e.diagnostic.message);
    return s;
  }

  void equivalent_copy(const Built& b, const Row& row, Check& check,
                       const rewrite::RewriteOptions& options) {
    const std::string where = "row " + row.id + " seed " + std::to_string(options.seed);
    auto copy = rewrite::rewrite_equivalent(*b.schema, row.reference, options);
    if (!copy.ok()) {
      check.record(false, where + ": rewrite failed: " + copy.error().message);
      return;
    }
    const score::PairResult c = score(b, row.reference, copy->query, copy->variables_json);
    check.record(c.verdict == score::Verdict::kEquivalent,
                 where + ": " + describe(c) + "\n  reference:\n" + row.reference +
                     "\n  candidate:\n" + copy->query + "\n  variables: " + copy->variables_json);
  }

  void mutated(const Built& b, const Row& row, Check& check, rewrite::MutationKind kind) {
    rewrite::MutateOptions options;
    options.seed = row.seed;
    options.rewrites = b.rewrites.get();  // the rules the pair is scored with
    auto m = rewrite::mutate(*b.schema, row.reference, kind, options);
    if (!m.ok()) {
      ++check.skipped;
      if (kind == rewrite::MutationKind::kDropLeaf && has_leaf_with_sibling(row.reference)) {
        ++droppable_but_skipped;
        ADD_FAILURE() << "row " << row.id
                      << ": no leaf removed although a leaf has a sibling: " << m.error().message
                      << "\n"
                      << row.reference;
      }
      return;
    }
    const score::PairResult c = score(b, row.reference, m->query);
    const auto& paths = kind == rewrite::MutationKind::kDropLeaf ? c.missing_paths : c.extra_paths;
    // The one differing path ends at the changed leaf: `name` or `name on Type`.
    bool path_ok = paths.size() == 1 && paths[0].nodes == 1;
    if (path_ok) {
      const std::string_view path = paths[0].path;
      const std::string_view last = path.substr(path.rfind(" -> ") + 4);
      path_ok = last == m->field || last.starts_with(m->field + " on ");
    }
    check.record(
        c.verdict == m->expected && c.missing == m->missing && c.extra == m->extra && path_ok,
        "row " + row.id + " (" + m->description + "): expected " +
            std::string(score::verdict_name(m->expected)) + " missing=" +
            std::to_string(m->missing) + " extra=" + std::to_string(m->extra) + ", got " +
            describe(c) + "\n  reference:\n" + row.reference + "\n  candidate:\n" + m->query);
  }

  std::map<std::string, Built> schemas_;
  score::Scorer scorer_;
};

TEST(Nl2gqlSweep, ReferencesAgainstTheirRewrites) {
  if (!std::filesystem::exists(kCsv)) GTEST_SKIP() << "NL2GQL data absent: " << kCsv;
  const std::vector<io::CsvRow> rows = read_csv_rows(kCsv);
  ASSERT_EQ(rows.size(), 1165u);  // the header and 1,164 rows
  const size_t id = column(rows[0], "id"), schema = column(rows[0], "schema"),
               query = column(rows[0], "gt_query");
  ASSERT_NE(id, SIZE_MAX);
  ASSERT_NE(schema, SIZE_MAX);
  ASSERT_NE(query, SIZE_MAX);
  Sweep sweep;
  for (size_t i = 1; i < rows.size(); ++i) {
    const std::vector<std::string>& f = rows[i].fields;
    ASSERT_GT(f.size(), std::max({id, schema, query})) << "short row " << i;
    sweep.run({f[id], std::stoull(f[id]), f[schema], f[query]});
  }
  const std::set<std::string> want_invalid = {"893", "894", "895", "896",
                                              "995", "996", "997", "998"};
  const std::set<std::string> want_syntax = {"995", "996", "997", "998"};
  EXPECT_EQ(sweep.invalid, want_invalid);
  EXPECT_EQ(sweep.syntax, want_syntax);
  std::cout << "[ corpus   ] nl2gql invalid_reference: " << sweep.invalid.size()
            << " rows (broken: " << sweep.syntax.size()
            << ", invalid: " << sweep.invalid.size() - sweep.syntax.size() << ")\n";
  sweep.print("nl2gql");
  for (const Check* c : sweep.checks()) EXPECT_EQ(c->passed, c->total) << c->name;
  // Every valid row gets each equivalent rewrite; a row is left without a
  // leaf-removed copy only when no leaf has a sibling selection.
  EXPECT_EQ(sweep.self.total, rows.size() - 1 - want_invalid.size());
  EXPECT_EQ(sweep.shuffled.total, sweep.self.total);
  EXPECT_EQ(sweep.fragments.total, sweep.self.total);
  EXPECT_EQ(sweep.droppable_but_skipped, 0u);
}

// The same checks over the other real references of the shared data: the
// NL2GQL alternative answers (gt_query_2) and both queries of the RGEval
// granite-20b results (the ground truth and the model's answer). Invalid ones
// are counted, not checked.
TEST(Nl2gqlSweep, OtherReferencesAgainstTheirRewrites) {
  const std::string rgeval =
      std::string(GQLEVAL_SHARED_DIR) + "/datasets/rgeval-granite/granite20b_zeroshot_rgeval.csv";
  if (!std::filesystem::exists(kCsv) || !std::filesystem::exists(rgeval)) {
    GTEST_SKIP() << "NL2GQL or RGEval granite data absent";
  }
  Sweep sweep;
  const std::vector<io::CsvRow> nl = read_csv_rows(kCsv);
  ASSERT_FALSE(nl.empty());
  const size_t id = column(nl[0], "id"), schema = column(nl[0], "schema"),
               alt = column(nl[0], "gt_query_2");
  ASSERT_NE(alt, SIZE_MAX);
  for (size_t i = 1; i < nl.size(); ++i) {
    const std::vector<std::string>& f = nl[i].fields;
    if (f.size() <= alt || f[alt].find('{') == std::string::npos) continue;
    sweep.run({f[id] + "/gt_query_2", std::stoull(f[id]) + 100000, f[schema], f[alt]});
  }
  const std::vector<io::CsvRow> rg = read_csv_rows(rgeval);
  ASSERT_FALSE(rg.empty());
  const size_t rs = column(rg[0], "Schema Content"), q1 = column(rg[0], "Query1 Content"),
               q2 = column(rg[0], "Query2 Content");
  ASSERT_NE(rs, SIZE_MAX);
  ASSERT_NE(q1, SIZE_MAX);
  ASSERT_NE(q2, SIZE_MAX);
  for (size_t i = 1; i < rg.size(); ++i) {
    const std::vector<std::string>& f = rg[i].fields;
    ASSERT_GT(f.size(), std::max({rs, q1, q2}));
    sweep.run({"rgeval/" + std::to_string(i) + "/query1", 200000 + i, f[rs], f[q1]});
    sweep.run({"rgeval/" + std::to_string(i) + "/query2", 300000 + i, f[rs], f[q2]});
  }
  std::cout << "[ corpus   ] other references: " << sweep.invalid.size()
            << " invalid (not checked)\n";
  sweep.print("other");
  for (const Check* c : sweep.checks()) EXPECT_EQ(c->passed, c->total) << c->name;
  EXPECT_GT(sweep.self.total, 800u);
}

}  // namespace
}  // namespace gqleval
