// The statistics of a report over runs (gqleval report): the Wilson interval
// of a pass rate, McNemar's exact test on paired pass/fail outcomes, and a
// seeded bootstrap of a mean (of one run's row scores, or of the paired
// differences between two runs' scores).
//
// Wilson score interval (Wilson 1927; Newcombe 1998, method 3): for k passes
// of n rows at z = 1.959964 (95%), centre (p + z²/2n) / (1 + z²/n) and half
// width z / (1 + z²/n) * sqrt(p(1-p)/n + z²/4n²). It stays inside [0, 1] and
// is sound at k = 0 and k = n, where the textbook p ± z·SE collapses to a
// point.
//
// McNemar's exact test (the conditional binomial test): of the b + c
// discordant pairs (b: baseline passes and the run fails; c: the other way),
// under "no change" each is b or c with chance 1/2, so the two-sided p-value
// is min(1, 2 P(X <= min(b, c))) with X ~ Binomial(b + c, 1/2); 1 when there
// is no discordant pair. Summed in log space from the largest term down: a
// relative error of a few 1e-15 for tens of pairs, 1e-9 for a million.
//
// The bootstrap is the Poisson bootstrap (Hanley and MacGibbon 2006; Chamandy
// et al. 2012): each resample weighs every row by an independent Poisson(1)
// count instead of drawing n rows with replacement, and the statistic is the
// weighted mean. Rows that hold the same value are one category whose weight
// is Poisson(its count), the same distribution as the sum of its rows'
// weights, so a resample costs one Poisson draw per distinct value, not one
// per row: a million rows whose F1 takes a few hundred values cost a few
// hundred draws. (A resample whose weights are all 0 is drawn again.) The
// interval is the 2.5% and 97.5% percentiles of the resampled means. The
// random numbers are our own (SplitMix64, Lemire's bounded integers, PTRS for
// large Poisson means; not <random>'s distributions, whose algorithms differ
// between standard libraries), so a seed gives the same bytes everywhere.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace gqleval::report {

inline constexpr double kZ95 = 1.959963984540054;  // the 97.5% normal quantile

struct Interval {
  double low = 0;
  double high = 0;
};

// The 95% Wilson interval of `passes` of `rows`; [0, 1] when rows is 0.
Interval wilson_interval(uint64_t passes, uint64_t rows, double z = kZ95);

// McNemar's exact two-sided p-value for b and c discordant pairs.
double mcnemar_exact_p(uint64_t b, uint64_t c);

// A small, fast, seeded generator: SplitMix64 (Steele, Lea and Flood 2014).
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t next();
  double uniform();  // in [0, 1), 53 random bits
  // A Poisson(mean) count: multiplication of uniforms below mean 10, PTRS
  // (Hörmann 1993, transformed rejection with squeeze) from 10 on.
  uint64_t poisson(double mean);

 private:
  uint64_t state_;
};

// A value and how many rows hold it: the categories a bootstrap resamples.
struct Category {
  double value = 0;
  uint64_t rows = 0;
};

// The values of `values` grouped into categories, in ascending order.
std::vector<Category> categories_of(std::span<const double> values);

struct BootstrapOptions {
  uint32_t resamples = 2000;
  uint64_t seed = 1;
  double level = 0.95;
};

// The mean of the rows and its percentile bootstrap interval. No rows: mean 0
// and the interval [0, 0].
struct BootstrapResult {
  double mean = 0;
  Interval interval;
};

BootstrapResult bootstrap_mean(std::span<const Category> categories,
                               const BootstrapOptions& options);

// The resampled means themselves, in draw order (for tests of the method).
std::vector<double> bootstrap_means(std::span<const Category> categories,
                                    const BootstrapOptions& options);

}  // namespace gqleval::report
