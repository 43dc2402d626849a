#pragma once
// Definitions of the templates of reference/gap_counting/gap_counting.hpp; included only by the
// translation units that instantiate them (gap_counting.cpp, gap_counting_mpfr.cpp).
#include <boost/math/constants/constants.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "reference/gap_counting/gap_counting.hpp"

namespace attnlaw::reference {
namespace detail {

template <class Real>
void require_time(const Real& t) {
  if (!(t >= 0) || !(t < std::numeric_limits<Real>::infinity())) {
    throw std::invalid_argument("Yule process: t must be finite and >= 0");
  }
}

template <class Real>
void require_subcritical(const Real& c) {
  if (!(c >= 0 && c < 1)) throw std::invalid_argument("subcritical constants: c must lie in [0, 1)");
}

// log(1 - e^{-t}), t > 0: log(-expm1(-t)) below log 2, where 1 - e^{-t} would cancel, and
// log1p(-e^{-t}) above it (Maechler, "Accurately computing log(1 - exp(-|a|))", 2012).
template <class Real>
Real log_one_minus_exp(const Real& t) {
  using std::exp;
  using std::expm1;
  using std::log;
  using std::log1p;
  if (t < boost::math::constants::ln_two<Real>()) return log(-expm1(-t));
  return log1p(-exp(-t));
}

}  // namespace detail

// log P(N = m) = -t + (m - 1) log(1 - e^{-t}); relative error ~ u (t + (m - 1)|log(1 - e^{-t})|).
template <class Real>
Real yule_pmf(Real t, unsigned long m) {
  using std::exp;
  detail::require_time(t);
  if (m == 0) return Real(0);
  if (t == 0) return Real(m == 1 ? 1 : 0);
  return exp(-t + Real(m - 1) * detail::log_one_minus_exp(t));
}

// P(N <= m) = 1 - (1 - e^{-t})^m, as -expm1(m log(1 - e^{-t})) so that small values keep their digits.
template <class Real>
Real yule_cdf(Real t, unsigned long m) {
  using std::expm1;
  detail::require_time(t);
  if (m == 0) return Real(0);
  if (t == 0) return Real(1);
  return -expm1(Real(m) * detail::log_one_minus_exp(t));
}

template <class Real>
Real yule_mean(Real t) {
  using std::exp;
  detail::require_time(t);
  return exp(t);
}

template <class Real>
Real yule_variance(Real t) {
  using std::exp;
  using std::expm1;
  detail::require_time(t);
  return exp(t) * expm1(t);
}

// Exponential scores at beta = c < 1: no concentration, the weights tilt Exp(1) to Exp(1 - c), so
// Z_raw = sum e^{c s_j} ~ n/(1 - c) and <s>_a -> 1/(1 - c); H = log Z_raw - c <s>_a gives
// H - log n -> log(1/(1 - c)) - c/(1 - c) (derived, and checked by simulation).
template <class Real>
Real exponential_subcritical_entropy_offset(Real c) {
  using std::log1p;
  detail::require_subcritical(c);
  return -log1p(-c) - c / (1 - c);
}

// Gaussian scores at beta = c h_n, c < 1 (random energy model, high-temperature phase): the Gibbs
// measure sits at s ~ beta, so H / log n -> 1 - c^2 and log a_max / log n -> -(1 - c)^2.
template <class Real>
Real gaussian_subcritical_entropy_rate(Real c) {
  detail::require_subcritical(c);
  return 1 - c * c;
}

template <class Real>
Real gaussian_subcritical_top_weight_rate(Real c) {
  detail::require_subcritical(c);
  return -(1 - c) * (1 - c);
}

}  // namespace attnlaw::reference
