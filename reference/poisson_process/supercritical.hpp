#pragma once

// Supercritical constants: with G = Gamma_2^p - Gamma_1^p and
// p = 2/(d-1) < 2, f_G(0) = Gamma(2 - p)/p, and lambda_n E[1 - w_(1)] -> f_G(0) ln 2.
// Derivation of f_G(0): given Gamma_1 = g (density e^{-g}), Gamma_2 - g ~ Exp(1), so
// P(G <= e) ~ int e^{-g} e / (p g^{p-1}) dg = e Gamma(2-p)/p as e -> 0.
// The law of G: P(G > e) = int_0^inf e^{-g} exp(-[(g^p + e)^{1/p} - g]) dg (one-dimensional).

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/gamma.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "reference/numerics/estimate.hpp"
#include "reference/numerics/panel_quadrature.hpp"

namespace attnlaw::reference {

template <class Real>
Real supercritical_gap_density_at_zero(Real p) {
  if (!(p > 0) || !(p < 2)) throw std::domain_error("supercritical_gap_density_at_zero: p in (0, 2)");
  return boost::math::tgamma(2 - p) / p;
}

// P(G <= e) for G = Gamma_2^p - Gamma_1^p, e >= 0. The g-integrand is smooth in s = g^{p/2}
// (the same variable as the critical functionals), g = s^{2/p}.
template <class Real>
Estimate<Real> supercritical_gap_cdf(Real p, Real e) {
  using std::abs;
  using std::exp;
  using std::pow;
  if (!(p > 0)) throw std::domain_error("supercritical_gap_cdf: p must be positive");
  if (!(e > 0)) return {Real(0), Real(0)};
  const Real m = 1 / p;
  const auto f = [&](Real s) {
    const Real g = pow(s, 2 * m);
    const Real dg = 2 * m * pow(s, 2 * m - 1);
    const Real gp = s * s;  // g^p
    return dg * exp(-g) * -std::expm1(-(pow(gp + e, m) - g));
  };
  const Real s_max = pow(Real(45), p / 2);
  const auto edges = uniform_edges(Real(0), s_max, 16);
  const Real coarse = gauss_panels(f, edges);
  const Real fine = gauss_panels(f, halve_panels(edges));
  return {fine, abs(fine - coarse) + 64 * std::numeric_limits<Real>::epsilon()};
}

template <class Real>
struct SupercriticalSummaryT {
  Real p;
  Real fG0;             // f_G(0) = Gamma(2 - p)/p
  Real mean_gap_limit;  // lim lambda_n E[1 - w_(1)] = f_G(0) ln 2
};

template <class Real>
SupercriticalSummaryT<Real> supercritical_constants(int d) {
  if (d < 3) throw std::domain_error("supercritical_constants: d >= 3 (f_G(0) is infinite for d = 2)");
  const Real p = 2 / Real(d - 1);
  const Real f = supercritical_gap_density_at_zero(p);
  return {p, f, f * boost::math::constants::ln_two<Real>()};
}

}  // namespace attnlaw::reference
