// The rows engine's own choices: its options named as each binding's users
// name them, subset mode, and a cell over the limit. (That its rows equal
// `gqleval score`'s lines is checked by the bindings' tests, row for row
// against the CLI on the datasets.)
#include "engine/rows/row_engine.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace gqleval::rows {
namespace {

constexpr std::string_view kSchema =
    "type Query { farm(id: Int!): Farm }\n"
    "type Farm { id: Int! name: String year: Int }\n";

std::string check_error(RowOptions options) {
  auto checked = check_options(std::move(options));
  return checked ? std::string("(accepted)") : checked.error().message;
}

std::string score_one(RowOptions options, std::string_view reference, std::string_view candidate) {
  auto checked = check_options(std::move(options));
  EXPECT_TRUE(checked) << checked.error().message;
  RowEngine engine(std::move(*checked));
  const std::string_view references[] = {reference};
  RowCells row;
  row.schema = kSchema;
  row.references = references;
  row.candidate = candidate;
  std::string out;
  EXPECT_FALSE(engine.score(row, out));
  return out;
}

TEST(RowOptions, MessagesNameTheOptionsAsTheCallersUsersDo) {
  RowOptions js;
  js.names = batch::OptionNames::camel_case();
  js.mode = "subset";
  js.rule_set = "cycles";
  EXPECT_EQ(check_error(js),
            "ruleSet is not available with mode: \"subset\" (it applies no rewrite rule)");
  js.rule_set.reset();  // the default rules, not asked for
  js.delta = 2;
  EXPECT_EQ(check_error(js), "delta (an over-fetch budget) is not available with mode: \"subset\"");
  js.delta = 0;
  js.mode = "superset";
  EXPECT_EQ(check_error(js), "mode must be equivalence, subset or coverage, not 'superset'");

  RowOptions py;
  py.names = batch::OptionNames::keywords();
  py.rule_set = "cycles,nope";
  EXPECT_NE(check_error(py).find("rule_set"), std::string::npos) << check_error(py);
}

TEST(RowEngine, SubsetModeWritesASubsetRow) {
  RowOptions o;
  o.mode = "subset";
  EXPECT_EQ(score_one(o, "{ farm(id: 1) { name } }", "{ farm(id: 1) { name year } }"),
            "{\"verdict\":\"subset\",\"pass\":true,\"compared\":true,\"missing\":0,\"score\":1,"
            "\"left_nodes\":3,\"matched_reference\":0,\"missing_paths\":[],\"operations\":1,"
            "\"invalid_operations\":0,\"errors\":[]}");
  EXPECT_EQ(
      score_one(o, "{ farm(id: 1) { name year } }", "{ farm(id: 1) { name } }"),
      "{\"verdict\":\"missing\",\"pass\":false,\"compared\":true,\"missing\":1,\"score\":0.75,"
      "\"left_nodes\":4,\"matched_reference\":0,\"missing_paths\":[{\"path\":\"query -> farm(id: "
      "1) -> "
      "year\",\"line\":1,\"column\":22,\"nodes\":1}],\"operations\":1,\"invalid_operations\":0,"
      "\"errors\":[]}");
}

TEST(RowEngine, EquivalenceIsTheDefaultMode) {
  const std::string out =
      score_one(RowOptions{}, "{ farm(id: 1) { name } }", "{ farm(id: 1) { name year } }");
  EXPECT_EQ(out.rfind("{\"verdict\":\"overfetch\",\"pass\":false,\"compared\":true,\"missing\":0,"
                      "\"extra\":1,\"precision\":",
                      0),
            0u)
      << out;
}

TEST(RowEngine, ACellOverTheLimitIsABadRowNamingTheOption) {
  RowOptions o;
  o.names = batch::OptionNames::camel_case();
  o.max_field_bytes = 8;
  const std::string out = score_one(o, "{ farm(id: 1) { name } }", "{ x }");
  EXPECT_NE(out.find("\"verdict\":\"bad_row\""), std::string::npos) << out;
  EXPECT_NE(out.find("over the limit of 8 (maxFieldBytes)"), std::string::npos) << out;
}

TEST(RowEngine, ARowWithoutAReferenceIsRefusedAndNothingIsWritten) {
  auto checked = check_options(RowOptions{});
  ASSERT_TRUE(checked);
  RowEngine engine(std::move(*checked));
  RowCells row;
  row.schema = kSchema;
  row.candidate = "{ farm(id: 1) { name } }";
  std::string out;
  const std::optional<Diagnostic> error = engine.score(row, out);
  ASSERT_TRUE(error);
  EXPECT_EQ(error->rule, "RangeError");
  EXPECT_EQ(error->message, "the row has no reference: give at least one");
  EXPECT_EQ(out, "");
}

// A file's row and the same row in memory are scored by one row core: the
// result members of `gqleval score`'s line are the engine's object.
TEST(RowEngine, RowsAreScoredOnceEachAndRepeatsNameTheirFirst) {
  auto checked = check_options(RowOptions{});
  ASSERT_TRUE(checked);
  RowEngine engine(std::move(*checked));
  RowTable t;
  t.rows = 3;
  t.schemas = {kSchema};
  t.one_schema = true;
  t.references = {"{ farm(id: 1) { name } }", "{ farm(id: 1) { name } }",
                  "{ farm(id: 2) { name } }"};
  t.reference_begin = {0, 1, 2, 3};
  t.candidates = {"{ farm(id: 1) { name } }"};
  t.one_candidate = true;
  RowResults results;
  ASSERT_FALSE(engine.score_rows(t, 0, 3, 1, results));
  EXPECT_EQ(results.firsts, (std::vector<uint32_t>{0, 0, 2}));
  EXPECT_EQ(results.members(1), results.members(0));
  EXPECT_EQ(results.members(0).rfind("{\"verdict\":\"equivalent\"", 0), 0u);
  EXPECT_EQ(results.members(2).rfind("{\"verdict\":\"mismatch\"", 0), 0u);
}

}  // namespace
}  // namespace gqleval::rows
