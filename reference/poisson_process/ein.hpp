#pragma once

// The entire exponential integral Ein(s) = int_0^s (1 - e^{-u})/u du = gamma_E + ln s + E_1(s),
// the Laplace exponent of the generalised Dickman law (d = 3).
// Small s: the everywhere-convergent series sum_{k>=1} (-1)^{k+1} s^k / (k k!), used where its
// terms stay below 1 in magnitude (no cancellation); larger s: Boost's E_1, which is then small
// next to gamma_E + ln s.

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/expint.hpp>

#include <cmath>
#include <limits>

namespace attnlaw::reference {

template <class Real>
Real ein(Real s) {
  using std::abs;
  using std::log;
  if (s < 0) return std::numeric_limits<Real>::quiet_NaN();
  if (s <= 1) {
    Real term = s;  // (-1)^{k+1} s^k / k!
    Real sum = s;
    for (int k = 2; k < 200; ++k) {
      term *= -s / Real(k);
      const Real add = term / Real(k);
      sum += add;
      if (abs(add) <= std::numeric_limits<Real>::epsilon() * abs(sum)) break;
    }
    return sum;
  }
  return boost::math::constants::euler<Real>() + log(s) + boost::math::expint(1, s);
}

// Ein(e^ell), for arguments beyond the range of Real (E_1 underflows to 0 long before e^ell
// overflows, so the large-ell branch never forms e^ell).
template <class Real>
Real ein_of_log(Real ell) {
  using std::exp;
  if (ell > 700) return boost::math::constants::euler<Real>() + ell;
  return ein(exp(ell));
}

}  // namespace attnlaw::reference
