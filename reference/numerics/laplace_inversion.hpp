#pragma once

// Numerical inversion of a Laplace transform by the Fourier-series method with Euler summation
// (J. Abate and W. Whitt, "Numerical inversion of Laplace transforms of probability distributions",
// ORSA J. Computing 7 (1995) 36-43, algorithm EULER). It only evaluates the transform on the line
// Re s = A/(2t) > 0, where the transform of a (possibly defective) distribution function is bounded
// by 1/|s|; Talbot's contour would enter the left half-plane, where the transforms of the
// critical-regime laws (generalised Dickman and relatives: CDFs with kinks at y = 1, 2, ...) grow
// double-exponentially.
//
// For f bounded by 1 (a CDF) the discretisation error is at most e^{-A}/(1 - e^{-A}); rounding is
// amplified by about e^{A/2}. The Euler-summation error is estimated by the change when one more
// term enters (the usual practical estimate).

#include <boost/math/special_functions/binomial.hpp>

#include <cmath>
#include <complex>
#include <limits>
#include <vector>

#include "reference/numerics/estimate.hpp"

namespace attnlaw::reference {

template <class Real>
struct EulerInversionParams {
  Real A;     // Bromwich abscissa times 2t; discretisation error ~ e^{-A}
  int terms;  // n: terms summed exactly before Euler averaging
  int euler;  // m: binomial averaging order
};

// Defaults: A = 30 puts the discretisation error at 1e-13 and rounding in double at ~1e-9 of the
// largest term; n = 20, m = 12 reach ~1e-10 on the critical-regime transforms.
template <class Real>
EulerInversionParams<Real> default_euler_params() {
  const Real digits = -std::log10(static_cast<double>(std::numeric_limits<Real>::epsilon()));
  if (digits <= 17) return {Real(30), 20, 12};
  // Higher precision: smaller discretisation error, more terms.
  return {Real(digits * 1.2), 40, 24};
}

// f(t) from its Laplace transform F (callable complex<Real> -> complex<Real>), t > 0.
template <class Real, class Transform>
Estimate<Real> euler_inversion(const Transform& F, Real t,
                               const EulerInversionParams<Real>& prm = default_euler_params<Real>()) {
  using std::abs;
  using std::exp;
  using std::pow;
  const Real pi = boost::math::constants::pi<Real>();
  const Real sigma = prm.A / (2 * t);
  const int last = prm.terms + prm.euler + 1;
  std::vector<Real> partial(static_cast<std::size_t>(last) + 1);
  Real sum = std::real(F(std::complex<Real>(sigma, 0))) / 2;
  partial[0] = sum;
  for (int k = 1; k <= last; ++k) {
    const Real term = std::real(F(std::complex<Real>(sigma, Real(k) * pi / t)));
    sum += (k % 2 == 0) ? term : -term;
    partial[static_cast<std::size_t>(k)] = sum;
  }
  const auto euler_mean = [&](int n) {
    Real e = 0;
    for (int j = 0; j <= prm.euler; ++j) {
      e += boost::math::binomial_coefficient<Real>(static_cast<unsigned>(prm.euler), static_cast<unsigned>(j)) *
           partial[static_cast<std::size_t>(n + j)];
    }
    return e / pow(Real(2), prm.euler);
  };
  const Real scale = exp(prm.A / 2) / t;
  const Real value = scale * euler_mean(prm.terms + 1);
  const Real previous = scale * euler_mean(prm.terms);
  // Each term is at most |F(s)| <= 1/|s| <= 2t/A in magnitude (F the transform of a CDF).
  const Real rounding = scale * (2 * t / prm.A) * std::numeric_limits<Real>::epsilon() * Real(4 * last);
  return {value, abs(value - previous) + exp(-prm.A) / (1 - exp(-prm.A)) + rounding};
}

}  // namespace attnlaw::reference
