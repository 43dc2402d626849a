#pragma once
// Numerical inversion of a Laplace transform by the Fourier-series method with Euler summation:
// J. Abate and W. Whitt, "Numerical inversion of Laplace transforms of probability
// distributions", ORSA J. Computing 7 (1995) 36-43, algorithm EULER:
//   f(t) ~ e^{A/2}/t [ Re F(A/(2t))/2 + sum_{k>=1} (-1)^k Re F((A + 2 k pi i)/(2t)) ],
// the alternating tail summed by binomial (Euler) averaging of the partial sums n..n+m.
// Euler summation accelerates the tail only when f is smooth on (0, inf) (singularities at the
// origin are harmless); callers split off kinks first. Error terms: discretisation
// sum_{j>=1} e^{-jA} f((2j+1)t), bounded by the caller's growth bound; Euler truncation estimated
// by the change of the average when one more term enters (the usual practical estimate, checked
// against closed forms in the unit tests); rounding of the terms amplified by e^{A/2}.
#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/binomial.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include "reference/numerics/complex_value.hpp"
#include "reference/numerics/estimate.hpp"

namespace attnlaw::reference::detail {

struct EulerParameters {
  double A;   // discretisation error ~ e^{-A}, rounding amplification e^{A/2}
  int terms;  // n: terms summed before the Euler average
  int order;  // m: binomial averaging order
};

// Balanced so that e^{-A} and e^{A/2} u are about equal: A ~ (2/3) ln(1/u).
template <class Real>
EulerParameters euler_parameters() {
  const double digits = std::numeric_limits<Real>::digits10;
  if (digits <= 20) return {28.0, 40, 20};
  return {digits * 1.5, 80, 40};
}

// `transform(s)` returns F(s) = int_0^inf e^{-s t} f(t) dt as Complex<Real>, each value with
// relative error at most `relative_error`; `growth` bounds sup_{j>=1} |f((2j+1)t)| / (2j+1)^{p}
// for the discretisation term, with p = `growth_power`.
template <class Real, class Transform>
Estimate<Real> euler_inversion(const Transform& transform, const Real& t, const Real& relative_error,
                               const Real& growth, const Real& growth_power) {
  using std::abs;
  using std::exp;
  using std::pow;
  const EulerParameters prm = euler_parameters<Real>();
  const Real A(prm.A);
  const Real pi = boost::math::constants::pi<Real>();
  const Real sigma = A / (2 * t);
  const int last = prm.terms + prm.order + 1;
  std::vector<Real> partial(static_cast<std::size_t>(last) + 1);
  Real term = transform(Complex<Real>{sigma, Real(0)}).re / 2;
  Real sum = term;
  Real magnitude = abs(term);
  partial[0] = sum;
  for (int k = 1; k <= last; ++k) {
    term = transform(Complex<Real>{sigma, Real(k) * pi / t}).re;
    sum += (k % 2 == 0) ? term : Real(-term);
    magnitude += abs(term);
    partial[static_cast<std::size_t>(k)] = sum;
  }
  const auto euler_mean = [&](int n) {
    Real mean = 0;
    for (int j = 0; j <= prm.order; ++j) {
      mean += boost::math::binomial_coefficient<Real>(static_cast<unsigned>(prm.order), static_cast<unsigned>(j)) *
              partial[static_cast<std::size_t>(n + j)];
    }
    return Real(mean / pow(Real(2), prm.order));
  };
  const Real scale = exp(A / 2) / t;
  const Real value = scale * euler_mean(prm.terms + 1);
  const Real previous = scale * euler_mean(prm.terms);
  const Real rounding = scale * magnitude * (relative_error + 8 * std::numeric_limits<Real>::epsilon());
  // sum_j e^{-jA} (2j+1)^p <= e^{-A} 3^p / (1 - e^{-A} ((5/3)^p)) for the sizes used here.
  const Real ratio = exp(-A) * pow(Real(5) / 3, growth_power);
  const Real discretisation = growth * exp(-A) * pow(Real(3), growth_power) / (1 - ratio);
  return {value, abs(value - previous) + discretisation + rounding};
}

}  // namespace attnlaw::reference::detail
