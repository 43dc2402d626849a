#pragma once
// Upper-tail quantiles of the score families of reference/extreme_value/score_families.hpp, fed with
// an upper-tail probability u and its exact complement v = 1 - u so that neither tail loses
// digits: s = Fbar^{-1}(u). Shared by the row samplers and the bulk mass.
#include <boost/math/policies/policy.hpp>
#include <boost/math/special_functions/erf.hpp>
#include <cmath>

namespace attnlaw::sample::detail {

// Double throughout: Boost's default would promote to long double, 3x slower for no digit that
// survives the final rounding.
using fast_policy = boost::math::policies::policy<boost::math::policies::promote_double<false>>;

inline constexpr double sqrt2 = 1.41421356237309504880;

// E = -log u, the upper-tail quantile of Exp(1).
inline double exponential_upper_quantile(double u, double v) { return u <= 0.5 ? -std::log(u) : -std::log1p(-v); }

// s = -Phi^{-1}(u) = sqrt2 erfc^{-1}(2u): erfc_inv of the small tail, never Phi^{-1}(1 - u).
inline double gaussian_upper_quantile(double u, double v) {
  return u <= 0.5 ? sqrt2 * boost::math::erfc_inv(2 * u, fast_policy())
                  : -sqrt2 * boost::math::erfc_inv(2 * v, fast_policy());
}

}  // namespace attnlaw::sample::detail
