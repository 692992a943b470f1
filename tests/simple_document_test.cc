// certify_simple_document() (engine/validate/simple_document.h) against the
// full validator: a document it certifies must be one that every rule passes,
// or the scorer would normalize an invalid query. Checked on every query of
// the datasets (NL2GQL gt_query and gt_query_2, RGEval's granite-20b Query1
// and Query2), every graphql-js conformance case, and mutations of the
// dataset queries made to break one rule each (a name swapped for another of
// the schema, a literal swapped for one of another kind, a field repeated
// under an alias or with other arguments, a selection set dropped or added,
// an argument dropped or repeated). Also checked: the certificate is not
// vacuous (most valid dataset queries are certified) and the mutations do
// reach invalid documents. Deterministic (fixed seed); skipped when the data
// is absent.
//
// The same documents check the one-pass reading that stands on the same
// certificate (normalize::Normalizer::run_one_pass): wherever it gives a
// normal tree, the document must parse, pass every rule, and give that very
// tree, member by member, through parse, validation and Normalizer::run; with
// the default rules and with the rgeval profile and ignore_typename.
#include <gtest/gtest.h>

#include <simdjson.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "datasets/generator/seeded_random.h"
#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/normalize/normalize.h"
#include "engine/normalize/rewrites.h"
#include "engine/schema/schema.h"
#include "engine/validate/simple_document.h"
#include "engine/validate/validator.h"
#include "io/csv.h"
#include "io/file.h"

namespace gqleval {
namespace {

const std::string kShared = GQLEVAL_SHARED_DIR;
constexpr int kMutationsPerQuery = 24;

bool is_name_char(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// [begin, end) of every name and of every number in text.
void tokens(const std::string& text, std::vector<std::pair<size_t, size_t>>& names,
            std::vector<std::pair<size_t, size_t>>& numbers) {
  names.clear();
  numbers.clear();
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (is_name_char(c)) {
      size_t j = i;
      while (j < text.size() && (is_name_char(text[j]) || text[j] == '.')) ++j;
      ((c >= '0' && c <= '9') ? numbers : names).emplace_back(i, j);
      i = j;
    } else {
      ++i;
    }
  }
}

// Names a mutation may put in place of another: every field, argument, input
// field and enum value of the schema, and the meta fields.
std::vector<std::string> schema_names(const schema::Schema& s) {
  std::vector<std::string> out = {"__typename", "__schema", "__type", "id", "true", "null"};
  for (size_t f = 0; f < s.field_count(); ++f) {
    const schema::FieldDef& d = s.field(static_cast<schema::FieldId>(f));
    out.emplace_back(d.name);
    for (const schema::InputValue& a : d.arguments) out.emplace_back(a.name);
  }
  for (size_t t = 0; t < s.type_count(); ++t) {
    const schema::TypeDef& d = s.type(static_cast<schema::TypeId>(t));
    if (d.built_in) continue;
    for (const schema::InputValue& a : d.input_fields) out.emplace_back(a.name);
    for (const schema::EnumValue& e : d.enum_values) out.emplace_back(e.name);
  }
  return out;
}

constexpr std::array<std::string_view, 19> kLiterals = {
    "\"1\"", "1.5", "2147483648", "-1", "null", "true", "[1, 2]", "[]", "{id: 1}", "{}", "$v",
    "ASC", "\"\"", "0", "1e3", "[null]",
    // Object literals that name a field twice (UniqueInputFieldNames), also
    // where a custom scalar takes them.
    "{a: 1, a: 2}", "[{b: {c: 1, c: 1}}]", "{id: 1, id: $v}"};
constexpr std::array<std::string_view, 8> kInserts = {"id ",
                                                      "a: id ",
                                                      "__typename ",
                                                      "id: __typename ",
                                                      "x { id } ",
                                                      "__schema { types { name } } ",
                                                      "... on Query { id } ",
                                                      "id @include(if: true) "};

std::string mutate(std::string text, const std::vector<std::string>& names,
                   rewrite::SeededRandom& rng) {
  std::vector<std::pair<size_t, size_t>> name_at, number_at;
  tokens(text, name_at, number_at);
  switch (rng.index(6)) {
    case 0:  // a name swapped for another of the schema
      if (!name_at.empty()) {
        const auto [b, e] = name_at[rng.index(name_at.size())];
        text.replace(b, e - b, names[rng.index(names.size())]);
      }
      break;
    case 1: {  // a literal swapped for one of another kind
      auto& pool = number_at.empty() || rng.index(2) == 0 ? name_at : number_at;
      if (!pool.empty()) {
        const auto [b, e] = pool[rng.index(pool.size())];
        text.replace(b, e - b, kLiterals[rng.index(kLiterals.size())]);
      }
      break;
    }
    case 2: {  // a selection added after some '{'
      std::vector<size_t> braces;
      for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '{') braces.push_back(i + 1);
      }
      if (!braces.empty()) {
        std::string insert(kInserts[rng.index(kInserts.size())]);
        if (rng.index(2) == 0 && !name_at.empty()) {
          insert = names[rng.index(names.size())] + " ";  // a field from anywhere
        }
        text.insert(braces[rng.index(braces.size())], " " + insert);
      }
      break;
    }
    case 3: {  // a selection set dropped: from some '{' to its '}'
      std::vector<size_t> opens;
      for (size_t i = 1; i < text.size(); ++i) {
        if (text[i] == '{') opens.push_back(i);
      }
      if (opens.size() > 1) {
        const size_t b = opens[1 + rng.index(opens.size() - 1)];
        int depth = 0;
        for (size_t i = b; i < text.size(); ++i) {
          depth += text[i] == '{' ? 1 : text[i] == '}' ? -1 : 0;
          if (depth == 0) {
            text.erase(b, i + 1 - b);
            break;
          }
        }
      }
      break;
    }
    case 4: {  // an argument list dropped or repeated
      const size_t open = text.find('(');
      const size_t close = open == std::string::npos ? open : text.find(')', open);
      if (close != std::string::npos) {
        if (rng.index(2) == 0) {
          text.erase(open, close + 1 - open);
        } else {
          text.insert(close, ", " + text.substr(open + 1, close - open - 1));
        }
      }
      break;
    }
    default: {  // a field repeated, under an alias or not, with its arguments changed
      if (!name_at.empty()) {
        const auto [b, e] = name_at[rng.index(name_at.size())];
        const std::string field = text.substr(b, e - b);
        text.insert(e, rng.index(2) == 0 ? " " + field : " a: " + field + "(id: 2)");
      }
      break;
    }
  }
  return text;
}

