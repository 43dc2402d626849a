#include "verify/stats/linear_fit.hpp"

#include <cmath>
#include <stdexcept>
#include <vector>

namespace attnlaw::stats {

LinearFit weighted_least_squares(std::span<const double> x, std::span<const double> y, std::span<const double> w) {
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
  return {slope, my - slope * mx, 1 / std::sqrt(sxx)};
}

LinearFit least_squares(std::span<const double> x, std::span<const double> y) {
  const std::vector<double> ones(x.size(), 1.0);
  LinearFit fit = weighted_least_squares(x, y, ones);
  fit.slope_std_error = 0;  // unit weights are not variances
  return fit;
}

LinearFit log_log_fit(std::span<const double> x, std::span<const double> y) {
  std::vector<double> lx(x.size()), ly(y.size());
  for (std::size_t i = 0; i < x.size(); ++i) lx[i] = std::log(x[i]);
  for (std::size_t i = 0; i < y.size(); ++i) ly[i] = std::log(y[i]);
  return least_squares(lx, ly);
}

}  // namespace attnlaw::stats
