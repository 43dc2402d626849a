#pragma once
// Tests that the replicates of an experiment are independent draws: the statistics a shared or
// overlapping random stream would disturb while leaving every marginal law right.
//
// serial_correlation_test: the lag-k sample autocorrelation r_k of x in replicate order,
//   r_k = sum_{i} (x_i - xbar)(x_{i+k} - xbar) / sum_i (x_i - xbar)^2, against 0. For i.i.d. x with
//   a finite variance, E r_k = -(M - k)/(M (M - 1)) and sqrt(M) r_k => N(0, 1) (Bartlett 1946;
//   Box-Jenkins §2.1.6); the statistic is z = (r_k - E r_k) sqrt(M), its p-value two-sided normal.
//   Replicates 2j and 2j + 1 that share a stream give r_1 -> 1/2; a stream that repeats with
//   period k gives r_k -> 1.
#include <cstddef>
#include <span>

#include "verify/stats/test_result.hpp"

namespace attnlaw::stats {

struct SerialCorrelation {
  TestResult result;  // statistic: z
  double r = 0;       // the lag-k autocorrelation
};

// M = x.size() >= k + 2, lag k >= 1; x not constant.
SerialCorrelation serial_correlation_test(std::span<const double> x, std::size_t lag = 1);

}  // namespace attnlaw::stats
