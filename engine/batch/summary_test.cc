#include "engine/batch/summary.h"

#include <gtest/gtest.h>

#include "engine/base/version.h"
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

  EXPECT_EQ(s.compared(), 3u);
  EXPECT_DOUBLE_EQ(s.compared_rate(), 0.6);
  // Sample standard errors (n - 1): sqrt(0.4 * 0.6 / 4) for both, as the F1s
  // are the pass outcomes here.
  EXPECT_NEAR(s.pass_rate_stderr(), 0.2449489743, 1e-9);
  EXPECT_NEAR(s.mean_stderr(), 0.2449489743, 1e-9);

  RunFacts f;
  f.provenance.command = "score";
  f.provenance.arguments = {"in.csv", "--group-by", "hops"};
  f.provenance.input = "in.csv";
  f.provenance.input_bytes = 120;
  f.provenance.input_hash = "xxh128:99aa06d3014798d86001c324468d497f";
  f.provenance.output = "-";
  f.provenance.rule_profile = "cycles,endpoints";
  f.provenance.started_at = "2026-11-25T18:30:00Z";
  f.provenance.wall_seconds = 0.5;
  f.provenance.threads = 2;
  f.provenance.machine = {2, "CPU", "Linux 6"};
  f.schemas = 1;
  f.rules_warnings = {{"\"endpoints\"[0]: endpoint \"x\" skipped", 1}};
  f.gates = {{"pass_rate", 0.5, 0.4, false}};
  const std::string version = "\"gqleval_version\":\"" + std::string(gqleval::version()) +
                              "\",\"git_commit\":\"" + std::string(gqleval::git_commit()) + "\"";
  EXPECT_EQ(
      summary_json(s, f),
      "{\"results_version\":6,\"mode\":\"equivalence\",\"rows\":5,\"compared\":3,"
      "\"verdicts\":{\"equivalent\":{"
      "\"count\":1,\"share\":0.2},\"overfetch_ok\":{\"count\":1,\"share\":0.2},"
      "\"overfetch\":{\"count\":0,\"share\":0},\"underfetch\":{\"count\":0,\"share\":0},"
      "\"mismatch\":{\"count\":1,\"share\":0.2},\"no_query\":{\"count\":1,\"share\":0.2},"
      "\"invalid_candidate\":{\"count\":0,\"share\":0},\"invalid_reference\":{\"count\":0,"
      "\"share\":0},\"invalid_schema\":{\"count\":0,\"share\":0},\"bad_row\":{\"count\":1,"
      "\"share\":0.2}},\"pass\":2,\"pass_rate\":0.4,\"pass_rate_stderr\":0.244949,"
      "\"mean_f1\":0.4,\"mean_f1_stderr\":0.244949,\"groups\":{\"hops\":["
      "{\"value\":\"2\",\"rows\":2,\"pass\":2,\"pass_rate\":1},{\"value\":\"10\",\"rows\":1,"
      "\"pass\":0,\"pass_rate\":0},{\"value\":\"\",\"rows\":1,\"pass\":0,\"pass_rate\":0},"
      "{\"value\":\"One\",\"rows\":1,\"pass\":0,\"pass_rate\":0}]},\"gates\":[{\"metric\":"
      "\"pass_rate\",\"threshold\":0.5,\"value\":0.4,\"met\":false}],"
      "\"mostly_not_compared\":false,\"interrupted\":false,\"resumed_rows\":0,"
      "\"warnings\":[],\"delta\":0,\"variables_by_name\":false,\"schemas\":1,"
      "\"schema_failures\":0,\"rules_warnings\":[{\"message\":"
      "\"\\\"endpoints\\\"[0]: endpoint \\\"x\\\" skipped\",\"schemas\":1}],\"artifacts\":null,"
      "\"pairs_per_second\":10,\"provenance\":{" +
          version +
          ",\"command\":\"score\",\"arguments\":[\"in.csv\",\"--group-by\",\"hops\"],"
          "\"input\":{\"path\":\"in.csv\",\"bytes\":120,\"hash\":"
          "\"xxh128:99aa06d3014798d86001c324468d497f\"},\"output\":\"-\",\"rules_file\":null,"
          "\"rule_profile\":\"cycles,endpoints\",\"started_at\":\"2026-11-25T18:30:00Z\","
          "\"wall_seconds\":0.5,\"threads\":2,\"machine\":{\"cores\":2,\"cpu_model\":"
          "\"CPU\",\"os\":\"Linux 6\"}}}\n");

  const std::string lm = summary_lm_eval_json(s, f, "nl2gql");
  EXPECT_EQ(lm.substr(0, lm.find(",\"group_subtasks\"")),
            "{\"results\":{\"nl2gql\":{\"alias\":\"nl2gql\",\"pass,none\":0.4,"
            "\"pass_stderr,none\":0.244949,\"f1,none\":0.4,\"f1_stderr,none\":0.244949}}");
  EXPECT_NE(lm.find("\"n-samples\":{\"nl2gql\":{\"original\":5,\"effective\":5}}"),
            std::string::npos);

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

