#pragma once
// Least squares of y on x: the rate fits of n-, beta- and lambda-ladders, and the exponent fit
// of `attnlaw diagnose`.
#include <span>

namespace attnlaw::stats {

struct LinearFit {
  double slope = 0;
  double intercept = 0;
  // weighted_least_squares: from the weights as inverse variances of y. least_squares: the
  // classical one from the residuals. See each function.
  double slope_std_error = 0;
};

// Ordinary least squares; needs at least two distinct x. slope_std_error = s / sqrt(Sxx) with
// s^2 = (residual sum of squares) / (m - 2), Sxx = sum (x - xbar)^2: NaN for m = 2 points, which
// a line fits exactly and leave no residual degree of freedom.
LinearFit least_squares(std::span<const double> x, std::span<const double> y);
// Weights are inverse variances of y; slope_std_error = 1/sqrt(sum w (x - xbar)^2).
LinearFit weighted_least_squares(std::span<const double> x, std::span<const double> y, std::span<const double> w);
// Least squares of log y on log x (all positive).
LinearFit log_log_fit(std::span<const double> x, std::span<const double> y);

}  // namespace attnlaw::stats
