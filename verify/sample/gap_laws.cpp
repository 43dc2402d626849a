#include "verify/sample/gap_laws.hpp"

#include <algorithm>
#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/beta.hpp>
#include <boost/math/special_functions/gamma.hpp>
#include <cmath>
#include <stdexcept>

namespace attnlaw::sample {
namespace {

constexpr double pi = boost::math::constants::pi<double>();

double clamp_to_shell(double t, double t1, double t2) { return std::min(std::max(t, t1), t2); }

}  // namespace

SphereGapLaw::SphereGapLaw(int d) : d_(d), m_(0.5 * (d - 1)) {
  if (d < 2) throw std::domain_error("SphereGapLaw: d must be >= 2");
  log_m_beta_ = std::log(m_) + 2 * boost::math::lgamma(m_) - boost::math::lgamma(2 * m_);
  shrink_ = m_ > 1 ? std::exp2(-1 / (m_ - 1)) : 0;
}

double SphereGapLaw::cdf(double t) const {
  if (t <= 0) return 0;
  if (t >= 2) return 1;
  const double x = 0.5 * t;
  if (m_ == 1) return x;
  if (m_ == 0.5) return (2 / pi) * std::asin(std::sqrt(x));
  return boost::math::ibeta(m_, m_, x);
}

double SphereGapLaw::survival(double t) const {
  if (t <= 0) return 1;
  if (t >= 2) return 0;
  // 1 - t/2 is formed as (2 - t)/2, exact for t >= 1 (Sterbenz) and harmless below.
  const double y = 0.5 * (2 - t);
  if (m_ == 1) return y;
  if (m_ == 0.5) return (2 / pi) * std::asin(std::sqrt(y));
  return boost::math::ibetac(m_, m_, 0.5 * t);
}

double SphereGapLaw::quantile(double p, double q) const {
  // Beta(m, m) is symmetric about 1/2: the upper quantile is the mirror of a lower one.
  const bool upper = q < p;
  const double r = upper ? q : p;
  if (r <= 0) return upper ? 2 : 0;
  double x;
  if (m_ == 1) {
    x = r;
  } else if (m_ == 0.5) {
    const double s = std::sin(0.5 * pi * r);
    x = s * s;
  } else {
    x = boost::math::ibeta_inv(m_, m_, r);
  }
  return upper ? 2 - 2 * x : 2 * x;
}

double SphereGapLaw::rough_quantile(double p) const {
  if (!(p > 0)) return 0;
  const double x = std::exp((std::log(p) + log_m_beta_) / m_);
  return 2 * std::min(x, 0.5);
}

double SphereGapLaw::shell_limit(double t1) const {
  if (m_ <= 1) return 2;
  const double x1 = 0.5 * t1;
  if (x1 < 0.5) return 2 * std::min(0.5, 1 - (1 - x1) * shrink_);
  return 2 * std::min(1.0, x1 / shrink_);
}

double SphereGapLaw::sample_in_shell(rng::SampleSource& source, double t1, double t2, double f1, double f2, double s1,
                                     double s2) const {
  if (m_ == 1) return clamp_to_shell(t1 + source.next_uniform() * (t2 - t1), t1, t2);
  if (m_ == 0.5) {
    const double u = source.next_uniform();
    return clamp_to_shell(quantile(f1 + u * (f2 - f1), s1 - u * (s1 - s2)), t1, t2);
  }
  const double x1 = 0.5 * t1;
  const double x2 = 0.5 * t2;
  const bool lower = x2 <= 0.5;
  if (!lower && x1 < 0.5) throw std::logic_error("SphereGapLaw: a shell straddles t = 1");
  // Proposal y on [y1, y2] with density proportional to y^{m-1}; y = x (lower half) or
  // y = 1 - x (upper half), where the other factor of the density is monotone.
  const double y1 = lower ? x1 : 1 - x2;
  const double y2 = lower ? x2 : 1 - x1;
  const double r = std::pow(y1 / y2, m_);
  const double inv_m = 1 / m_;
  for (;;) {
    const double u = source.next_uniform();
    const double v = source.next_uniform();
    const double y = y2 * std::pow(r + u * (1 - r), inv_m);
    const double x = lower ? y : 1 - y;
    // Acceptance ((1-x)/(1-x1))^{m-1} below 1/2, (x/x2)^{m-1} above: both <= 1 on the shell.
    const double log_accept =
        lower ? (m_ - 1) * (std::log1p(-x) - std::log1p(-x1)) : (m_ - 1) * (std::log(x) - std::log(x2));
    if (std::log(v) <= log_accept) return clamp_to_shell(2 * x, t1, t2);
  }
}

LocalExponentGapLaw::LocalExponentGapLaw(double a) : a_(a) {
  if (!(a > 0) || !std::isfinite(a)) throw std::domain_error("LocalExponentGapLaw: a must be finite and > 0");
}

double LocalExponentGapLaw::cdf(double t) const {
  if (t <= 0) return 0;
  if (t >= 2) return 1;
  return std::exp(a_ * std::log(0.5 * t));
}

double LocalExponentGapLaw::survival(double t) const {
  if (t <= 0) return 1;
  if (t >= 2) return 0;
  return -std::expm1(a_ * std::log(0.5 * t));
}

double LocalExponentGapLaw::quantile(double p, double q) const {
  if (p <= 0) return 0;
  if (q <= 0) return 2;
  return p <= q ? 2 * std::exp(std::log(p) / a_) : 2 * std::exp(std::log1p(-q) / a_);
}

double LocalExponentGapLaw::sample_in_shell(rng::SampleSource& source, double t1, double t2, double f1, double f2,
                                            double s1, double s2) const {
  const double u = source.next_uniform();
  return clamp_to_shell(quantile(f1 + u * (f2 - f1), s1 - u * (s1 - s2)), t1, t2);
}

}  // namespace attnlaw::sample