// The first member in which two normal trees differ, or "" when none does.
std::string tree_difference(const normalize::NormalTree& a, const normalize::NormalTree& b) {
  if (a.operation != b.operation) return "operation";
  if (a.symbol_count != b.symbol_count) return "symbol_count";
  if (a.nodes.size() != b.nodes.size()) return "node count";
  for (size_t i = 0; i < a.nodes.size(); ++i) {
    const normalize::Node& x = a.nodes[i];
    const normalize::Node& y = b.nodes[i];
    const std::string at = "node " + std::to_string(i) + " ";
    if (x.key != y.key) return at + "key " + std::string(x.key) + " / " + std::string(y.key);
    if (x.name != y.name || x.arguments != y.arguments || x.condition != y.condition ||
        x.written != y.written) {
      return at + "texts";
    }
    if (x.hash != y.hash || x.field != y.field || x.on_type != y.on_type || x.type != y.type) {
      return at + "identity";
    }
    if (x.parent != y.parent || x.first_child != y.first_child || x.child_count != y.child_count ||
        x.depth != y.depth || x.is_field != y.is_field) {
      return at + "place";
    }
    if (x.mapped_by != y.mapped_by || x.pos.line != y.pos.line || x.pos.column != y.pos.column ||
        x.operation != y.operation) {
      return at + "source";
    }
  }
  if (a.firings.size() != b.firings.size()) return "firing count";
  for (size_t i = 0; i < a.firings.size(); ++i) {
    const normalize::RuleFiring& x = a.firings[i];
    const normalize::RuleFiring& y = b.firings[i];
    if (x.rule != y.rule || x.path != y.path || x.detail != y.detail || x.pos.line != y.pos.line ||
        x.pos.column != y.pos.column || x.operation != y.operation) {
      return "firing " + std::to_string(i);
    }
  }
  return "";
}

struct Sweep {
  size_t documents = 0;
  size_t certified = 0;
  size_t invalid = 0;
  size_t unsound = 0;
  size_t one_pass = 0;          // readings that gave a tree in one pass
  size_t one_pass_unsound = 0;  // of which the full way disagrees
  size_t one_pass_fired = 0;    // of which a Stage 3 rule fired in
  std::vector<std::string> reports;

  Sweep() {
    normalize::NormalizeOptions rgeval;
    rgeval.rules.rgeval = true;
    rgeval.ignore_typename = true;
    option_sets_ = {normalize::NormalizeOptions{}, rgeval};
  }

