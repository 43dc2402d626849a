#pragma once

// Closed forms of the vMF moments for d = 3 and d = 5 (half-integer Bessel orders), an independent
// cross-check of reference/sphere/vmf_moments.hpp (theory/scaling_limits/THEORY.md §3):
//   d = 3: M = sinh b / b,                A = coth b - 1/b (Langevin L(b)),   P = b coth b;
//   d = 5: M = 3 (b cosh b - sinh b)/b^3, A = 1/L(b) - 3/b (from I_{1/2}/I_{3/2} = 3/b + I_{5/2}/I_{3/2}).
// Below b = 1 the differences cancel, so the Bernoulli series of b coth b is used there:
//   b coth b - 1 = sum_{n>=1} 4^n B_{2n} b^{2n} / (2n)!  (radius pi).
// Header-only and generic in Real (any Boost.Math-aware floating type).

#include <cmath>
#include <limits>

#include <boost/math/special_functions/bernoulli.hpp>
#include <boost/math/special_functions/expm1.hpp>
#include <boost/math/special_functions/log1p.hpp>

#include "reference/numerics/estimate.hpp"

namespace attnlaw::reference {
namespace detail {

template <class Real>
Real closed_form_roundoff() {
  return std::numeric_limits<Real>::epsilon() / 2;
}

// Sum of 4^n B_{2n} b^{2n} / (2n)! for n >= n0 (b <= 1 < pi: terms shrink like (b/pi)^{2n}).
template <class Real>
Real coth_series_tail(const Real& b, int n0) {
  using std::abs;
  const Real u = closed_form_roundoff<Real>();
  Real sum = 0;
  Real power = 1;  // 4^n b^{2n} / (2n)!
  for (int n = 1; n < 2000; ++n) {
    power *= 4 * b * b / (Real(2 * n - 1) * Real(2 * n));
    if (n < n0) continue;
    const Real term = boost::math::bernoulli_b2n<Real>(n) * power;
    sum += term;
    if (abs(term) <= u * abs(sum) / 8) break;
  }
  return sum;
}

}  // namespace detail

template <class Real>
Estimate<Real> mean_resultant_d3(Real b) {
  const Real u = detail::closed_form_roundoff<Real>();
  if (b == 0) return {Real(0), Real(0)};
  if (b < 1) {
    // L(b) = (b coth b - 1)/b.
    const Real value = detail::coth_series_tail(b, 1) / b;
    return {value, 16 * u * value};
  }
  const Real value = 1 + 2 / boost::math::expm1(Real(2 * b)) - 1 / b;
  return {value, 8 * u * (1 + 1 / b)};
}

template <class Real>
Estimate<Real> log_normaliser_d3(Real b) {
  using std::exp;
  using std::log;
  const Real u = detail::closed_form_roundoff<Real>();
  if (b < 1) {
    // sinh b / b - 1 = sum_{k>=1} b^{2k} / (2k+1)!.
    Real term = 1, sum = 0;
    for (int k = 1; k < 1000; ++k) {
      term *= b * b / (Real(2 * k) * Real(2 * k + 1));
      sum += term;
      if (term <= u * sum / 8) break;
    }
    const Real value = boost::math::log1p(sum);
    return {value, 16 * u * value};
  }
  const Real value = b + boost::math::log1p(Real(-exp(Real(-2 * b)))) - log(Real(2 * b));
  return {value, 8 * u * (b + log(Real(2 * b)) + 1)};
}

template <class Real>
Estimate<Real> second_moment_ratio_d3(Real b) {
  const Real u = detail::closed_form_roundoff<Real>();
  if (b < 1) {
    const Real value = 1 + detail::coth_series_tail(b, 1);
    return {value, 16 * u * value};
  }
  const Real value = b * (1 + 2 / boost::math::expm1(Real(2 * b)));
  return {value, 8 * u * value};
}

template <class Real>
Estimate<Real> mean_resultant_d5(Real b) {
  const Real u = detail::closed_form_roundoff<Real>();
  if (b == 0) return {Real(0), Real(0)};
  if (b < 1) {
    // With b coth b - 1 = (b^2/3) g(b): A_5 = 3 (1 - g) / (b g), and 1 - g = -(3/b^2) * tail(n>=2).
    const Real one_minus_g = -3 * detail::coth_series_tail(b, 2) / (b * b);
    const Real g = 1 - one_minus_g;
    const Real value = 3 * one_minus_g / (b * g);
    return {value, 32 * u * value};
  }
  const Real l = mean_resultant_d3(b).value;
  const Real value = 1 / l - 3 / b;
  // Cancellation between 1/L and 3/b: relative error of 1/L (a few u) times 1/L.
  return {value, 16 * u * (1 / l + 3 / b)};
}

template <class Real>
Estimate<Real> log_normaliser_d5(Real b) {
  using std::abs;
  using std::exp;
  using std::log;
  const Real u = detail::closed_form_roundoff<Real>();
  if (b < 1) {
    // M_5 - 1 = 3 sum_{k>=2} 2k b^{2k-2} / (2k+1)!.
    Real power = 1, sum = 0;
    for (int k = 1; k < 1000; ++k) {
      power /= Real(2 * k) * Real(2 * k + 1);  // 1/(2k+1)!
      if (k >= 2) {
        power *= b * b;  // b^{2k-2}/(2k+1)!
        const Real term = 3 * Real(2 * k) * power;
        sum += term;
        if (term <= u * sum / 8) break;
      }
    }
    const Real value = boost::math::log1p(sum);
    return {value, 16 * u * value};
  }
  // b cosh b - sinh b = (e^b / 2) (b - 1 + (b + 1) e^{-2b}).
  const Real inner = b - 1 + (b + 1) * exp(Real(-2 * b));
  const Real value = log(Real(3)) - log(Real(2)) + b + log(inner) - 3 * log(b);
  return {value, 16 * u * (b + 3 * abs(log(b)) + abs(log(inner)) + 2) + 4 * u * (b + 1) / inner};
}

template <class Real>
Estimate<Real> second_moment_ratio_d5(Real b) {
  using std::abs;
  using std::exp;
  const Real u = detail::closed_form_roundoff<Real>();
  const Estimate<Real> two = log_normaliser_d5(Real(2 * b));
  const Estimate<Real> one = log_normaliser_d5(b);
  const Real value = exp(Real(two.value - 2 * one.value));
  return {value, value * (two.error + 2 * one.error + 4 * u * (1 + abs(two.value)))};
}

}  // namespace attnlaw::reference
