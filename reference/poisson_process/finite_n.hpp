#pragma once

// Exact finite-n references for n keys i.i.d. uniform on S^{d-1} at inverse temperature beta
// (theory/scaling_limits/THEORY.md §3, "Exact finite-n references"): gaps t_i with t/2 ~ Beta(m, m),
// x_i = e^{-beta t_i}, w_i = x_i / sum_j x_j, phi(lambda) = E e^{-lambda x}. The functionals are those of
// critical_functionals.hpp on SphereFiniteModel:
//   E sum_i w_i^k = n Gamma(k)^{-1} int lambda^{k-1} E[x^k e^{-lambda x}] phi(lambda)^{n-1} dlambda,
//   E W_1 = n int f(t) int e^{-mu} psi_t(mu e^{beta t})^{n-1} dmu dt, psi_t = E[e^{-lambda x}; t' > t],
//   P(W_1 >= w) = n int f(t) P(S_{n-1} <= (1/w - 1) x_t) dt for w >= 1/2, and with the restriction
//     "all others farther" (defective transform psi_t^{n-1}) for w < 1/2,
//   E beta(1 - <q, ybar>) = E sum_i w_i beta t_i, and E n^{2/(d-1)} |P_perp ybar|^2
//     = E sum_i w_i^2 n^{2/(d-1)} t_i (2 - t_i) (independent centred tangential directions).
// (n-1) log phi is formed as (n-1) log1p(-E[1 - e^{-lambda x}]) with the bracket integrated
// directly, so nothing of order 1/n is lost to cancellation.
// Plus, for d = 3 (t/2 uniform), an independent one-dimensional route to E sum_i w_i^2 through
// closed forms, used to check the generic code.

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "reference/numerics/estimate.hpp"
#include "reference/numerics/panel_quadrature.hpp"
#include "reference/poisson_process/critical_functionals.hpp"
#include "reference/poisson_process/ein.hpp"
#include "reference/poisson_process/point_models.hpp"

namespace attnlaw::reference {

template <class Real>
SphereFiniteModel<Real> sphere_finite_model(int d, Real beta, std::uint64_t n) {
  return SphereFiniteModel<Real>(d, beta, n);
}

// P(W_1 <= w) at finite n (any w in (0, 1)).
template <class Real>
Estimate<Real> finite_n_top_weight_cdf(const SphereFiniteModel<Real>& model, Real w) {
  const EulerInversionParams<Real> prm =
      w < Real(0.5) ? EulerInversionParams<Real>{Real(30), 40, 20} : default_euler_params<Real>();
  const Estimate<Real> s = top_weight_survival(model, w, prm);
  return {1 - s.value, s.error};
}

namespace detail {

// 1 - e^{-z}(1 + z), by its series for small z.
template <class Real>
Real one_minus_exp_one_plus(Real z) {
  using std::abs;
  using std::exp;
  using std::expm1;
  if (z >= Real(0.5)) return -expm1(-z) - z * exp(-z);
  Real power = z, sum = 0;
  for (int k = 2; k < 60; ++k) {
    power *= z / Real(k);
    const Real add = (k % 2 == 0 ? 1 : -1) * Real(k - 1) * power;
    sum += add;
    if (abs(add) <= std::numeric_limits<Real>::epsilon() * sum) break;
  }
  return sum;
}

}  // namespace detail

// d = 3 only: with t/2 uniform, 1 - phi(lambda) = (Ein(lambda) - Ein(lambda e^{-2 beta})) / (2 beta) and
// lambda^2 E[x^2 e^{-lambda x}] = (h(lambda) - h(lambda e^{-2 beta})) / (2 beta), h(z) = 1 - e^{-z}(1 + z), so
//   E sum_i w_i^2 = n int [h(l) - h(l a)] / (2 beta) exp((n-1) log1p(-(Ein(l) - Ein(l a))/(2 beta))) dln l,
// a = e^{-2 beta}. The integrand decays like l^{-n/(2 beta)} until l ~ 1/a and then double-exponentially.
template <class Real>
Estimate<Real> d3_finite_n_mean_sum_squares(Real beta, std::uint64_t n) {
  using std::abs;
  using std::exp;
  using std::log1p;
  if (!(beta > 0) || n < 2) throw std::domain_error("d3_finite_n_mean_sum_squares: bad arguments");
  const Real nn = static_cast<Real>(n);
  const auto g = [&](Real ell) {
    const Real ell_a = ell - 2 * beta;
    const Real h = detail::one_minus_exp_one_plus(exp(ell)) -
                   (ell_a < -700 ? Real(0) : detail::one_minus_exp_one_plus(exp(ell_a)));
    const Real gap = ein_of_log(ell) - (ell_a < -700 ? Real(0) : ein_of_log(ell_a));
    return nn * h / (2 * beta) * exp((nn - 1) * log1p(-gap / (2 * beta)));
  };
  const Real theta = nn / (2 * beta);
  // Upper end: the power decay l^{-theta} reaches eps, or l passes 1/a and the exponent collapses.
  const Real top = std::min(Real(-std::log(std::numeric_limits<Real>::epsilon())) / theta + 10, 2 * beta + 10);
  const auto panels = static_cast<int>(std::ceil(top + 40));
  const auto edges = uniform_edges(Real(-40), top, panels);
  const Real coarse = gauss_panels(g, edges);
  const Real fine = gauss_panels(g, halve_panels(edges));
  return {fine, abs(fine - coarse) + 64 * std::numeric_limits<Real>::epsilon()};
}

}  // namespace attnlaw::reference
