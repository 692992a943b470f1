// The report's statistics against values computed independently: Wilson
// intervals from Newcombe's published table and by hand, McNemar's exact
// p-values as exact fractions of binomial sums, and the bootstrap's
// reproducibility and its agreement with a distribution known in closed form.
#include "engine/report/stats.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace gqleval::report {
namespace {

// Newcombe, "Two-sided confidence intervals for the single proportion:
// comparison of seven methods", Statistics in Medicine 17 (1998), Table I,
// method 3 (Wilson score interval, no continuity correction), four decimals.
TEST(Wilson, NewcombesTable) {
  struct Case {
    uint64_t k, n;
    double low, high;
  };
  for (const Case c : {Case{81, 263, 0.2553, 0.3662}, Case{15, 148, 0.0624, 0.1605},
                       Case{0, 20, 0.0000, 0.1611}, Case{1, 29, 0.0061, 0.1718}}) {
    const Interval i = wilson_interval(c.k, c.n);
    EXPECT_NEAR(i.low, c.low, 5e-5) << c.k << "/" << c.n;
    EXPECT_NEAR(i.high, c.high, 5e-5) << c.k << "/" << c.n;
  }
}

// By hand: z = 1.959964, z^2 = 3.841459.
//   5/10: centre (0.5 + 0.192073) / 1.384146 = 0.5; half
//         1.959964 / 1.384146 * sqrt(0.025 + 0.009604) = 0.263407.
//   0/1:  centre 2.420729 / 4.841459 = 0.5; half 0.404816 * sqrt(0.960365)
//         = 0.396709, so [0, 0.793451] (the low bound is 0 exactly).
//   20/20 mirrors 0/20; n = 0 says nothing: [0, 1].
TEST(Wilson, HandComputedAndEdges) {
  Interval i = wilson_interval(5, 10);
  EXPECT_NEAR(i.low, 0.2365931, 1e-7);
  EXPECT_NEAR(i.high, 0.7634069, 1e-7);
  i = wilson_interval(0, 1);
  EXPECT_EQ(i.low, 0.0);
  EXPECT_NEAR(i.high, 0.7934507, 1e-7);
  i = wilson_interval(20, 20);
  EXPECT_NEAR(i.low, 1 - 0.1611252, 1e-7);
  EXPECT_EQ(i.high, 1.0);
  i = wilson_interval(0, 0);
  EXPECT_EQ(i.low, 0.0);
  EXPECT_EQ(i.high, 1.0);
}

// p = min(1, 2 * sum_{i <= min(b,c)} C(b+c, i) / 2^(b+c)), as exact fractions.
TEST(McNemar, ExactFractions) {
  // Fagerland, Lydersen and Laake, BMC Medical Research Methodology 13:91
  // (2013), their first example (Bentur et al.): b = 1, c = 7 gives the
  // exact conditional p = 0.070: 2 * (1 + 8) / 256.
  EXPECT_NEAR(mcnemar_exact_p(1, 7), 18.0 / 256, 1e-14);
  EXPECT_NEAR(mcnemar_exact_p(7, 1), 18.0 / 256, 1e-14);
  // 2 and 8: 2 * (1 + 10 + 45) / 1024.
  EXPECT_NEAR(mcnemar_exact_p(2, 8), 112.0 / 1024, 1e-14);
  // 4 and 6: 2 * (1 + 10 + 45 + 120 + 210) / 1024.
  EXPECT_NEAR(mcnemar_exact_p(4, 6), 772.0 / 1024, 1e-14);
  // All discordant pairs one way: 2 / 2^10.
  EXPECT_NEAR(mcnemar_exact_p(0, 10), 2.0 / 1024, 1e-17);
  EXPECT_NEAR(mcnemar_exact_p(10, 0), 2.0 / 1024, 1e-17);
  // Balanced: the doubled tail passes 1, which is the p-value.
  EXPECT_EQ(mcnemar_exact_p(3, 3), 1.0);
  EXPECT_EQ(mcnemar_exact_p(0, 1), 1.0);
  // No discordant pair: no evidence of a change.
  EXPECT_EQ(mcnemar_exact_p(0, 0), 1.0);
}

// Larger counts against the exact binomial sum (Python's math.comb, integers):
// 25/45 -> 0.022462895492509277; 500/560 -> 0.06990955946026933.
TEST(McNemar, LargerCounts) {
  EXPECT_NEAR(mcnemar_exact_p(25, 45), 0.022462895492509277, 1e-13);
  EXPECT_NEAR(mcnemar_exact_p(500, 560), 0.06990955946026933, 1e-10);
  // A million pairs, perfectly balanced: p is 1; skewed by 0.5%: tiny.
  EXPECT_EQ(mcnemar_exact_p(500000, 500000), 1.0);
  EXPECT_LT(mcnemar_exact_p(497500, 502500), 1e-5);
}

TEST(SplitMix64, KnownFirstOutputs) {
  // The reference implementation (Vigna's splitmix64.c) seeded with 0.
  SplitMix64 r(0);
  EXPECT_EQ(r.next(), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(r.next(), 0x6e789e6aa1b965f4ULL);
}

// Poisson draws have mean and variance lambda, on both sides of the switch
// from multiplication to PTRS (at 10).
TEST(SplitMix64, PoissonMomentsMatch) {
  for (double lambda : {0.5, 3.0, 9.5, 10.0, 40.0, 5000.0}) {
    SplitMix64 r(42);
    const int n = 200000;
    double sum = 0;
    double squares = 0;
    for (int i = 0; i < n; ++i) {
      const double k = static_cast<double>(r.poisson(lambda));
      sum += k;
      squares += k * k;
    }
    const double mean = sum / n;
    const double variance = squares / n - mean * mean;
    // Five standard errors of the mean; the variance within 3%.
    EXPECT_NEAR(mean, lambda, 5 * std::sqrt(lambda / n)) << lambda;
    EXPECT_NEAR(variance / lambda, 1.0, 0.03) << lambda;
  }
}

TEST(Bootstrap, CategoriesGroupEqualValues) {
  const std::vector<double> values = {1, 0.5, 1, 0, 0.5, 1};
  const std::vector<Category> c = categories_of(values);
  ASSERT_EQ(c.size(), 3u);
  EXPECT_EQ(c[0].value, 0.0);
  EXPECT_EQ(c[0].rows, 1u);
  EXPECT_EQ(c[1].value, 0.5);
  EXPECT_EQ(c[1].rows, 2u);
  EXPECT_EQ(c[2].value, 1.0);
  EXPECT_EQ(c[2].rows, 3u);
}

TEST(Bootstrap, SameSeedSameDrawsOtherSeedOtherDraws) {
  const std::vector<Category> c = {{0, 40}, {0.4, 7}, {1, 53}};
  BootstrapOptions o;
  o.resamples = 500;
  o.seed = 7;
  const std::vector<double> a = bootstrap_means(c, o);
  const std::vector<double> b = bootstrap_means(c, o);
  ASSERT_EQ(a.size(), 500u);
  EXPECT_EQ(a, b);  // bit for bit
  o.seed = 8;
  const std::vector<double> d = bootstrap_means(c, o);
  size_t same = 0;
  for (size_t i = 0; i < a.size(); ++i) same += a[i] == d[i] ? 1 : 0;
  EXPECT_LT(same, 50u);
  const BootstrapResult r1 = bootstrap_mean(c, o);
  const BootstrapResult r2 = bootstrap_mean(c, o);
  EXPECT_EQ(r1.interval.low, r2.interval.low);
  EXPECT_EQ(r1.interval.high, r2.interval.high);
  EXPECT_DOUBLE_EQ(r1.mean, (0.4 * 7 + 53) / 100);
}

// A known distribution: the mean of n Bernoulli(p) rows has standard error
// sqrt(p(1-p)/n), so the 95% interval is about mean -/+ 1.96 of it. With
// p = 0.3 and n = 10,000: 0.3 -/+ 0.00898.
TEST(Bootstrap, BernoulliIntervalHasTheNormalWidth) {
  const std::vector<Category> c = {{0, 7000}, {1, 3000}};
  BootstrapOptions o;
  o.resamples = 4000;
  o.seed = 3;
  const BootstrapResult r = bootstrap_mean(c, o);
  const double half = kZ95 * std::sqrt(0.3 * 0.7 / 10000);
  EXPECT_DOUBLE_EQ(r.mean, 0.3);
  EXPECT_NEAR(r.interval.low, 0.3 - half, 0.1 * half);
  EXPECT_NEAR(r.interval.high, 0.3 + half, 0.1 * half);
  // The resampled means themselves: centred on the mean, spread as predicted.
  const std::vector<double> means = bootstrap_means(c, o);
  double sum = 0;
  double squares = 0;
  for (double m : means) {
    sum += m;
    squares += m * m;
  }
  const double mean = sum / static_cast<double>(means.size());
  const double sd = std::sqrt(squares / static_cast<double>(means.size()) - mean * mean);
  EXPECT_NEAR(mean, 0.3, 0.001);
  EXPECT_NEAR(sd, std::sqrt(0.3 * 0.7 / 10000), 0.05 * std::sqrt(0.3 * 0.7 / 10000));
}

TEST(Bootstrap, DegenerateInputs) {
  BootstrapOptions o;
  BootstrapResult r = bootstrap_mean({}, o);
  EXPECT_EQ(r.mean, 0.0);
  EXPECT_EQ(r.interval.low, 0.0);
  EXPECT_EQ(r.interval.high, 0.0);
  // Every row the same value: no spread at all.
  const std::vector<Category> same = {{0.75, 12}};
  r = bootstrap_mean(same, o);
  EXPECT_EQ(r.interval.low, 0.75);
  EXPECT_EQ(r.interval.high, 0.75);
  // One row: a resample with no rows is drawn again, so every mean is its value.
  const std::vector<Category> one = {{1, 1}};
  for (double m : bootstrap_means(one, o)) EXPECT_EQ(m, 1.0);
}

}  // namespace
}  // namespace gqleval::report
