#include "reference/poisson_process/log_ratio_limit.hpp"

#include <algorithm>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace attnlaw::reference {

PppLogRatioLaw::PppLogRatioLaw(double p, double c) : p_(p), c_(c) {
  if (!(p > 0) || !(c > 0)) throw std::domain_error("PppLogRatioLaw: need p > 0 and c > 0");
}

double PppLogRatioLaw::cdf(double y) const {
  if (!(y > 0)) return 0;
  const double shift = y / c_;
  // The x^p cusp at 0 only costs the adaptive rule depth.
  const double tail = boost::math::quadrature::gauss_kronrod<double, 31>::integrate(
      [&](double x) { return std::exp(-std::pow(std::pow(x, p_) + shift, 1 / p_)); }, 0.0,
      std::numeric_limits<double>::infinity(), 15, 1e-11);
  return std::clamp(1 - tail, 0.0, 1.0);
}

NearestPd nearest_pd_exponential(const PppLogRatioLaw& law) {
  std::vector<double> y, f;
  for (int i = 0; i <= 400; ++i) {
    y.push_back(std::pow(10.0, -4 + 7.0 * i / 400));
    f.push_back(law.cdf(y.back()));
  }
  const auto distance = [&](double log_alpha) {
    const double a = std::exp(log_alpha);
    double worst = 0;
    for (std::size_t i = 0; i < y.size(); ++i) worst = std::max(worst, std::abs(f[i] + std::expm1(-a * y[i])));
    return worst;
  };
  double lo = std::log(1e-3), hi = std::log(1e3);
  const double g = (std::sqrt(5.0) - 1) / 2;
  for (int i = 0; i < 120; ++i) {
    const double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
    if (const double da = distance(a), db = distance(b); da < db) {
      hi = b;
    } else {
      lo = a;
    }
  }
  const double mid = 0.5 * (lo + hi);
  return {std::exp(mid), distance(mid)};
}

}  // namespace attnlaw::reference
