#include "verify/stats/linear_fit.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace attnlaw::stats {
namespace {

struct WeightedLine {
  double slope, intercept;
  double sxx;  // sum w (x - xbar)^2
};

WeightedLine fit_weighted_line(std::span<const double> x, std::span<const double> y, std::span<const double> w) {
  if (x.size() != y.size() || x.size() != w.size() || x.size() < 2) {
    throw std::invalid_argument("weighted_least_squares: need x, y, w of one length >= 2");
  }
  double w_sum = 0, mx = 0, my = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    w_sum += w[i];
    mx += w[i] * x[i];
    my += w[i] * y[i];
  }
  mx /= w_sum;
  my /= w_sum;
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sxx += w[i] * (x[i] - mx) * (x[i] - mx);
    sxy += w[i] * (x[i] - mx) * (y[i] - my);
  }
  if (!(sxx > 0)) throw std::invalid_argument("weighted_least_squares: x must take two distinct values");
  const double slope = sxy / sxx;
  return {slope, my - slope * mx, sxx};
}

}  // namespace

LinearFit weighted_least_squares(std::span<const double> x, std::span<const double> y, std::span<const double> w) {
  const WeightedLine line = fit_weighted_line(x, y, w);
  return {line.slope, line.intercept, 1 / std::sqrt(line.sxx)};
}

LinearFit least_squares(std::span<const double> x, std::span<const double> y) {
  const std::vector<double> ones(x.size(), 1.0);
  const WeightedLine line = fit_weighted_line(x, y, ones);
  LinearFit fit{line.slope, line.intercept, std::numeric_limits<double>::quiet_NaN()};
  if (x.size() >= 3) {
    double residual_squares = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
      const double residual = y[i] - line.intercept - line.slope * x[i];
      residual_squares += residual * residual;
    }
    fit.slope_std_error = std::sqrt(residual_squares / static_cast<double>(x.size() - 2) / line.sxx);
  }
  return fit;
}

LinearFit log_log_fit(std::span<const double> x, std::span<const double> y) {
  std::vector<double> lx(x.size()), ly(y.size());
  for (std::size_t i = 0; i < x.size(); ++i) lx[i] = std::log(x[i]);
  for (std::size_t i = 0; i < y.size(); ++i) ly[i] = std::log(y[i]);
  return least_squares(lx, ly);
}

}  // namespace attnlaw::stats