  // Checks one document; returns whether it was certified.
  bool check(const std::shared_ptr<const schema::Schema>& schema, const std::string& text,
             const std::string& where) {
    const schema::Schema& s = *schema;
    check_one_pass(schema, text, where);
    Arena arena;
    auto doc = graphql::parse(text, arena);
    if (!doc.ok()) return false;
    ++documents;
    const bool simple = validate::certify_simple_document(s, **doc);
    validate::ValidateOptions all;
    all.certify_simple = false;
    const Diagnostics d = validator_.validate(s, **doc, all);
    const bool valid = !validate::has_errors(d);
    invalid += valid ? 0 : 1;
    certified += simple ? 1 : 0;
    if (simple && !valid) {
      ++unsound;
      if (reports.size() < 8) {
        reports.push_back(where + ": certified, but " + d.front().rule + ": " + d.front().message +
                          "\n" + text);
      }
    }
    return simple;
  }

  // Where the one pass gives a tree, the full way must give the same one.
  void check_one_pass(const std::shared_ptr<const schema::Schema>& schema, const std::string& text,
                      const std::string& where) {
    auto [it, added] = rewrites_.try_emplace(schema.get());
    if (added) it->second = normalize::Rewrites::build(schema);
    for (const normalize::NormalizeOptions& options : option_sets_) {
      Arena arena;
      auto fast = normalizer_.run_one_pass(*schema, text, options, it->second.get(), arena);
      if (!fast) continue;
      ++one_pass;
      one_pass_fired += fast->firings.empty() ? 0 : 1;
      const std::string why = full_way_difference(*schema, text, options, it->second.get(), *fast);
      if (why.empty()) continue;
      ++one_pass_unsound;
      if (reports.size() >= 8) continue;
      std::string report = where;
      report.append(": one pass, but ").append(why).append("\n").append(text);
      reports.push_back(std::move(report));
    }
  }

  std::string full_way_difference(const schema::Schema& s, const std::string& text,
                                  const normalize::NormalizeOptions& options,
                                  const normalize::Rewrites* rewrites,
                                  const normalize::NormalTree& fast) {
    Arena arena;
    auto doc = graphql::parse(text, arena);
    if (!doc.ok()) return "it does not parse";
    validate::ValidateOptions all;
    all.certify_simple = false;
    const Diagnostics d = validator_.validate(s, **doc, all);
    if (validate::has_errors(d)) return d.front().rule + ": " + d.front().message;
    auto op = validate::select_operation(**doc, "");
    if (!op.ok()) return op.error().message;
    auto full = normalizer_.run(s, **doc, **op, options, rewrites, arena);
    if (!full.ok()) return "run(): " + full.error().message;
    const std::string difference = tree_difference(fast, *full);
    return difference.empty() ? "" : "the trees differ in " + difference;
  }

  validate::Validator validator_;
  normalize::Normalizer normalizer_;
  std::vector<normalize::NormalizeOptions> option_sets_;
  std::map<const schema::Schema*, std::shared_ptr<const normalize::Rewrites>> rewrites_;
};

std::shared_ptr<const schema::Schema> build(
    std::map<std::string, std::shared_ptr<const schema::Schema>>& cache, const std::string& sdl) {
  auto [it, added] = cache.try_emplace(sdl);
  if (added) {
    auto s = schema::Schema::build(sdl);
    if (s.ok()) it->second = s.value();
  }
  return it->second;
}

// Every query of one CSV dataset, and mutations of it.
void sweep_csv(const std::string& path, std::string_view schema_column,
               const std::vector<std::string_view>& query_columns, Sweep& sweep,
               rewrite::SeededRandom& rng, size_t& valid_queries, size_t& valid_certified) {
  auto text = io::read_file(path);
  ASSERT_TRUE(text.ok()) << text.error().message;
  auto rows = io::parse_csv(text.value());
  ASSERT_TRUE(rows.ok()) << rows.error().message;
  const io::CsvRow& header = (*rows)[0];
  auto column = [&](std::string_view name) {
    return static_cast<size_t>(std::find(header.fields.begin(), header.fields.end(), name) -
                               header.fields.begin());
  };
  const size_t schema_col = column(schema_column);
  ASSERT_LT(schema_col, header.fields.size()) << path;
  std::map<std::string, std::shared_ptr<const schema::Schema>> schemas;
  std::map<const schema::Schema*, std::vector<std::string>> names;
  for (size_t i = 1; i < rows->size(); ++i) {
    const io::CsvRow& row = (*rows)[i];
    if (row.fields.size() <= schema_col) continue;
    auto s = build(schemas, row.fields[schema_col]);
    if (!s) continue;
    auto [n, added] = names.try_emplace(s.get());
    if (added) n->second = schema_names(*s);
    for (std::string_view q : query_columns) {
      const size_t col = column(q);
      ASSERT_LT(col, header.fields.size()) << path << " has no column " << q;
      if (col >= row.fields.size() || row.fields[col].empty()) continue;
      const std::string& query = row.fields[col];
      const std::string where = path.substr(path.rfind('/') + 1) + " row " + std::to_string(i);
      const size_t invalid_before = sweep.invalid;
      const bool certified = sweep.check(s, query, where);
      if (sweep.invalid == invalid_before) {
        ++valid_queries;
        valid_certified += certified ? 1 : 0;
      }
      for (int m = 0; m < kMutationsPerQuery; ++m) {
        sweep.check(s, mutate(query, n->second, rng), where + " mutation " + std::to_string(m));
      }
    }
  }
}

