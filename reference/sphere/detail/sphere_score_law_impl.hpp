#pragma once

// Definitions of the templates declared in reference/sphere/sphere_score_law.hpp; included only by the
// .cpp files that instantiate them. Boost.Math evaluates double through long double internally
// (promote_double), so the double results are within a few ulps of exact.

#include <cmath>
#include <limits>
#include <stdexcept>

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/beta.hpp>
#include <boost/math/special_functions/gamma.hpp>

#include "reference/sphere/sphere_score_law.hpp"

namespace attnlaw::reference {
namespace detail {

template <class Real>
Real score_law_roundoff() {
  return std::numeric_limits<Real>::epsilon() / 2;
}

inline void check_dimension(int d) {
  if (d < 2) throw std::domain_error("attnlaw::reference: dimension d must be >= 2");
}

// Relative accuracy claimed for Boost's incomplete beta at parameters (m, m): its documented
// errors grow slowly with the parameters (series and continued fractions with O(m) terms).
template <class Real>
Real ibeta_relative_error(const Real& m) {
  return (16 + m / 4) * score_law_roundoff<Real>();
}

template <class Real>
Real half_dimension(int d) {
  return (Real(d) - 1) / 2;
}

}  // namespace detail

template <class Real>
Estimate<Real> gap_pdf(int d, Real t) {
  detail::check_dimension(d);
  if (!(t >= 0 && t <= 2)) {
    if (t != t) throw std::domain_error("gap_pdf: t is NaN");
    return {Real(0), Real(0)};
  }
  const Real m = detail::half_dimension<Real>(d);
  if (m < 1 && (t == 0 || t == 2)) return {std::numeric_limits<Real>::infinity(), Real(0)};
  const Real value = boost::math::ibeta_derivative(m, m, Real(t / 2)) / 2;
  return {value, value * detail::ibeta_relative_error(m)};
}

template <class Real>
Estimate<Real> gap_cdf(int d, Real t) {
  detail::check_dimension(d);
  if (t != t) throw std::domain_error("gap_cdf: t is NaN");
  if (t <= 0) return {Real(0), Real(0)};
  if (t >= 2) return {Real(1), Real(0)};
  const Real m = detail::half_dimension<Real>(d);
  const Real value = boost::math::ibeta(m, m, Real(t / 2));
  return {value, value * detail::ibeta_relative_error(m)};
}

template <class Real>
Estimate<Real> gap_survival(int d, Real t) {
  detail::check_dimension(d);
  if (t != t) throw std::domain_error("gap_survival: t is NaN");
  if (t <= 0) return {Real(1), Real(0)};
  if (t >= 2) return {Real(0), Real(0)};
  const Real m = detail::half_dimension<Real>(d);
  const Real value = boost::math::ibetac(m, m, Real(t / 2));
  return {value, value * detail::ibeta_relative_error(m)};
}

namespace detail {

// Error of a quantile t: the inversion error (a few u relative to t) plus the error of the
// distribution function, e_F, moved to t by the density: e_F / f(t).
template <class Real>
Estimate<Real> quantile_estimate(int d, const Real& t, const Real& tail_probability) {
  using std::abs;
  const Real m = half_dimension<Real>(d);
  const Real u = score_law_roundoff<Real>();
  Real error = 8 * u * t;
  if (t > 0 && t < 2) {
    const Real f = boost::math::ibeta_derivative(m, m, Real(t / 2)) / 2;
    if (f > 0) error += ibeta_relative_error(m) * tail_probability / f;
  }
  return {t, error};
}

}  // namespace detail

template <class Real>
Estimate<Real> gap_quantile(int d, Real p) {
  detail::check_dimension(d);
  if (!(p >= 0 && p <= 1)) throw std::domain_error("gap_quantile: p must lie in [0, 1]");
  const Real m = detail::half_dimension<Real>(d);
  const Real t = 2 * boost::math::ibeta_inv(m, m, p);
  return detail::quantile_estimate(d, t, p < Real(0.5) ? p : Real(1 - p));
}

template <class Real>
Estimate<Real> gap_survival_quantile(int d, Real q) {
  detail::check_dimension(d);
  if (!(q >= 0 && q <= 1)) throw std::domain_error("gap_survival_quantile: q must lie in [0, 1]");
  const Real m = detail::half_dimension<Real>(d);
  const Real t = 2 * boost::math::ibetac_inv(m, m, q);
  return detail::quantile_estimate(d, t, q < Real(0.5) ? q : Real(1 - q));
}

template <class Real>
SphereLocalConstants<Real> sphere_local_constants(int d) {
  using std::abs;
  using std::exp;
  using std::ldexp;
  using std::log;
  using std::sqrt;
  detail::check_dimension(d);
  const Real u = detail::score_law_roundoff<Real>();
  const Real ln2 = boost::math::constants::ln_two<Real>();
  const Real root_pi = boost::math::constants::root_pi<Real>();
  const Real half_d = Real(d) / 2;
  const Real dm1 = Real(d - 1);
  const Real log_max = log(std::numeric_limits<Real>::max());
  SphereLocalConstants<Real> c;

  // Gamma(d/2) / Gamma(d/2 + 1/2) without forming either Gamma (no overflow, few-ulp accuracy).
  const Real kappa = boost::math::tgamma_delta_ratio(half_d, Real(0.5)) / (2 * root_pi);
  c.kappa = {kappa, 8 * u * kappa};
  const Real log_kappa = log(kappa);
  c.log_kappa = {log_kappa, 8 * u + u * abs(log_kappa)};

  // A_d = 2^{(d-1)/2} kappa_d: a power of two (times sqrt 2 for even d), exact up to overflow
  // (where ldexp returns +inf).
  const Real log_a = dm1 / 2 * ln2 + log_kappa;
  c.log_local_constant = {log_a, c.log_kappa.error + 2 * u * (dm1 / 2 * ln2) + u * abs(log_a)};
  const Real a_value = (d % 2 == 1) ? Real(ldexp(kappa, (d - 1) / 2))
                                    : Real(ldexp(Real(kappa * boost::math::constants::root_two<Real>()), (d - 2) / 2));
  c.local_constant = {a_value, 10 * u * a_value};

  // c/gamma = exp(-log 2 - 2 log(kappa)/(d-1)).
  const Real e_c = -ln2 - 2 * log_kappa / dm1;
  const Real c_over_gamma = exp(e_c);
  c.c_over_gamma = {c_over_gamma, c_over_gamma * (4 * u * (1 + abs(e_c)) + 2 * c.log_kappa.error / dm1)};

  // K'_d = Gamma(d/2) 2^{d-2} / sqrt(pi); c_tan = 1 / (2 K'_d).
  const Real lg = boost::math::lgamma(half_d);
  const Real log_k = lg + Real(d - 2) * ln2 - log(root_pi);
  const Real log_k_err = 4 * u * (abs(lg) + 1) + 2 * u * Real(d - 2) * ln2 + u * abs(log_k);
  c.log_k_prime = {log_k, log_k_err};
  c.log_c_tan = {Real(-ln2 - log_k), Real(log_k_err + u * (ln2 + abs(log_k)))};
  if (log_k < log_max - 8) {
    const Real k = ldexp(boost::math::tgamma(half_d), d - 2) / root_pi;
    c.k_prime = {k, 8 * u * k};
    const Real ct = 1 / (2 * k);
    c.c_tan = {ct, 10 * u * ct};
  } else {
    c.k_prime = {std::numeric_limits<Real>::infinity(), Real(0)};
    const Real ct = exp(c.log_c_tan.value);
    c.c_tan = {
        ct, ct * (c.log_c_tan.error + 4 * u * (1 + abs(c.log_c_tan.value))) + std::numeric_limits<Real>::denorm_min()};
  }
  return c;
}

template <class Real>
Estimate<Real> sphere_critical_scale(int d, Real n) {
  using std::abs;
  using std::exp;
  using std::log;
  if (!(n > 0)) throw std::domain_error("sphere_critical_scale: n must be positive");
  const SphereLocalConstants<Real> c = sphere_local_constants<Real>(d);
  const Real u = detail::score_law_roundoff<Real>();
  const Real p = 2 / Real(d - 1);
  const Real e = p * (c.log_local_constant.value + log(n));
  const Real value = exp(e);
  const Real e_err = p * (c.log_local_constant.error + u * abs(log(n))) + 2 * u * abs(e);
  return {value, value * (e_err + 2 * u)};
}

}  // namespace attnlaw::reference
