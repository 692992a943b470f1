// Summaries of rows a binding holds: the counts of parts add up to the
// whole's, and the summary is the CLI's of those counts, in either mode.
#include "engine/rows/summary_counts.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace gqleval::rows {
namespace {

const OptionNames kNames = OptionNames::keywords();

TEST(SummaryCounts, PartsAddUpToTheWhole) {
  const std::vector<std::string_view> verdicts = {"equivalent", "mismatch", "overfetch",
                                                  "no_query"};
  const std::vector<double> f1s = {1, 0.5, 0.8, 0};
  auto whole = count_rows("equivalence", kNames, verdicts, f1s);
  auto a = count_rows("equivalence", kNames, std::span(verdicts).first(1), std::span(f1s).first(1));
  auto b =
      count_rows("equivalence", kNames, std::span(verdicts).subspan(1), std::span(f1s).subspan(1));
  ASSERT_TRUE(whole && a && b);
  EXPECT_EQ(whole->millionths, a->millionths + b->millionths);
  EXPECT_EQ(whole->millionths, 2300000u);
  EXPECT_TRUE(whole->squares == a->squares + b->squares);
  const std::string summary = *summary_json_of("equivalence", kNames, *whole);
  EXPECT_NE(summary.find("\"rows\":4,\"compared\":3"), std::string::npos) << summary;
  EXPECT_NE(summary.find("\"pass\":1,\"pass_rate\":0.25"), std::string::npos) << summary;
  EXPECT_NE(summary.find("\"mean_f1\":0.575"), std::string::npos) << summary;
}

TEST(SummaryCounts, SubsetRowsHaveTheirOwnVerdictsAndMean) {
  const std::vector<std::string_view> verdicts = {"subset", "missing", "bad_row"};
  const std::vector<double> scores = {1, 0.5, 0};
  auto counts = count_rows("subset", kNames, verdicts, scores);
  ASSERT_TRUE(counts);
  const std::string summary = *summary_json_of("subset", kNames, *counts);
  EXPECT_NE(summary.find("\"mode\":\"subset\""), std::string::npos) << summary;
  EXPECT_NE(summary.find("\"mean_score\":0.5"), std::string::npos) << summary;
  EXPECT_EQ(summary.find("mean_f1"), std::string::npos) << summary;
  // An equivalence verdict is no subset row's.
  const std::vector<std::string_view> wrong = {"equivalent"};
  auto refused = count_rows("subset", kNames, wrong, std::span(scores).first(1));
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message,
            "verdict 'equivalent' of row 0 is not one of subset, missing, no_query, "
            "invalid_candidate, invalid_reference, invalid_schema, bad_row");
}

}  // namespace
}  // namespace gqleval::rows
