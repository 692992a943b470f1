#include "engine/batch/summary.h"

#include <gtest/gtest.h>

#include "engine/score/verdict.h"

namespace gqleval::batch {
namespace {

using score::Verdict;

RowTally tally_of(std::initializer_list<std::pair<Verdict, const char*>> rows, double f1 = 1) {
  RowTally t;
  for (const auto& [v, hops] : rows) {
    t.add(outcome_of(v), score::is_pass(v) ? f1 : 0);
    t.add_tag(0, hops, score::is_pass(v));
  }
  return t;
}

TEST(Summary, CountsSharesAndGroups) {
  Summary s({"hops"});
  s.add(tally_of({{Verdict::kEquivalent, "2"}, {Verdict::kMismatch, "10"}}));
  RowTally bad;
  bad.add(kBadRow, 0);
  bad.add_tag(0, "", false);
  s.add(bad);
  s.add(tally_of({{Verdict::kOverfetchOk, "2"}, {Verdict::kNoQuery, "One"}}));

  EXPECT_EQ(s.rows(), 5u);
  EXPECT_EQ(s.passes(), 2u);
  EXPECT_DOUBLE_EQ(s.pass_rate(), 0.4);
  EXPECT_DOUBLE_EQ(s.mean_f1(), 0.4);
  EXPECT_EQ(s.count(kBadRow), 1u);
  EXPECT_EQ(s.count(outcome_of(Verdict::kMismatch)), 1u);

  // Numbers by value first, then text.
  auto values = ordered_values(s.groups()[0]);
  ASSERT_EQ(values.size(), 4u);
  EXPECT_EQ(values[0].first, "2");
  EXPECT_EQ(values[0].second.rows, 2u);
  EXPECT_EQ(values[0].second.passes, 2u);
  EXPECT_EQ(values[1].first, "10");
  EXPECT_EQ(values[2].first, "");
  EXPECT_EQ(values[3].first, "One");

  const RunFacts f{.input = std::string("in.csv"),
                   .output = std::string("-"),
                   .threads = 2,
                   .wall_seconds = 0.5,
                   .rule_profile = std::string("cycles,endpoints"),
                   .delta = 0,
                   .schemas = 1,
                   .schema_failures = 0,
                   .rules_warnings = {{"\"endpoints\"[0]: endpoint \"x\" skipped", 1}}};
  EXPECT_EQ(summary_json(s, f),
            "{\"input\":\"in.csv\",\"output\":\"-\",\"rows\":5,\"verdicts\":{\"equivalent\":{"
            "\"count\":1,\"share\":0.2},\"overfetch_ok\":{\"count\":1,\"share\":0.2},"
            "\"overfetch\":{\"count\":0,\"share\":0},\"underfetch\":{\"count\":0,\"share\":0},"
            "\"mismatch\":{\"count\":1,\"share\":0.2},\"no_query\":{\"count\":1,\"share\":0.2},"
            "\"invalid_candidate\":{\"count\":0,\"share\":0},\"invalid_reference\":{\"count\":0,"
            "\"share\":0},\"invalid_schema\":{\"count\":0,\"share\":0},\"bad_row\":{\"count\":1,"
            "\"share\":0.2}},\"pass\":2,\"pass_rate\":0.4,\"mean_f1\":0.4,\"groups\":{\"hops\":["
            "{\"value\":\"2\",\"rows\":2,\"pass\":2,\"pass_rate\":1},{\"value\":\"10\",\"rows\":1,"
            "\"pass\":0,\"pass_rate\":0},{\"value\":\"\",\"rows\":1,\"pass\":0,\"pass_rate\":0},"
            "{\"value\":\"One\",\"rows\":1,\"pass\":0,\"pass_rate\":0}]},\"wall_seconds\":0.5,"
            "\"pairs_per_second\":10,\"threads\":2,\"rule_profile\":\"cycles,endpoints\","
            "\"delta\":0,\"schemas\":1,\"schema_failures\":0,\"rules_warnings\":[{\"message\":"
            "\"\\\"endpoints\\\"[0]: endpoint \\\"x\\\" skipped\",\"schemas\":1}]}\n");

  EXPECT_EQ(summary_table(s, f),
            "gqleval score: 5 rows in 0.50 s (10 pairs/s, 2 threads)\n"
            "rules: cycles,endpoints, delta 0, schemas 1\n"
            "warning: RulesFile: \"endpoints\"[0]: endpoint \"x\" skipped (1 of 1 schema)\n"
            "\n"
            "verdict                   rows    share\n"
            "equivalent                   1    20.0%\n"
            "overfetch_ok                 1    20.0%\n"
            "mismatch                     1    20.0%\n"
            "no_query                     1    20.0%\n"
            "bad_row                      1    20.0%\n"
            "pass                         2    40.0%\n"
            "mean F1 0.400\n"
            "\n"
            "hops                      rows     pass     rate\n"
            "2                            2        2   100.0%\n"
            "10                           1        0     0.0%\n"
            "(empty)                      1        0     0.0%\n"
            "One                          1        0     0.0%\n");
}

TEST(Summary, SumsDoNotDependOnHowRowsAreSplit) {
  // F1 values whose floating-point sum depends on the order of addition.
  const double f1s[] = {0.1, 0.7, 1.0 / 3, 0.2, 2.0 / 3, 0.9};
  Summary one;
  RowTally all;
  for (double x : f1s) all.add(outcome_of(Verdict::kMismatch), x);
  one.add(all);
  Summary split;
  for (int i = 5; i >= 0; --i) {
    RowTally t;
    t.add(outcome_of(Verdict::kMismatch), f1s[i]);
    split.add(t);
  }
  EXPECT_EQ(one.mean_f1(), split.mean_f1());
  EXPECT_EQ(one.rows(), 6u);
}

TEST(Summary, EmptyRunHasZeroRates) {
  Summary s;
  EXPECT_EQ(s.rows(), 0u);
  EXPECT_EQ(s.pass_rate(), 0.0);
  EXPECT_EQ(s.mean_f1(), 0.0);
}

}  // namespace
}  // namespace gqleval::batch
