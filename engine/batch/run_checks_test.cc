#include "engine/batch/run_checks.h"

#include <gtest/gtest.h>

#include "engine/score/verdict.h"

namespace gqleval::batch {
namespace {

using score::Verdict;

Summary summary_of(std::initializer_list<std::pair<uint8_t, int>> counts,
                   ScoreMode mode = ScoreMode::kEquivalence) {
  Summary s({}, mode);
  RowTally t;
  for (const auto& [outcome, n] : counts) {
    for (int i = 0; i < n; ++i) t.add(outcome, outcome_passes(outcome) ? 1.0 : 0.0);
  }
  s.add(t);
  return s;
}

// The command line's names (a flag per option).
const OptionNames flag = OptionNames::flags();

TEST(RunChecks, ParsesGates) {
  auto gates = parse_gates("pass_rate=0.6,mean_f1=.5");
  ASSERT_TRUE(gates.ok());
  ASSERT_EQ(gates->size(), 2u);
  EXPECT_EQ((*gates)[0].metric, GateMetric::kPassRate);
  EXPECT_DOUBLE_EQ((*gates)[0].threshold, 0.6);
  EXPECT_EQ((*gates)[1].metric, GateMetric::kMeanF1);
  EXPECT_DOUBLE_EQ((*gates)[1].threshold, 0.5);
  EXPECT_EQ(parse_gates("compared_rate=1")->front().metric, GateMetric::kComparedRate);
}

TEST(RunChecks, RefusesMalformedGates) {
  EXPECT_EQ(parse_gates("pass=0.6").error().message,
            "expected METRIC=VALUE with METRIC one of pass_rate, mean_f1, compared_rate, "
            "mean_score, mean_recall, got 'pass=0.6'");
  EXPECT_EQ(parse_gates("pass_rate").error().message,
            "expected METRIC=VALUE with METRIC one of pass_rate, mean_f1, compared_rate, "
            "mean_score, mean_recall, got 'pass_rate'");
  EXPECT_EQ(parse_gates("pass_rate=60").error().message,
            "the threshold of pass_rate must be a number from 0 to 1, got '60'");
  EXPECT_EQ(parse_gates("mean_f1=x").error().message,
            "the threshold of mean_f1 must be a number from 0 to 1, got 'x'");
  EXPECT_FALSE(parse_gates("").ok());
}

TEST(RunChecks, GatesCompareWithTheSummary) {
  const Summary s =
      summary_of({{outcome_of(Verdict::kEquivalent), 3}, {outcome_of(Verdict::kMismatch), 1}});
  const Gate gates[] = {
      {GateMetric::kPassRate, 0.75}, {GateMetric::kPassRate, 0.76}, {GateMetric::kComparedRate, 1}};
  const auto results = check_gates(s, gates);
  ASSERT_EQ(results.size(), 3u);
  EXPECT_TRUE(results[0].met);  // 0.75 >= 0.75
  EXPECT_FALSE(results[1].met);
  EXPECT_DOUBLE_EQ(results[1].value, 0.75);
  EXPECT_TRUE(results[2].met);
}

// mean_f1 is an equivalence run's figure, mean_score a subset run's.
TEST(RunChecks, MeanScoreGatesASubsetRun) {
  auto gates = parse_gates("mean_score=0.5");
  ASSERT_TRUE(gates.ok());
  EXPECT_EQ(gates->front().metric, GateMetric::kMeanScore);
  const Summary s = summary_of({{kSubsetPass, 1}, {kSubsetMissing, 1}}, ScoreMode::kSubset);
  const auto results = check_gates(s, *gates);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_DOUBLE_EQ(results[0].value, 0.5);  // scores 1 and 0
  EXPECT_TRUE(results[0].met);

  EXPECT_FALSE(check_gate_mode(gates->front(), ScoreMode::kSubset, flag));
  EXPECT_EQ(check_gate_mode(gates->front(), ScoreMode::kEquivalence, flag).value().message,
            "--fail-under: mean_score is not a figure of --mode equivalence runs; theirs is "
            "mean_f1");
  const Gate f1{GateMetric::kMeanF1, 0.5};
  EXPECT_FALSE(check_gate_mode(f1, ScoreMode::kEquivalence, flag));
  EXPECT_EQ(check_gate_mode(f1, ScoreMode::kSubset, OptionNames::keywords()).value().message,
            "fail_under: mean_f1 is not a figure of mode='subset' runs; theirs is mean_score");
  EXPECT_FALSE(check_gate_mode({GateMetric::kPassRate, 1}, ScoreMode::kSubset, flag));
}

TEST(RunChecks, WarnsWhenMostRowsWereNotCompared) {
  ColumnMap columns;
  columns.candidate = Column{"gt_query_2", 3, {}};
  columns.references = {Column{"gt_query", 2, {}}};
  columns.schema = Column{"schema", 1, {}};
  const Summary half =
      summary_of({{outcome_of(Verdict::kEquivalent), 2}, {outcome_of(Verdict::kNoQuery), 2}});
  EXPECT_FALSE(not_compared_warning(half, columns, flag));
  const Summary most = summary_of({{outcome_of(Verdict::kEquivalent), 1},
                                   {outcome_of(Verdict::kNoQuery), 2},
                                   {outcome_of(Verdict::kInvalidReference), 1},
                                   {kBadRow, 1}});
  EXPECT_EQ(not_compared_warning(most, columns, flag).value_or(""),
            "4 of 5 rows (80.0%) were never compared; most are no_query (2): no query was found "
            "in the candidate column 'gt_query_2': it is usually empty or not the model's "
            "answer; name the right column (--candidate-col)");
  const Summary references = summary_of({{outcome_of(Verdict::kInvalidReference), 3}});
  EXPECT_EQ(not_compared_warning(references, columns, OptionNames{}).value_or(""),
            "3 of 3 rows (100.0%) were never compared; most are invalid_reference (3): the "
            "reference column 'gt_query' does not validate against the rows' schemas: it is "
            "usually not the reference column, or the schema column 'schema' is not the schema "
            "the references were written for");
  const Summary bad = summary_of({{kBadRow, 1}});
  EXPECT_EQ(not_compared_warning(bad, columns, OptionNames{}).value_or(""),
            "1 of 1 rows (100.0%) were never compared; most are bad_row (1): the rows could not "
            "be read: is the input's format what its name says (CSV, TSV or JSON Lines)?");
  EXPECT_FALSE(not_compared_warning(Summary{}, columns, OptionNames{}));
  // A subset run's missing rows were compared.
  EXPECT_FALSE(not_compared_warning(
      summary_of({{kSubsetMissing, 2}, {outcome_of(Verdict::kNoQuery), 2}}, ScoreMode::kSubset),
      columns, OptionNames{}));
  EXPECT_TRUE(not_compared_warning(
      summary_of({{kSubsetMissing, 1}, {outcome_of(Verdict::kNoQuery), 2}}, ScoreMode::kSubset),
      columns, OptionNames{}));
}

const OptionNames score_flag = OptionNames::flags();

// A run with --schema FILE has no schema column (resolve_columns leaves both
// out): when most answers do not validate, the advice is about that file and
// never suggests --schema-col.
TEST(RunChecks, WarningAboutOneSchemaFileNeverSuggestsASchemaColumn) {
  ColumnMap file_run;
  file_run.candidate = Column{"answer", 2, {}};
  file_run.references = {Column{"gt", 1, {}}};
  const Summary candidates = summary_of(
      {{outcome_of(Verdict::kEquivalent), 1}, {outcome_of(Verdict::kInvalidCandidate), 3}});
  const std::string warning = not_compared_warning(candidates, file_run, score_flag).value_or("");
  EXPECT_EQ(warning,
            "3 of 4 rows (75.0%) were never compared; most are invalid_candidate (3): the "
            "candidate column 'answer' does not validate against the schema file (--schema FILE), "
            "the one schema of every row: check that the file is the schema the questions were "
            "asked about; each row's errors name the rule that fails");
  EXPECT_EQ(warning.find("--schema-col"), std::string::npos);
  EXPECT_EQ(not_compared_warning(summary_of({{outcome_of(Verdict::kInvalidReference), 2}}),
                                 file_run, score_flag)
                .value_or(""),
            "2 of 2 rows (100.0%) were never compared; most are invalid_reference (2): the "
            "reference column 'gt' does not validate against the schema file (--schema FILE), "
            "the one schema of every row: it is usually not the reference column "
            "(--reference-col), or the file is not the schema the references were written for");
  EXPECT_EQ(not_compared_warning(summary_of({{outcome_of(Verdict::kInvalidSchema), 2}}), file_run,
                                 score_flag)
                .value_or(""),
            "2 of 2 rows (100.0%) were never compared; most are invalid_schema (2): the schema "
            "file (--schema FILE) does not build as a GraphQL schema: each row's errors say why");
  // A missing answer is still the candidate column's fault.
  EXPECT_NE(
      not_compared_warning(summary_of({{outcome_of(Verdict::kNoQuery), 2}}), file_run, score_flag)
          .value_or("")
          .find("name the right column (--candidate-col)"),
      std::string::npos);

  // With a schema column (or a schema path column) the column is a suspect,
  // and its own flag is the one suggested.
  ColumnMap column_run = file_run;
  column_run.schema = Column{"schema", 0, {}};
  EXPECT_EQ(not_compared_warning(candidates, column_run, score_flag).value_or(""),
            "3 of 4 rows (75.0%) were never compared; most are invalid_candidate (3): the "
            "candidate column 'answer' does not validate against the rows' schemas: check that "
            "the schema column 'schema' is the schema the questions were asked about "
            "(--schema-col)");
  ColumnMap path_run = file_run;
  path_run.schema_path = Column{"schema_file", 0, {}};
  EXPECT_TRUE(not_compared_warning(candidates, path_run, score_flag)
                  .value_or("")
                  .ends_with("the schema path column 'schema_file' is the schema the questions "
                             "were asked about (--schema-path-col)"));
}

}  // namespace
}  // namespace gqleval::batch
