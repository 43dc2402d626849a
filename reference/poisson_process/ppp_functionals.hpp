#pragma once

// The critical limit for keys uniform on S^{d-1}, any d >= 2: the unit-rate
// Poisson process with energies c Gamma_j^p, p = 2/(d-1), c = gamma A_d^{-2/(d-1)}
// = gamma / (2 kappa_d^{2/(d-1)}), and its Mecke/Campbell functionals (critical_functionals.hpp):
//   E W_1, P(W_1 >= w) (every w), E sum_j W_j^2, E energy = E sum_j W_j c Gamma_j^p, and the
//   tangential second moment E sum_j W_j^2 (Gamma_j/kappa_d)^{2/(d-1)} = lim E[n^{2/(d-1)} |P_perp ybar|^2]
//   (the directions U_j are independent and centred, so cross terms vanish).
// Its Mecke form: E sum_j f(Gamma_j) W_j^2 = int_0^inf f(g) int_0^inf lambda y_g^2 e^{-lambda y_g}
//   exp(-int_0^inf (1 - e^{-lambda y_u}) du) dlambda dg, y_u = e^{-c u^p} (the point at g is added to
//   an independent copy of the process), evaluated with lambda outermost.

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/gamma.hpp>

#include <cmath>
#include <stdexcept>

#include "reference/numerics/estimate.hpp"
#include "reference/poisson_process/critical_functionals.hpp"
#include "reference/poisson_process/point_models.hpp"

namespace attnlaw::reference {

// kappa_d = Gamma(d/2) / (2 sqrt(pi) Gamma((d+1)/2)).
template <class Real>
Real sphere_kappa(int d) {
  using std::exp;
  using std::log;
  if (d < 2) throw std::domain_error("sphere_kappa: d must be >= 2");
  return exp(boost::math::lgamma(Real(d) / 2) - boost::math::lgamma(Real(d + 1) / 2)) /
         (2 * boost::math::constants::root_pi<Real>());
}

// c = gamma A_d^{-2/(d-1)} = gamma / (2 kappa_d^{2/(d-1)}).
template <class Real>
Real sphere_critical_c(int d, Real gamma) {
  using std::pow;
  return gamma / (2 * pow(sphere_kappa<Real>(d), 2 / Real(d - 1)));
}

template <class Real>
PoissonLimitModel<Real> sphere_limit_model(int d, Real gamma) {
  return PoissonLimitModel<Real>(2 / Real(d - 1), sphere_critical_c<Real>(d, gamma), sphere_kappa<Real>(d));
}

// Euler-inversion parameters for P(W_1 >= w) with w < 1/2, whose transform decays slowly at small
// theta: more terms than the default (measured: error <= 2e-5 at d = 3, theta = 1/4; <= 1e-6 at
// theta = 1).
template <class Real>
EulerInversionParams<Real> lower_tail_euler_params() {
  return {Real(30), 40, 20};
}

template <class Real>
Estimate<Real> ppp_top_weight_cdf(const PoissonLimitModel<Real>& model, Real w) {
  const Estimate<Real> s =
      top_weight_survival(model, w, w < Real(0.5) ? lower_tail_euler_params<Real>() : default_euler_params<Real>());
  return {1 - s.value, s.error};
}

}  // namespace attnlaw::reference
