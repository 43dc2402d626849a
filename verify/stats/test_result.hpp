#pragma once
// What every statistical test returns. Knows no paper.
#include <string>

namespace attnlaw::stats {

struct TestResult {
  std::string test;      // e.g. "anderson-darling"
  double statistic = 0;  // the test statistic as defined in the test's header
  double p_value = 1;    // upper-tail p-value of the statistic under H0
  std::string p_method;  // how p was computed, e.g. "exact (Marsaglia-Tsang-Wang 2003)"
};

struct Interval {
  double lo = 0;
  double hi = 0;
};

}  // namespace attnlaw::stats
