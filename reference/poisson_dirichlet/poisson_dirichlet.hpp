#pragma once
// The Poisson–Dirichlet law PD(alpha, 0), 0 < alpha < 1 (Pitman–Yor 1997): V_j = Gamma_j^{-1/alpha} / sum_k
// Gamma_k^{-1/alpha}. The critical-window limit of the ranked softmax weights of a Gumbel-domain row at beta = c h_n, c
// = 1/alpha > 1.
//
// Every function returns the value with an upper bound on its absolute error
// (reference/numerics/estimate.hpp); templated on the real type, instantiated for double and, in its own
// translation unit, for mpfr_float_50.
#include "reference/numerics/estimate.hpp"

namespace attnlaw::reference {

// E sum_j V_j^k = Gamma(k - alpha) / (Gamma(k) Gamma(1 - alpha)), k >= 2 (k = 2: 1 - alpha).
template <class Real>
Estimate<Real> pd_mean_power_sum(Real alpha, int k);

// E H = E[-sum_j V_j log V_j] = psi(1) - psi(1 - alpha).
template <class Real>
Estimate<Real> pd_mean_entropy(Real alpha);

// E V_1 = int_0^inf e^{-lambda} / (1 + phi_alpha(lambda)) d lambda,
// phi_alpha(lambda) = e^{-lambda} - 1 + lambda^alpha gamma_lower(1 - alpha, lambda).
template <class Real>
Estimate<Real> pd_mean_top_weight(Real alpha);

// E[1 / V_1] = E Z = 1 / (1 - alpha).
template <class Real>
Estimate<Real> pd_mean_inverse_top(Real alpha);

// P(V_2 / V_1 <= x) = x^alpha, 0 <= x <= 1 (beta Delta_2 ~ Exp(rate alpha)).
template <class Real>
Real pd_ratio_cdf(Real alpha, Real x);

// P(V_1 <= w), the CDF of the largest weight, by numerical Laplace inversion of the Mecke form;
// used for ECDF-against-CDF figures and a KS check of a_max.
template <class Real>
Estimate<Real> pd_top_weight_cdf(Real alpha, Real w);

}  // namespace attnlaw::reference
