// What the engine asks of the rows a binding hands over, and the objects it
// hands back: each row's id first, then its result's members.
#include "engine/rows/row_table.h"

#include <gtest/gtest.h>

#include <string>

namespace gqleval::rows {
namespace {

RowTable table_of(size_t rows) {
  RowTable t;
  t.rows = rows;
  t.schemas = {"type Query { a: Int }"};
  t.one_schema = true;
  for (size_t i = 0; i < rows; ++i) {
    t.references.push_back("{ a }");
    t.candidates.push_back("{ a }");
  }
  t.reference_begin.push_back(0);
  for (size_t i = 1; i <= rows; ++i) t.reference_begin.push_back(static_cast<uint32_t>(i));
  return t;
}

TEST(RowTable, EveryRowNeedsAReferenceAndEveryColumnItsCells) {
  RowTable t = table_of(3);
  EXPECT_FALSE(check_table(t, 0, 3));
  t.reference_begin = {0, 1, 1, 3};  // row 1 has none, row 2 two
  auto bad = check_table(t, 0, 3);
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->rule, "RangeError");
  EXPECT_EQ(bad->message, "row 1 has no reference: give at least one");
  EXPECT_FALSE(check_table(t, 2, 1));  // only the rows asked for

  t = table_of(3);
  t.candidates.pop_back();
  EXPECT_EQ(check_table(t, 0, 3)->message,
            "candidates has 2 items and the rows are 3: give one per row");
  t = table_of(3);
  t.variables = {"{}"};  // one cell, not marked as every row's
  EXPECT_EQ(check_table(t, 0, 3)->message,
            "variables has 1 items and the rows are 3: give one per row");
  t.one_variables = true;
  EXPECT_FALSE(check_table(t, 0, 3));
  t.ids.resize(2);
  EXPECT_EQ(check_table(t, 0, 3)->message, "ids has 2 items and the rows are 3: give one per row");
}

TEST(RowTable, ResultObjectsLeadWithTheRowsId) {
  RowTable t = table_of(3);
  t.ids = {{RowId::Kind::kText, "q\"1", 0}, {RowId::Kind::kNumber, {}, 2.5}, {}};
  RowResults r;
  r.text = R"({"verdict":"equivalent"}{"verdict":"mismatch"})";
  r.ends = {24, 24, 46};  // row 1 repeats row 0
  r.firsts = {0, 0, 2};
  std::string out;
  append_results_array(r, t, 0, out);
  EXPECT_EQ(out, R"([{"id":"q\"1","verdict":"equivalent"},{"id":2.5,"verdict":"equivalent"},)"
                 R"({"verdict":"mismatch"}])");
  EXPECT_TRUE(r.repeats(1));
  EXPECT_FALSE(r.repeats(2));
}

TEST(RowTable, ResultMembersAreTheModes) {
  auto equivalence = result_members("equivalence", OptionNames::keywords());
  ASSERT_TRUE(equivalence);
  EXPECT_EQ(equivalence->front(), "verdict");
  EXPECT_EQ((*equivalence)[7], "f1");
  auto subset = result_members("subset", OptionNames::keywords());
  ASSERT_TRUE(subset);
  EXPECT_EQ((*subset)[4], "score");
  EXPECT_EQ(result_members("superset", OptionNames::camel_case()).error().message,
            "mode must be equivalence, subset or coverage, not 'superset'");
}

}  // namespace
}  // namespace gqleval::rows
