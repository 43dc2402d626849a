#pragma once

// Critical scale of a general gap law with local behaviour P(t <= tau) ~ L tau^a at the query:
// beta_n* = (L n)^{1/a}, and the parametrisation beta_n = gamma n^{1/a}
// has lambda_n = beta_n / beta_n* = c with c = gamma L^{-1/a}. Evaluated in logs so that L n may
// exceed the range of Real.

#include <cmath>
#include <limits>
#include <stdexcept>

#include "reference/numerics/estimate.hpp"

namespace attnlaw::reference {

// The sphere's critical parametrisation (theory/scaling_limits/THEORY.md §2, SL.critical.scale-exponent):
// keys uniform on S^{d-1} have the gap law P(1 - <q,k> <= tau) ~ A_d tau^{(d-1)/2}, so
// beta_n = gamma n^{2/(d-1)} puts the softmax at its critical window. Everything that turns gamma
// into beta (or back) uses these four, so that the scale is written once.
inline double sphere_critical_exponent(int d) { return 2.0 / (d - 1); }
inline double sphere_critical_scale(int d, double n) { return std::pow(n, sphere_critical_exponent(d)); }
inline double sphere_critical_beta(int d, double gamma, double n) { return gamma * sphere_critical_scale(d, n); }
inline double sphere_critical_gamma(int d, double beta, double n) { return beta / sphere_critical_scale(d, n); }

template <class Real>
Estimate<Real> critical_scale(Real a, Real L, Real n) {
  using std::abs;
  using std::exp;
  using std::log;
  if (!(a > 0) || !(L > 0) || !(n > 0)) {
    throw std::domain_error("critical_scale: a, L and n must be positive");
  }
  const Real u = std::numeric_limits<Real>::epsilon() / 2;
  const Real e = (log(L) + log(n)) / a;
  const Real value = exp(e);
  // Each log carries u relative error; exp turns the absolute error of e into a relative one.
  return {value, value * (u * (abs(log(L)) + abs(log(n)) + 2) / a + 4 * u * (1 + abs(e)))};
}

template <class Real>
Estimate<Real> critical_constant(Real a, Real L, Real gamma) {
  using std::abs;
  using std::exp;
  using std::log;
  if (!(a > 0) || !(L > 0) || !(gamma >= 0)) {
    throw std::domain_error("critical_constant: a, L must be positive and gamma >= 0");
  }
  const Real u = std::numeric_limits<Real>::epsilon() / 2;
  const Real e = -log(L) / a;
  const Real value = gamma * exp(e);
  return {value, value * (4 * u * (1 + abs(e)) + 2 * u)};
}

}  // namespace attnlaw::reference
