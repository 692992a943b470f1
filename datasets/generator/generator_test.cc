// The dataset generator (generator.h): the column layout and exact output on
// a tiny fixed source, determinism from the seed, the schema-rule rewrites on
// a small schema, and the key property over the bundled NL2GQL set: for every
// generated row, score_pair (default options: extraction on, rules
// cycles+endpoints, delta 0, the row's variables) gives the expected verdict
// and the expected missing / extra counts.
#include "datasets/generator/generator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/score/score_pair.h"
#include "io/csv.h"
#include "io/file.h"

namespace gqleval::generator {
namespace {

const std::string kTiny =
    std::string(GQLEVAL_SOURCE_DIR) + "/datasets/generator/testdata/tiny_source.csv";
const std::string kNl2gql = std::string(GQLEVAL_SOURCE_DIR) + "/datasets/nl2gql/nl2gql_test.csv";

#if defined(__SANITIZE_ADDRESS__)
constexpr uint64_t kPropertyRows = 2000;  // ASan is ~10x slower; the labels are the same code
#else
constexpr uint64_t kPropertyRows = 24000;
#endif

std::vector<io::CsvRow> parse(const std::string& text) {
  auto rows = io::parse_csv(text);
  EXPECT_TRUE(rows.ok()) << (rows.ok() ? "" : rows.error().message);
  return rows.ok() ? std::move(rows).value() : std::vector<io::CsvRow>();
}

TEST(GeneratorSource, LoadsAndSkipsInvalidReferences) {
  auto source = load_source(kTiny);
  ASSERT_TRUE(source.ok()) << source.error().message;
  EXPECT_EQ(source->rows, 3u);
  ASSERT_EQ(source->schemas.size(), 1u);
  EXPECT_EQ(source->schemas[0].name, "blog");
  EXPECT_EQ(source->references.size(), 2u);
  EXPECT_EQ(source->skipped, 1u);
  EXPECT_EQ(source->skipped_ids, std::vector<std::string>{"3"});
  auto missing = load_source(kTiny + ".absent");
  EXPECT_FALSE(missing.ok());
}

TEST(GeneratorOutput, ColumnLayoutOnTinySource) {
  auto source = load_source(kTiny);
  ASSERT_TRUE(source.ok()) << source.error().message;
  GenerateOptions options;
  options.rows = 200;
  options.seed = 1;
  auto text = generate_text(source.value(), options, "tiny.schemas");
  ASSERT_TRUE(text.ok()) << text.error().message;
  const std::vector<io::CsvRow> rows = parse(text.value());
  ASSERT_EQ(rows.size(), 201u);
  EXPECT_EQ(rows[0].fields, std::vector<std::string>(std::begin(kColumns), std::end(kColumns)));
  EXPECT_EQ(text->substr(0, text->find('\n')),
            "id,schema_path,reference,candidate,variables,expected_verdict,expected_missing,"
            "expected_extra,transform,source_row");
  std::set<std::string> verdicts;
  for (size_t i = 1; i < rows.size(); ++i) {
    const std::vector<std::string>& f = rows[i].fields;
    ASSERT_EQ(f.size(), 10u);
    EXPECT_EQ(f[0], std::to_string(i));
    EXPECT_EQ(f[1], "tiny.schemas/blog.graphql");
    EXPECT_TRUE(f[9] == "1" || f[9] == "2") << f[9];
    EXPECT_EQ(f[2], f[9] == "1" ? source->references[0].query : source->references[1].query);
    EXPECT_TRUE(f[4].empty() || (f[4].front() == '{' && f[4].back() == '}')) << f[4];
    const unsigned long missing = std::stoul(f[6]), extra = std::stoul(f[7]);
    if (f[5] == "equivalent") {
      EXPECT_TRUE(missing == 0 && extra == 0) << f[8];
    }
    if (f[5] == "underfetch") {
      EXPECT_TRUE(missing > 0 && extra == 0) << f[8];
    }
    if (f[5] == "overfetch") {
      EXPECT_TRUE(missing == 0 && extra > 0) << f[8];
    }
    if (f[5] == "mismatch") {
      EXPECT_TRUE(missing > 0 && extra > 0) << f[8];
    }
    verdicts.insert(f[5]);
  }
  EXPECT_EQ(verdicts, (std::set<std::string>{"equivalent", "mismatch", "overfetch", "underfetch"}));
  // The first rows, exactly (a change here changes every dataset made with
  // these arguments: say so in the change).
  const std::string golden_path =
      std::string(GQLEVAL_SOURCE_DIR) + "/datasets/generator/testdata/tiny_seed1_rows1-4.csv";
  auto golden = io::read_file(golden_path);
  ASSERT_TRUE(golden.ok()) << golden_path;
  options.rows = 4;
  auto four = generate_text(source.value(), options, "tiny.schemas");
  ASSERT_TRUE(four.ok());
  EXPECT_EQ(four.value(), golden.value());
}

TEST(GeneratorOutput, DeterministicFromTheSeed) {
  auto source = load_source(kTiny);
  ASSERT_TRUE(source.ok()) << source.error().message;
  GenerateOptions options;
  options.rows = 500;
  options.seed = 42;
  auto a = generate_text(source.value(), options, "s");
  auto b = generate_text(source.value(), options, "s");
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a.value(), b.value());
  options.seed = 43;
  auto c = generate_text(source.value(), options, "s");
  ASSERT_TRUE(c.ok());
  EXPECT_NE(a.value(), c.value());
  options.seed = 42;
  options.format = Format::kJsonl;
  auto j1 = generate_text(source.value(), options, "s");
  auto j2 = generate_text(source.value(), options, "s");
  ASSERT_TRUE(j1.ok() && j2.ok());
  EXPECT_EQ(j1.value(), j2.value());
  EXPECT_EQ(std::count(j1->begin(), j1->end(), '\n'), 500);
  EXPECT_TRUE(j1->starts_with("{\"id\":\"1\",\"schema_path\":\"s/blog.graphql\",\"reference\":"));
}

TEST(GeneratorOutput, EquivalentPercentIsHonoured) {
  auto source = load_source(kTiny);
  ASSERT_TRUE(source.ok()) << source.error().message;
  GenerateOptions options;
  options.rows = 300;
  options.equivalent_percent = 100;
  GenerateStats stats;
  ASSERT_TRUE(generate_text(source.value(), options, "s", &stats).ok());
  EXPECT_EQ(stats.rows_by_kind[kEquivalentKind], 300u);
  options.equivalent_percent = 0;
  ASSERT_TRUE(generate_text(source.value(), options, "s", &stats).ok());
  EXPECT_EQ(stats.rows_by_kind[kEquivalentKind], 0u);
}

// The schema-rule rewrites on the tiny schema: an endpoint swap and a cycle
// detour, each equivalent only through its rule.
TEST(SchemaRewrites, EndpointAndCycleAreEquivalentThroughTheirRules) {
  auto source = load_source(kTiny);
  ASSERT_TRUE(source.ok()) << source.error().message;
  const SourceSchema& s = source->schemas[0];
  const std::string query = "query { user(id: 1) { name posts(first: 2) { title } } }";
  auto endpoint = rewrite::rewrite_with_rules(*s.schema, *s.rewrites, query,
                                              rewrite::SchemaRewrite::kEndpoint, 1);
  ASSERT_TRUE(endpoint.ok()) << endpoint.error().message;
  EXPECT_EQ(endpoint->query,
            "{\n  userById(id: 1) {\n    name\n    posts(first: 2) {\n      title\n    }\n"
            "  }\n}");
  auto cycle =
      rewrite::rewrite_with_rules(*s.schema, *s.rewrites, query, rewrite::SchemaRewrite::kCycle, 3);
  ASSERT_TRUE(cycle.ok()) << cycle.error().message;
  EXPECT_NE(cycle->query.find("rwA1: user {"), std::string::npos) << cycle->query;
  for (const std::string* candidate : {&endpoint->query, &cycle->query}) {
    score::ScoreOptions on;
    const std::string_view ref = query;
    auto r = score::score_pair(*s.schema, s.rewrites.get(), std::span(&ref, 1), *candidate, on);
    EXPECT_EQ(r.verdict, score::Verdict::kEquivalent) << *candidate;
    EXPECT_EQ(r.rules_fired.size(), 1u) << *candidate;
    score::ScoreOptions off;
    off.normalize.rules = {false, false, false};
    auto o = score::score_pair(*s.schema, s.rewrites.get(), std::span(&ref, 1), *candidate, off);
    EXPECT_NE(o.verdict, score::Verdict::kEquivalent) << *candidate;
  }
}

// The acceptance property: the engine's verdict and counts equal the labels
// on every generated row, over all 13 NL2GQL schemas.
TEST(GeneratorLabels, EngineAgreesOnEveryRow) {
  if (!std::filesystem::exists(kNl2gql)) GTEST_SKIP() << "bundled NL2GQL data absent: " << kNl2gql;
  auto source = load_source(kNl2gql);
  ASSERT_TRUE(source.ok()) << source.error().message;
  EXPECT_EQ(source->schemas.size(), 13u);
  EXPECT_EQ(source->skipped, 8u);
  GenerateOptions options;
  options.rows = kPropertyRows;
  options.seed = 20261122;
  GenerateStats stats;
  auto text = generate_text(source.value(), options, "x.schemas", &stats);
  ASSERT_TRUE(text.ok()) << text.error().message;
  for (uint32_t k = 0; k < kKindCount; ++k) {
    EXPECT_GT(stats.rows_by_kind[k], 0u) << kind_name(k);
  }
  const std::vector<io::CsvRow> rows = parse(text.value());
  ASSERT_EQ(rows.size(), kPropertyRows + 1);
  std::set<std::string> schemas;
  size_t agree = 0, reported = 0;
  for (size_t i = 1; i < rows.size(); ++i) {
    const std::vector<std::string>& f = rows[i].fields;
    const std::string name = f[1].substr(10, f[1].size() - 10 - 8);  // x.schemas/NAME.graphql
    auto it = std::find_if(source->schemas.begin(), source->schemas.end(),
                           [&](const SourceSchema& s) { return s.name == name; });
    ASSERT_NE(it, source->schemas.end()) << f[1];
    schemas.insert(name);
    score::ScoreOptions o;
    o.normalize.variables_json = f[4];
    const std::string_view ref = f[2];
    const score::PairResult r =
        score::score_pair(*it->schema, it->rewrites.get(), std::span(&ref, 1), f[3], o);
    const bool ok = score::verdict_name(r.verdict) == f[5] && std::to_string(r.missing) == f[6] &&
                    std::to_string(r.extra) == f[7];
    agree += ok;
    if (!ok && reported++ < 5) {
      ADD_FAILURE() << "row " << f[0] << " (" << f[8] << "): expected " << f[5] << " " << f[6]
                    << "/" << f[7] << ", got " << score::verdict_name(r.verdict) << " " << r.missing
                    << "/" << r.extra << "\nreference:\n"
                    << f[2] << "\ncandidate:\n"
                    << f[3] << "\nvariables: " << f[4];
    }
  }
  std::cout << "[ labels   ] " << agree << "/" << kPropertyRows << " rows agree over "
            << schemas.size() << " schemas\n";
  EXPECT_EQ(agree, kPropertyRows);
  EXPECT_EQ(schemas.size(), 13u);
}

}  // namespace
}  // namespace gqleval::generator
