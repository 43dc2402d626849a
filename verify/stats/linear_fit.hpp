#pragma once
// Weighted least squares of y on x: the rate fits of n-, beta- and lambda-ladders.
#include <span>

namespace attnlaw::stats {

struct LinearFit {
  double slope = 0;
  double intercept = 0;
  double slope_std_error = 0;  // from the weights as inverse variances (weighted fit only)
};

// Ordinary least squares; needs at least two distinct x.
LinearFit least_squares(std::span<const double> x, std::span<const double> y);
// Weights are inverse variances of y; slope_std_error = 1/sqrt(sum w (x - xbar)^2).
LinearFit weighted_least_squares(std::span<const double> x, std::span<const double> y, std::span<const double> w);
// Least squares of log y on log x (all positive).
LinearFit log_log_fit(std::span<const double> x, std::span<const double> y);

}  // namespace attnlaw::stats
