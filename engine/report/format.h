// How a report prints its numbers, the same in every text output (terminal,
// Markdown, HTML): rates as percentages with one decimal, F1 with three,
// intervals as LOW-HIGH, differences with their sign, p-values with three
// decimals down to 0.001 and in exponent form below.
#pragma once

#include <cstdint>
#include <string>

#include "engine/report/stats.h"

namespace gqleval::report {

std::string percent(double rate);                 // "62.5%"
std::string percent_interval(Interval i);         // "55.1-69.4%"
std::string signed_percent(double diff);          // "+3.5%", "-0.5%", "0.0%"
std::string signed_percent_interval(Interval i);  // "-1.0% to +8.0%"
std::string fixed3(double value);                 // "0.812"
std::string fixed3_interval(Interval i);          // "0.786-0.838"
std::string signed3(double diff);                 // "+0.059"
std::string signed3_interval(Interval i);         // "-0.010 to +0.031"
std::string p_value(double p);                    // "0.021", "3.1e-05"
std::string count(uint64_t n);                    // "1,164"

}  // namespace gqleval::report