// A subset run: its verdicts, its mean score, no delta, and its table.
TEST(Summary, ASubsetRunCountsItsVerdictsAndMeanScore) {
  Summary s({}, ScoreMode::kSubset);
  RowTally t;
  t.add(kSubsetPass, 1);
  t.add(kSubsetMissing, 0.5);
  t.add(kSubsetMissing, 0.25);
  t.add(outcome_of(Verdict::kInvalidReference), 0);
  s.add(t);
  EXPECT_EQ(s.mode(), ScoreMode::kSubset);
  EXPECT_EQ(s.rows(), 4u);
  EXPECT_EQ(s.passes(), 1u);
  EXPECT_EQ(s.compared(), 3u);
  EXPECT_DOUBLE_EQ(s.mean_score(), 0.4375);
  EXPECT_NEAR(s.mean_stderr(), 0.2134782, 1e-7);  // as F1StandardErrorIsTheSampleOne
  EXPECT_EQ(s.mean_f1(), 0.0);                    // not an equivalence run
  EXPECT_EQ(s.mean_recall(), 0.0);                // nor a coverage run

  RunFacts f;
  f.provenance.rule_profile = "none";
  f.provenance.wall_seconds = 0.5;
  f.provenance.threads = 1;
  f.schemas = 1;
  const std::string json = summary_json(s, f);
  EXPECT_EQ(json.substr(0, json.find(",\"groups\"")),
            "{\"results_version\":6,\"mode\":\"subset\",\"rows\":4,\"compared\":3,"
            "\"verdicts\":{\"subset\":{\"count\":1,\"share\":0.25},"
            "\"missing\":{\"count\":2,\"share\":0.5},\"no_query\":{\"count\":0,\"share\":0},"
            "\"invalid_candidate\":{\"count\":0,\"share\":0},"
            "\"invalid_reference\":{\"count\":1,\"share\":0.25},"
            "\"invalid_schema\":{\"count\":0,\"share\":0},\"bad_row\":{\"count\":0,\"share\":0}},"
            "\"pass\":1,\"pass_rate\":0.25,\"pass_rate_stderr\":0.25,"
            "\"mean_score\":0.4375,\"mean_score_stderr\":0.213478");
  EXPECT_EQ(json.find("\"delta\""), std::string::npos);
  EXPECT_EQ(json.find("mean_f1"), std::string::npos);
  EXPECT_NE(json.find(",\"variables_by_name\":false,"), std::string::npos);

  const std::string lm = summary_lm_eval_json(s, f, "t");
  EXPECT_EQ(lm.substr(0, lm.find(",\"group_subtasks\"")),
            "{\"results\":{\"t\":{\"alias\":\"t\",\"pass,none\":0.25,"
            "\"pass_stderr,none\":0.25,\"score,none\":0.4375,\"score_stderr,none\":0.213478}}");
  EXPECT_NE(lm.find("\"higher_is_better\":{\"t\":{\"pass\":true,\"score\":true}}"),
            std::string::npos);

  EXPECT_EQ(summary_table(s, f),
            "gqleval score: 4 rows in 0.50 s (8 pairs/s, 1 thread)\n"
            "mode: subset, schemas 1\n"
            "\n"
            "verdict                   rows    share\n"
            "subset                       1    25.0%\n"
            "missing                      2    50.0%\n"
            "invalid_reference            1    25.0%\n"
            "pass                         1    25.0%\n"
            "mean score 0.438\n");

  // Variables bound by name: the summary says so, and the table too (only then).
  f.variables_by_name = true;
  EXPECT_NE(summary_json(s, f).find(",\"variables_by_name\":true,"), std::string::npos);
  const std::string table = summary_table(s, f);
  EXPECT_EQ(table.substr(0, table.find("\n\n")),
            "gqleval score: 4 rows in 0.50 s (8 pairs/s, 1 thread)\n"
            "mode: subset, variables by name, schemas 1");
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
  EXPECT_EQ(s.pass_rate_stderr(), 0.0);
  EXPECT_EQ(s.mean_stderr(), 0.0);
}

TEST(Summary, F1StandardErrorIsTheSampleOne) {
  // F1s 0.5, 1, 0, 0.25: mean 0.4375, sample variance 0.182292, stderr 0.213478.
  Summary s;
  RowTally t;
  for (double x : {0.5, 1.0, 0.0, 0.25}) t.add(outcome_of(Verdict::kMismatch), x);
  s.add(t);
  EXPECT_DOUBLE_EQ(s.mean_f1(), 0.4375);
  EXPECT_NEAR(s.mean_stderr(), 0.2134782, 1e-7);
}

}  // namespace
}  // namespace gqleval::batch