TEST(SimpleDocument, CertifiedDocumentsAreValidOnDatasetsMutationsAndConformanceCases) {
  const std::string nl2gql = kShared + "/datasets/nl2gql/nl2gql_test.csv";
  const std::string granite = kShared + "/datasets/rgeval-granite/granite20b_zeroshot_rgeval.csv";
  const std::string conformance = kShared + "/conformance/graphql-js-validation";
  if (!std::filesystem::exists(nl2gql) || !std::filesystem::exists(granite) ||
      !std::filesystem::exists(conformance)) {
    GTEST_SKIP() << "shared data absent under " << kShared;
  }
  Sweep sweep;
  rewrite::SeededRandom rng(20261124);
  size_t valid_queries = 0, valid_certified = 0;
  sweep_csv(nl2gql, "schema", {"gt_query", "gt_query_2"}, sweep, rng, valid_queries,
            valid_certified);
  sweep_csv(granite, "Schema Content", {"Query1 Content", "Query2 Content"}, sweep, rng,
            valid_queries, valid_certified);

  // The conformance cases, each against its schema with every rule.
  simdjson::dom::parser parser;
  simdjson::padded_string schemas_json =
      simdjson::padded_string::load(conformance + "/schemas.json");
  simdjson::dom::array schemas;
  ASSERT_EQ(parser.parse(schemas_json).get(schemas), simdjson::SUCCESS);
  std::vector<std::shared_ptr<const schema::Schema>> built;
  for (simdjson::dom::element e : schemas) {
    auto s = schema::Schema::build(std::string_view(e));
    built.push_back(s.ok() ? s.value() : nullptr);
  }
  auto cases = io::read_file(conformance + "/cases.jsonl");
  ASSERT_TRUE(cases.ok());
  size_t conformance_cases = 0;
  simdjson::dom::parser line_parser;
  std::string_view rest = cases.value();
  while (!rest.empty()) {
    const size_t nl = rest.find('\n');
    const std::string line(rest.substr(0, nl));
    rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
    if (line.empty()) continue;
    simdjson::dom::element c;
    ASSERT_EQ(line_parser.parse(line).get(c), simdjson::SUCCESS);
    int64_t index = 0;
    std::string_view query, id;
    ASSERT_EQ(c["schema"].get_int64().get(index), simdjson::SUCCESS);
    ASSERT_EQ(c["query"].get_string().get(query), simdjson::SUCCESS);
    ASSERT_EQ(c["id"].get_string().get(id), simdjson::SUCCESS);
    const auto& s = built.at(static_cast<size_t>(index));
    if (!s) continue;
    ++conformance_cases;
    sweep.check(s, std::string(query), "conformance " + std::string(id));
  }

  std::cout << "[ simple   ] " << sweep.documents << " documents (" << conformance_cases
            << " conformance cases), " << sweep.invalid << " invalid, " << sweep.certified
            << " certified, " << sweep.unsound << " certified but invalid; valid dataset queries "
            << valid_certified << "/" << valid_queries << " certified; " << sweep.one_pass
            << " one-pass trees (two rule sets; a rule fired in " << sweep.one_pass_fired << "), "
            << sweep.one_pass_unsound << " unlike the full way's\n";
  for (const std::string& r : sweep.reports) ADD_FAILURE() << r;
  EXPECT_EQ(sweep.unsound, 0U);
  EXPECT_EQ(sweep.one_pass_unsound, 0U);
  // The one pass reads most certified documents (those without fragments),
  // rules firing in some.
  EXPECT_GT(sweep.one_pass * 10, sweep.certified * 2 * 7);
  EXPECT_GT(sweep.one_pass_fired * 20, sweep.one_pass);
  // The mutations reach invalid documents, and the certificate covers most
  // valid benchmark queries (else the fast path would be dead weight).
  EXPECT_GT(sweep.invalid, sweep.documents / 4);
  EXPECT_GT(valid_certified * 10, valid_queries * 8);
}

}  // namespace
}  // namespace gqleval
