#include "engine/report/stats.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "engine/base/hash.h"

namespace gqleval::report {

Interval wilson_interval(uint64_t passes, uint64_t rows, double z) {
  if (rows == 0) return {0, 1};
  const double n = static_cast<double>(rows);
  const double p = static_cast<double>(passes) / n;
  const double z2 = z * z;
  const double denominator = 1 + z2 / n;
  const double centre = (p + z2 / (2 * n)) / denominator;
  const double half = z / denominator * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  // At k = 0 and k = n the bound is exactly 0 or 1; rounding must not move it.
  return {passes == 0 ? 0.0 : std::max(0.0, centre - half),
          passes == rows ? 1.0 : std::min(1.0, centre + half)};
}

double mcnemar_exact_p(uint64_t b, uint64_t c) {
  const uint64_t n = b + c;
  if (n == 0) return 1;
  const uint64_t m = std::min(b, c);
  const double dn = static_cast<double>(n);
  // log of C(n, m) / 2^n, the largest term of the tail (m <= n / 2).
  const double dm = static_cast<double>(m);
  const double log_top =
      std::lgamma(dn + 1) - std::lgamma(dm + 1) - std::lgamma(dn - dm + 1) - dn * std::numbers::ln2;
  // The tail relative to that term: C(n, i-1) / C(n, i) = i / (n - i + 1).
  double sum = 1;
  double ratio = 1;
  for (uint64_t i = m; i >= 1; --i) {
    ratio *= static_cast<double>(i) / static_cast<double>(n - i + 1);
    sum += ratio;
    if (ratio < 1e-17 * sum) break;
  }
  return std::min(1.0, 2 * std::exp(log_top) * sum);
}

// splitmix64 is a Weyl sequence passed through its finaliser, which is the
// engine's one 64-bit mixer (base/hash.h).
uint64_t SplitMix64::next() { return mix64(state_ += 0x9e3779b97f4a7c15ULL); }

double SplitMix64::uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

uint64_t SplitMix64::poisson(double mean) {
  if (mean <= 0) return 0;
  if (mean < 10) {
    // Knuth's multiplication of uniforms: expected mean + 1 draws.
    const double limit = std::exp(-mean);
    uint64_t k = 0;
    double product = uniform();
    while (product > limit) {
      ++k;
      product *= uniform();
    }
    return k;
  }
  // PTRS, as Hörmann (1993) gives it (and numpy implements it).
  const double slam = std::sqrt(mean);
  const double loglam = std::log(mean);
  const double b = 0.931 + 2.53 * slam;
  const double a = -0.059 + 0.02483 * b;
  const double inv_alpha = 1.1239 + 1.1328 / (b - 3.4);
  const double vr = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    const double u = uniform() - 0.5;
    const double v = uniform();
    const double us = 0.5 - std::fabs(u);
    const double k = std::floor((2 * a / us + b) * u + mean + 0.43);
    if (us >= 0.07 && v <= vr) return static_cast<uint64_t>(k);
    if (k < 0 || (us < 0.013 && v > us)) continue;
    if (std::log(v) + std::log(inv_alpha) - std::log(a / (us * us) + b) <=
        -mean + k * loglam - std::lgamma(k + 1)) {
      return static_cast<uint64_t>(k);
    }
  }
}

std::vector<Category> categories_of(std::span<const double> values) {
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  std::vector<Category> out;
  for (double v : sorted) {
    if (out.empty() || out.back().value != v) out.push_back({v, 0});
    ++out.back().rows;
  }
  return out;
}

namespace {

double mean_of(std::span<const Category> categories) {
  double sum = 0;
  uint64_t rows = 0;
  for (const Category& c : categories) {
    sum += c.value * static_cast<double>(c.rows);
    rows += c.rows;
  }
  return rows == 0 ? 0 : sum / static_cast<double>(rows);
}

// The q-quantile of sorted values, interpolated between order statistics
// (Hyndman and Fan's type 7, R's and numpy's default).
double quantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const double at = q * static_cast<double>(sorted.size() - 1);
  const size_t below = static_cast<size_t>(std::floor(at));
  const size_t above = std::min(below + 1, sorted.size() - 1);
  const double t = at - static_cast<double>(below);
  return sorted[below] + t * (sorted[above] - sorted[below]);
}

}  // namespace

std::vector<double> bootstrap_means(std::span<const Category> categories,
                                    const BootstrapOptions& options) {
  std::vector<double> means;
  if (categories.empty()) return means;
  means.reserve(options.resamples);
  SplitMix64 random(options.seed);
  for (uint32_t r = 0; r < options.resamples; ++r) {
    double sum = 0;
    uint64_t weight = 0;
    while (weight == 0) {
      sum = 0;
      for (const Category& c : categories) {
        const uint64_t w = random.poisson(static_cast<double>(c.rows));
        sum += c.value * static_cast<double>(w);
        weight += w;
      }
    }
    means.push_back(sum / static_cast<double>(weight));
  }
  return means;
}

BootstrapResult bootstrap_mean(std::span<const Category> categories,
                               const BootstrapOptions& options) {
  BootstrapResult out;
  out.mean = mean_of(categories);
  std::vector<double> means = bootstrap_means(categories, options);
  if (means.empty()) {
    out.interval = {out.mean, out.mean};
    return out;
  }
  std::sort(means.begin(), means.end());
  const double tail = (1 - options.level) / 2;
  out.interval = {quantile(means, tail), quantile(means, 1 - tail)};
  return out;
}

}  // namespace gqleval::report
