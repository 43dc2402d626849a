#pragma once
// Definitions of the templates of reference/poisson_dirichlet/poisson_dirichlet.hpp; included only by the
// translation units that instantiate them (poisson_dirichlet.cpp, poisson_dirichlet_mpfr.cpp).
// Double results are computed in long double (reference/numerics/working_precision.hpp) and
// rounded once; the error terms are in units of the working epsilon plus that final rounding.
#include <boost/math/constants/constants.hpp>
#include <boost/math/quadrature/exp_sinh.hpp>
#include <boost/math/special_functions/digamma.hpp>
#include <boost/math/special_functions/sin_pi.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "reference/numerics/euler_inversion.hpp"
#include "reference/numerics/working_precision.hpp"
#include "reference/poisson_dirichlet/detail/pd_laplace_exponent.hpp"
#include "reference/poisson_dirichlet/poisson_dirichlet.hpp"

namespace attnlaw::reference {
namespace detail {

// Validates alpha in (0, 1).
template <class Work, class Real>
Work pd_parameter(const Real& alpha) {
  if (!(alpha > 0 && alpha < 1)) throw std::invalid_argument("Poisson-Dirichlet: alpha must lie in (0, 1)");
  return static_cast<Work>(alpha);
}

template <class Real, class Work>
Estimate<Real> rounded(const Work& value, const Work& error) {
  using reference::detail::abs_value;
  using reference::detail::conversion_error;
  const Real v = static_cast<Real>(value);
  return {v, static_cast<Real>(error + conversion_error<Real>(value))};
}

}  // namespace detail

// Gamma(k - alpha) / (Gamma(k) Gamma(1 - alpha)) = prod_{j=1}^{k-1} (1 - alpha/j): each factor is
// at least 1/2 except possibly the first (1 - alpha, exact for alpha >= 1/2, else >= 1/2), so each
// carries at most 2 working ulps and the product at most 4(k-1) + 1.
template <class Real>
Estimate<Real> pd_mean_power_sum(Real alpha, int k) {
  using Work = reference::detail::working_t<Real>;
  if (k < 2 || k > 100000000) throw std::invalid_argument("pd_mean_power_sum: k must lie in [2, 1e8]");
  const Work a = detail::pd_parameter<Work>(alpha);
  Work product = 1;
  for (int j = 1; j < k; ++j) product *= 1 - a / Work(j);
  const Work u = reference::detail::unit_roundoff<Work>();
  return detail::rounded<Real>(product, product * u * Work(4 * k + 1));
}

// psi(1) - psi(1 - alpha) = -gamma_E - psi(1 - alpha). Boost's digamma is accurate to a few ulps
// (its documented worst case is below 3 ulps for double and long double); 16 ulps of each term are
// charged, which also covers the cancellation for small alpha (value ~ zeta(2) alpha).
template <class Real>
Estimate<Real> pd_mean_entropy(Real alpha) {
  using Work = reference::detail::working_t<Real>;
  using reference::detail::abs_value;
  const Work a = detail::pd_parameter<Work>(alpha);
  const Work euler = boost::math::constants::euler<Work>();
  const Work psi = boost::math::digamma(1 - a);
  const Work value = -euler - psi;
  const Work u = reference::detail::unit_roundoff<Work>();
  return detail::rounded<Real>(value, 16 * u * (euler + abs_value(psi)) + u * abs_value(value));
}

// E V_1 = E[1 / (1 + R)] = int_0^inf e^{-lambda} E e^{-lambda R} d lambda
//       = int_0^inf e^{-lambda} / (1 + phi_alpha(lambda)) d lambda
// (1/(1+R) = int e^{-lambda(1+R)}, then the Laplace transform of R, pd_laplace_exponent.hpp).
// The integrand is analytic on [0, inf) and decays like e^{-lambda}: the exp-sinh rule converges
// double-exponentially. Error: the rule's own estimate (difference of the last two levels) plus
// 64 working ulps of the integrand's L1 norm for phi's rounding.
template <class Real>
Estimate<Real> pd_mean_top_weight(Real alpha) {
  using Work = reference::detail::working_t<Real>;
  using std::exp;
  const Work a = detail::pd_parameter<Work>(alpha);
  const auto integrand = [&](const Work& lambda) -> Work {
    return exp(-lambda) / (1 + detail::laplace_exponent(a, lambda));
  };
  boost::math::quadrature::exp_sinh<Work> rule(12);
  Work quadrature_error = 0;
  Work l1 = 0;
  const Work tolerance = std::numeric_limits<Work>::epsilon();
  const Work value = rule.integrate(integrand, tolerance, &quadrature_error, &l1);
  const Work u = reference::detail::unit_roundoff<Work>();
  return detail::rounded<Real>(value, quadrature_error + 64 * u * l1);
}

template <class Real>
Estimate<Real> pd_mean_inverse_top(Real alpha) {
  using Work = reference::detail::working_t<Real>;
  const Work a = detail::pd_parameter<Work>(alpha);
  const Work value = 1 / (1 - a);
  return detail::rounded<Real>(value, 2 * reference::detail::unit_roundoff<Work>() * value);
}

template <class Real>
Real pd_ratio_cdf(Real alpha, Real x) {
  using Work = reference::detail::working_t<Real>;
  using std::pow;
  const Work a = detail::pd_parameter<Work>(alpha);
  if (!(x > 0)) return Real(0);
  if (x >= 1) return Real(1);
  return static_cast<Real>(pow(static_cast<Work>(x), a));
}

// P(V_1 <= w) = P(R >= r), r = (1 - w)/w, with R := sum_{j>=2} x_j/x_1 as in pd_laplace_exponent.hpp,
// E e^{-sR} = 1/(1 + phi(s)). Method (derived here): split the jumps of R at size 1,
//   1 + phi(s) = c s^alpha + e^{-s} chi(s),   c = Gamma(1 - alpha),
// where c s^alpha is the alpha-stable exponent and e^{-s} chi(s) the transform of alpha v^{-alpha-1}
// on v > 1 (chi smooth, chi(0) = 1). Expanding the geometric series to order K,
//   1/(s(1 + phi)) = sum_{k=0}^{K} e^{-ks} U_k(s) + e^{-(K+1)s} Q_K(s),
//   U_k = (-1)^k chi^k / (c^{k+1} s^{alpha(k+1)+1}),  Q_K = (-1)^{K+1} chi^{K+1} / (c^{K+1} s^{alpha(K+1)+1} (1+phi)),
// so P(R <= r) = sum_{k <= min(K, r)} u_k(r - k) + [r > K+1] q_K(r - K - 1), with u_k, q_K the inverse
// transforms. Each e^{-ks} is a shift; taking the shifts out exactly removes the kinks of the CDF at
// r = 1, 2, ... (where the Euler-summed Fourier series would converge slowly), and what remains
// is smooth on (0, inf) apart from the origin: u_k(x) ~ x^{alpha(k+1)}, q_K's kinks are of order
// alpha(K+2) >= 3 by the choice of K. u_0(x) = x^alpha / (c Gamma(1+alpha)) = sin(pi alpha) x^alpha/(pi alpha)
// in closed form; that is the whole answer for w >= 1/2 (r <= 1), as in Pitman–Yor 1997. The other
// pieces are inverted by Abate–Whitt (euler_inversion.hpp).
template <class Real>
Estimate<Real> pd_top_weight_cdf(Real alpha, Real w) {
  using Work = reference::detail::working_t<Real>;
  using reference::detail::abs_value;
  using std::ceil;
  using std::exp;
  using std::floor;
  using std::pow;
  using Cx = detail::Complex<Work>;
  const Work a = detail::pd_parameter<Work>(alpha);
  if (!(w > 0)) return {Real(0), Real(0)};
  if (w >= 1) return {Real(1), Real(0)};
  const Work ww = static_cast<Work>(w);
  const Work r = (1 - ww) / ww;
  const Work u = reference::detail::unit_roundoff<Work>();
  const Work c = boost::math::tgamma(1 - a);
  const Work pi = boost::math::constants::pi<Work>();
  Work below = boost::math::sin_pi(a) * pow(r, a) / (pi * a);  // u_0(r)
  Work error = 16 * u * below;
  const int order_cap = static_cast<int>(ceil(3 / a));
  const int kinks = static_cast<int>(floor(r));
  const int K = kinks < order_cap ? kinks : order_cap;
  const Work evaluation_error = 16 * exp(2 * detail::series_radius<Work>()) * std::numeric_limits<Work>::epsilon();
  for (int k = 1; k <= K + 1; ++k) {
    const Work x = r - Work(k);
    if (!(x > 0)) break;
    const bool remainder = k == K + 1;
    const Work power = a * Work(k) + 1;  // s-power of U_k (Q_K carries the same, times 1/(1+phi))
    const auto transform = [&](const Cx& s) {
      const Cx chi = detail::large_jump_factor(a, s);
      Cx value = Cx{Work(k % 2 == 0 ? 1 : -1), Work(0)};
      for (int j = 0; j < k; ++j) value = value * chi;
      value = value / (pow(c, Work(k)) * pow(s, power + (remainder ? Work(0) : a)));
      if (remainder) {
        const Cx one_plus_phi = c * pow(s, a) + exp(Cx{-s.re, -s.im}) * chi;
        value = value / one_plus_phi;
      } else {
        value = value / Cx{c, Work(0)};
      }
      return value;
    };
    // |u_k(y)| ~ y^{p}/(c^{k+1} Gamma(p+1)) for large y, p = alpha(k+1); q_K grows no faster than u_K.
    const Work p = remainder ? a * Work(K + 1) : a * Work(k + 1);
    const Work growth = 2 * (1 + pow(x, p) / (pow(c, Work(k + 1)) * boost::math::tgamma(p + 1)));
    const Estimate<Work> piece = detail::euler_inversion(transform, x, evaluation_error, growth, p);
    below += piece.value;
    error += piece.error;
  }
  // The exact value lies in [0, 1]; clipping can only reduce the error.
  Work value = 1 - below;
  if (value < 0) value = 0;
  if (value > 1) value = 1;
  return detail::rounded<Real>(value, error + u);
}

}  // namespace attnlaw::reference
