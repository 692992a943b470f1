#include "engine/report/format.h"

#include <cmath>
#include <cstdio>

namespace gqleval::report {
namespace {

std::string print(const char* format, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}

// Rounding must not print "-0.0%" for a tiny negative difference.
double no_negative_zero(double value, double unit) {
  return std::fabs(value) < unit / 2 ? 0.0 : value;
}

}  // namespace

std::string percent(double rate) { return print("%.1f%%", 100 * rate); }

std::string percent_interval(Interval i) {
  std::string out = print("%.1f", 100 * i.low);
  out += '-';
  out += percent(i.high);
  return out;
}

std::string signed_percent(double diff) {
  const double v = no_negative_zero(100 * diff, 0.1);
  return print(v == 0 ? "%.1f%%" : "%+.1f%%", v);
}

std::string signed_percent_interval(Interval i) {
  std::string out = signed_percent(i.low);
  out += " to ";
  out += signed_percent(i.high);
  return out;
}

std::string fixed3(double value) { return print("%.3f", value); }

std::string fixed3_interval(Interval i) {
  std::string out = fixed3(i.low);
  out += '-';
  out += fixed3(i.high);
  return out;
}

std::string signed3(double diff) {
  const double v = no_negative_zero(diff, 0.001);
  return print(v == 0 ? "%.3f" : "%+.3f", v);
}

std::string signed3_interval(Interval i) {
  std::string out = signed3(i.low);
  out += " to ";
  out += signed3(i.high);
  return out;
}

std::string p_value(double p) { return print(p >= 0.001 ? "%.3f" : "%.1e", p); }

std::string count(uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace gqleval::report
