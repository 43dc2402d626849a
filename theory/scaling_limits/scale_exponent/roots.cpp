// SL.critical.scale-exponent (claim.cpp): the two roots its ladder (ladder.cpp) locates, the
// half-mass gamma of a mean curve and the local linear root of E w_(1) = 1/2 with its gradient.
#include <boost/math/tools/roots.hpp>
#include <cmath>
#include <cstdint>
#include <functional>
#include <span>

#include "theory/scaling_limits/scale_exponent/experiments.hpp"
#include "verify/stats/linear_fit.hpp"

namespace attnlaw::theory::scaling_limits::scale_exponent_claim {
namespace {

constexpr double kHalf = 0.5;

}  // namespace

double half_mass_gamma(const std::function<double(double)>& mean_top) {
  std::uintmax_t iterations = 60;
  const auto bracket = boost::math::tools::toms748_solve(
      [&](double log_gamma) { return mean_top(std::exp(log_gamma)) - kHalf; }, std::log(0.01), std::log(100.0),
      boost::math::tools::eps_tolerance<double>(40), iterations);
  return std::exp(0.5 * (bracket.first + bracket.second));
}

LocalRoot local_root(std::span<const double> log_beta, std::span<const double> mean) {
  const auto x = log_beta.subspan(1, 3);
  const auto y = mean.subspan(1, 3);
  const stats::LinearFit fit = stats::least_squares(x, y);
  const double x_bar = (x[0] + x[1] + x[2]) / 3;
  double sxx = 0;
  for (double v : x) sxx += (v - x_bar) * (v - x_bar);
  LocalRoot out{(kHalf - fit.intercept) / fit.slope, {}};
  for (int i = 0; i < 3; ++i) {
    out.gradient[i] = -1 / (3 * fit.slope) - (out.log_beta - x_bar) * (x[i] - x_bar) / (fit.slope * sxx);
  }
  return out;
}

}  // namespace attnlaw::theory::scaling_limits::scale_exponent_claim
