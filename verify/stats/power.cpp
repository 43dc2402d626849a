#include "verify/stats/power.hpp"

#include <cmath>
#include <limits>
#include <string>

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/non_central_chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>

#include "verify/stats/detail/validate.hpp"

namespace attnlaw::stats {
namespace {

void check_design(std::size_t m, double alpha, double power, const std::string& where) {
  detail::require(m > 0, where, "m must be >= 1");
  detail::require_open_probability(alpha, where, "alpha");
  detail::require_open_probability(power, where, "power");
}

double upper_normal_quantile(double tail) {
  return boost::math::quantile(boost::math::complement(boost::math::normal_distribution<double>(), tail));
}

double dkw_eps(double m, double r) { return std::sqrt(std::log(2.0 / r) / (2.0 * m)); }

}  // namespace

double normal_quantile(double p) {
  detail::require_open_probability(p, "normal_quantile", "p");
  // Upper quantiles via the complement keep their digits for p near 1.
  return p > 0.5 ? upper_normal_quantile(1.0 - p)
                 : boost::math::quantile(boost::math::normal_distribution<double>(), p);
}

double detectable_mean_shift(double sigma, std::size_t m, double alpha, double power) {
  check_design(m, alpha, power, "detectable_mean_shift");
  detail::require(std::isfinite(sigma) && sigma > 0, "detectable_mean_shift", "sigma must be finite and > 0");
  return (upper_normal_quantile(alpha / 2.0) + upper_normal_quantile(1.0 - power)) * sigma /
         std::sqrt(static_cast<double>(m));
}

double detectable_cdf_distance(std::size_t m, double alpha, double power) {
  check_design(m, alpha, power, "detectable_cdf_distance");
  const double mm = static_cast<double>(m);
  return dkw_eps(mm, alpha) + dkw_eps(mm, 1.0 - power);
}

double detectable_variance_ratio(std::size_t m, double alpha, double power) {
  check_design(m, alpha, power, "detectable_variance_ratio");
  boost::math::chi_squared_distribution<double> law(static_cast<double>(m));
  return boost::math::quantile(boost::math::complement(law, alpha / 2.0)) / boost::math::quantile(law, 1.0 - power);
}

double detectable_proportion_shift(double p0, std::size_t m, double alpha, double power) {
  const std::string where = "detectable_proportion_shift";
  check_design(m, alpha, power, where);
  detail::require_open_probability(p0, where, "p0");
  const double za = upper_normal_quantile(alpha / 2.0), zb = upper_normal_quantile(1.0 - power);
  const double rm = std::sqrt(static_cast<double>(m));
  // f(p1) >= 0 iff m suffices to detect p1.
  auto f = [&](double p1) {
    return rm * std::abs(p1 - p0) - (za * std::sqrt(p0 * (1 - p0)) + zb * std::sqrt(p1 * (1 - p1)));
  };
  auto side = [&](double end) {
    if (f(end) < 0) return std::numeric_limits<double>::infinity();
    double near = p0, far = end;
    for (int it = 0; it < 200; ++it) {
      const double mid = 0.5 * (near + far);
      (f(mid) >= 0 ? far : near) = mid;
    }
    return std::abs(far - p0);
  };
  return std::max(side(1.0), side(0.0));
}

double detectable_chi_square_effect(std::size_t df, std::size_t m, double alpha, double power) {
  check_design(m, alpha, power, "detectable_chi_square_effect");
  detail::require(df > 0, "detectable_chi_square_effect", "df must be >= 1");
  const double v = static_cast<double>(df);
  const double critical =
      boost::math::quantile(boost::math::complement(boost::math::chi_squared_distribution<double>(v), alpha));
  // The noncentrality at which the critical value is the (1 - power) quantile.
  const double lambda =
      boost::math::non_central_chi_squared_distribution<double>::find_non_centrality(v, critical, 1.0 - power);
  return std::sqrt(lambda / static_cast<double>(m));
}

double dkw_band_halfwidth(std::size_t m, double level) {
  detail::require(m > 0, "dkw_band_halfwidth", "m must be >= 1");
  detail::require_open_probability(level, "dkw_band_halfwidth", "level");
  return dkw_eps(static_cast<double>(m), 1.0 - level);
}

}  // namespace attnlaw::stats
