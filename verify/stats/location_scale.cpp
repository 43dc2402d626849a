#include "verify/stats/location_scale.hpp"

#include <cmath>
#include <numbers>
#include <string>

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/special_functions/gamma.hpp>

#include "verify/stats/detail/validate.hpp"

namespace attnlaw::stats {
namespace {

// Compensated (Neumaier) sum: M reaches 1e7 in the batteries.
double accurate_sum(std::span<const double> x) {
  double s = 0, c = 0;
  for (double v : x) {
    const double t = s + v;
    c += std::abs(s) >= std::abs(v) ? (s - t) + v : (v - t) + s;
    s = t;
  }
  return s + c;
}

double sum_of_squares_about(std::span<const double> x, double centre) {
  double s = 0, c = 0;
  for (double v : x) {
    const double r = (v - centre) * (v - centre);
    const double t = s + r;
    c += (s - t) + r;
    s = t;
  }
  return s + c;
}

void check_sample(std::span<const double> x, std::size_t min_size, const std::string& where) {
  detail::require_nonempty(x.size(), where);
  detail::require(x.size() >= min_size, where, "needs at least " + std::to_string(min_size) + " values");
  detail::require_finite(x, where);
}

double two_sided_normal_p(double z) { return std::erfc(std::abs(z) / std::numbers::sqrt2); }

MeanTest z_from(std::span<const double> x, double mu0, double sigma, double confidence, const std::string& how) {
  const double m = static_cast<double>(x.size());
  const double mean = accurate_sum(x) / m;
  const double se = sigma / std::sqrt(m);
  const double z = (mean - mu0) / se;
  const double q = boost::math::quantile(
      boost::math::complement(boost::math::normal_distribution<double>(), (1.0 - confidence) / 2.0));
  MeanTest out;
  out.result = {"z-mean", z, two_sided_normal_p(z), how};
  out.estimate = mean;
  out.std_error = se;
  out.ci = {mean - q * se, mean + q * se};
  return out;
}

VarianceTest variance_from(double s, double df, double sigma2_0, double confidence, const std::string& name) {
  boost::math::chi_squared_distribution<double> law(df);
  const double stat = s / sigma2_0;
  const double lower = boost::math::gamma_p(df / 2.0, stat / 2.0);
  const double upper = boost::math::gamma_q(df / 2.0, stat / 2.0);
  const double a2 = (1.0 - confidence) / 2.0;
  VarianceTest out;
  out.result = {name, stat, detail::clamp_probability(2.0 * std::min(lower, upper)),
                "exact chi2(" + std::to_string(static_cast<long long>(df)) + "), two-sided (doubled tail)"};
  out.ratio = stat / df;
  out.ratio_ci = {stat / boost::math::quantile(boost::math::complement(law, a2)),
                  stat / boost::math::quantile(law, a2)};
  return out;
}

// Plain two-pass sums: a descriptive error bar, whose rounding (M eps relative) is far below s/sqrt(M).
MeanWithError two_pass_mean_with_error(std::span<const double> x) {
  const double m = static_cast<double>(x.size());
  double mean = 0;
  for (double v : x) mean += v;
  mean /= m;
  double squares = 0;
  for (double v : x) squares += (v - mean) * (v - mean);
  return {mean, x.size() > 1 ? squares / (m - 1) / m : 0.0};
}

}  // namespace

MeanWithError mean_with_error(std::span<const double> x) {
  check_sample(x, 2, "mean_with_error");
  return two_pass_mean_with_error(x);
}

MeanWithError mean_with_error_of_run(std::span<const double> x) {
  check_sample(x, 1, "mean_with_error_of_run");
  return two_pass_mean_with_error(x);
}

double MeanWithError::std_error() const { return std::sqrt(variance); }

MeanTest z_test_mean(std::span<const double> x, double mu0, double sigma, double confidence) {
  const std::string where = "z_test_mean";
  check_sample(x, 1, where);
  detail::require(std::isfinite(sigma) && sigma > 0, where, "sigma must be finite and > 0");
  detail::require(std::isfinite(mu0), where, "mu0 must be finite");
  detail::require_open_probability(confidence, where, "confidence");
  return z_from(x, mu0, sigma, confidence, "exact normal (known sigma)");
}

MeanTest z_test_mean_sample_sigma(std::span<const double> x, double mu0, double confidence) {
  const std::string where = "z_test_mean";
  check_sample(x, 2, where);
  detail::require(std::isfinite(mu0), where, "mu0 must be finite");
  detail::require_open_probability(confidence, where, "confidence");
  const double m = static_cast<double>(x.size());
  const double s = std::sqrt(sum_of_squares_about(x, accurate_sum(x) / m) / (m - 1.0));
  detail::require(s > 0, where, "sample standard deviation is zero");
  return z_from(x, mu0, s, confidence, "asymptotic normal (sigma estimated)");
}

MeanTest t_test_mean(std::span<const double> x, double mu0, double confidence) {
  const std::string where = "t_test_mean";
  check_sample(x, 2, where);
  detail::require(std::isfinite(mu0), where, "mu0 must be finite");
  detail::require_open_probability(confidence, where, "confidence");
  const double m = static_cast<double>(x.size());
  const double mean = accurate_sum(x) / m;
  const double s = std::sqrt(sum_of_squares_about(x, mean) / (m - 1.0));
  detail::require(s > 0, where, "sample standard deviation is zero");
  const double se = s / std::sqrt(m);
  const double t = (mean - mu0) / se;
  boost::math::students_t_distribution<double> law(m - 1.0);
  const double q = boost::math::quantile(boost::math::complement(law, (1.0 - confidence) / 2.0));
  MeanTest out;
  out.result = {"t-mean", t,
                detail::clamp_probability(2.0 * boost::math::cdf(boost::math::complement(law, std::abs(t)))),
                "exact Student t(" + std::to_string(x.size() - 1) + ")"};
  out.estimate = mean;
  out.std_error = se;
  out.ci = {mean - q * se, mean + q * se};
  return out;
}

VarianceTest variance_test_known_mean(std::span<const double> x, double mean, double sigma2_0, double confidence) {
  const std::string where = "variance_test_known_mean";
  check_sample(x, 1, where);
  detail::require(std::isfinite(mean), where, "mean must be finite");
  detail::require(std::isfinite(sigma2_0) && sigma2_0 > 0, where, "sigma2_0 must be finite and > 0");
  detail::require_open_probability(confidence, where, "confidence");
  return variance_from(sum_of_squares_about(x, mean), static_cast<double>(x.size()), sigma2_0, confidence,
                       "chi-square-variance-known-mean");
}

VarianceTest variance_test(std::span<const double> x, double sigma2_0, double confidence) {
  const std::string where = "variance_test";
  check_sample(x, 2, where);
  detail::require(std::isfinite(sigma2_0) && sigma2_0 > 0, where, "sigma2_0 must be finite and > 0");
  detail::require_open_probability(confidence, where, "confidence");
  const double m = static_cast<double>(x.size());
  return variance_from(sum_of_squares_about(x, accurate_sum(x) / m), m - 1.0, sigma2_0, confidence,
                       "chi-square-variance");
}

}  // namespace attnlaw::stats
