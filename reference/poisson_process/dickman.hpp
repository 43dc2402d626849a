#pragma once

// The critical limit of the top weight for keys uniform on S^2 (d = 3, p = 1) is exactly
// solvable: W_{j+1}/W_j = e^{-c E_{j+1}} are i.i.d., W_1 = 1/(1 + Y) with Y the
// generalised Dickman law of parameter theta = 1/c = 1/(2 gamma), Y =_d U^{1/theta}(1 + Y),
// E e^{-sY} = exp(-theta Ein(s)). This file holds the CDF F_theta of Y (delay ODE) and the
// one-dimensional integrals for the moments of the ordered weights and of the Gibbs energy.

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/gamma.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "reference/numerics/estimate.hpp"
#include "reference/numerics/panel_quadrature.hpp"
#include "reference/poisson_process/ein.hpp"

namespace attnlaw::reference {

// F_theta(x) = e^{-gamma_E theta} x^theta / Gamma(1 + theta) on [0, 1] [Dickman/Vervaat], formed
// as one exponential: Gamma(1 + theta) overflows double beyond theta ~ 170 (gamma < 0.003 at
// d = 3), where F itself merely underflows.
template <class Real>
Real dickman_cdf_unit_interval(Real theta, Real x) {
  using std::exp;
  using std::log;
  if (!(x > 0)) return Real(0);
  return exp(-boost::math::constants::euler<Real>() * theta + theta * log(x) - boost::math::lgamma(1 + theta));
}

// F_theta on [1, 2] in closed form: from d/dx (x^{-theta} F) = -theta x^{-theta-1} F(x-1),
//   F(x) = C x^theta (1 - theta int_0^{1-1/x} y^theta/(1-y) dy),  C = F(1),
// and the integral is the series sum_{k>=0} y0^{theta+1+k}/(theta+1+k), y0 = 1 - 1/x <= 1/2.
// Independent of the ODE solver below; used to check it.
template <class Real>
Real dickman_cdf_second_interval(Real theta, Real x) {
  using std::pow;
  if (x < 1 || x > 2) throw std::domain_error("dickman_cdf_second_interval: x must lie in [1, 2]");
  const Real y0 = 1 - 1 / x;
  Real sum = 0;
  Real power = pow(y0, theta + 1);
  for (int k = 0; k < 400; ++k) {
    const Real add = power / (theta + 1 + Real(k));
    sum += add;
    if (add <= std::numeric_limits<Real>::epsilon() * sum) break;
    power *= y0;
  }
  return dickman_cdf_unit_interval(theta, Real(1)) * pow(x, theta) * (1 - theta * sum);
}

// F_theta on [0, x_max] from the delay ODE x F'(x) = theta (F(x) - F(x-1)), started from the
// closed form on [0, 1]. Steps: implicit trapezoid (Crank-Nicolson). The ODE is linear in F(x)
// and F(x-1) lies on the grid, so the implicit step is solved exactly; unlike Heun it stays stable
// for any theta h < 2. Second order away from the integers, where F has (x-k)^{k theta + 1}-type
// singularities that the grid resolves to O(h^{1+theta}).
// Two grids, h = 1/N and h/2, give the value (fine grid) and an error estimate (their
// difference; conservative for a second-order method).
template <class Real>
class DickmanCdf {
 public:
  DickmanCdf(Real theta, Real x_max, int steps_per_unit = 16000) : theta_(theta), x_max_(x_max), n_(steps_per_unit) {
    if (!(theta > 0)) throw std::domain_error("DickmanCdf: theta must be positive");
    if (!(x_max > 0)) throw std::domain_error("DickmanCdf: x_max must be positive");
    if (steps_per_unit < 16) throw std::domain_error("DickmanCdf: too few steps per unit");
    coarse_ = solve(n_);
    fine_ = solve(2 * n_);
  }

  Real theta() const { return theta_; }
  Real x_max() const { return x_max_; }

  Estimate<Real> operator()(Real x) const {
    using std::abs;
    if (x <= 0) return {Real(0), Real(0)};
    if (x <= 1) {
      const Real v = dickman_cdf_unit_interval(theta_, x);
      return {v, 8 * std::numeric_limits<Real>::epsilon() * v};
    }
    if (x > x_max_) throw std::domain_error("DickmanCdf: x beyond the tabulated range");
    const Real fine = interpolate(fine_, 2 * n_, x);
    const Real coarse = interpolate(coarse_, n_, x);
    return {fine, abs(fine - coarse) + 16 * std::numeric_limits<Real>::epsilon()};
  }

 private:
  std::vector<Real> solve(int n) const {
    using std::ceil;
    const Real h = Real(1) / Real(n);
    const auto last = static_cast<std::size_t>(ceil(x_max_ * Real(n))) + 2;
    const auto un = static_cast<std::size_t>(n);
    std::vector<Real> F(last + 1);
    for (std::size_t k = 0; k <= std::min(un, last); ++k) {
      F[k] = dickman_cdf_unit_interval(theta_, Real(k) * h);
    }
    const Real a = theta_ * h / 2;
    for (std::size_t k = un; k < last; ++k) {
      const Real x0 = Real(k) * h;
      const Real x1 = Real(k + 1) * h;
      const Real rhs = F[k] * (1 + a / x0) - a * (F[k - un] / x0 + F[k + 1 - un] / x1);
      F[k + 1] = rhs / (1 - a / x1);
    }
    return F;
  }

  // Cubic Hermite interpolation with the exact slopes F' = theta (F(x) - F(x-1)) / x.
  Real interpolate(const std::vector<Real>& F, int n, Real x) const {
    using std::floor;
    const Real h = Real(1) / Real(n);
    const auto un = static_cast<std::size_t>(n);
    auto k = static_cast<std::size_t>(floor(x * Real(n)));
    if (k + 1 >= F.size()) k = F.size() - 2;
    const Real x0 = Real(k) * h;
    const Real s = (x - x0) / h;
    const auto slope = [&](std::size_t j) {
      const Real xj = Real(j) * h;
      const Real back = j >= un ? F[j - un] : Real(0);
      return theta_ * (F[j] - back) / xj;
    };
    const Real d0 = slope(k) * h;
    const Real d1 = slope(k + 1) * h;
    const Real s2 = s * s, s3 = s2 * s;
    return (2 * s3 - 3 * s2 + 1) * F[k] + (s3 - 2 * s2 + s) * d0 + (-2 * s3 + 3 * s2) * F[k + 1] + (s3 - s2) * d1;
  }

  Real theta_;
  Real x_max_;
  int n_;
  std::vector<Real> coarse_;
  std::vector<Real> fine_;
};

// ---- The d = 3 critical limit, theta = 1/c -------------------------------------------------

// P(W_1 >= w) = F_theta(1/w - 1) = e^{-gamma_E theta} (1/w - 1)^theta / Gamma(1 + theta), w in [1/2, 1].
template <class Real>
Real d3_top_weight_survival_upper(Real theta, Real w) {
  if (w < Real(0.5) || w > 1) {
    throw std::domain_error("d3_top_weight_survival_upper: w must lie in [1/2, 1]");
  }
  return dickman_cdf_unit_interval(theta, 1 / w - 1);
}

// P(W_1 <= w) = 1 - F_theta(1/w - 1), any w in (0, 1]; the table F must reach 1/w - 1.
template <class Real>
Estimate<Real> d3_top_weight_cdf(const DickmanCdf<Real>& F, Real w) {
  if (!(w > 0) || w > 1) throw std::domain_error("d3_top_weight_cdf: w must lie in (0, 1]");
  const Estimate<Real> f = F(1 / w - 1);
  return {1 - f.value, f.error + std::numeric_limits<Real>::epsilon()};
}

namespace detail {

// int_0^inf g(lambda) dlambda / lambda over lambda = e^ell, ell in [-40, 40], unit panels, plus a
// closed-form tail (the caller's) beyond ell = 40, where E_1(e^ell) = 0 to any working precision.
template <class Real, class G>
Estimate<Real> log_lambda_integral(const G& g, Real tail) {
  using std::abs;
  const auto edges = uniform_edges(Real(-40), Real(40), 80);
  const Real coarse = gauss_panels(g, edges);
  const Real fine = gauss_panels(g, halve_panels(edges));
  return {fine + tail, abs(fine - coarse) + 64 * std::numeric_limits<Real>::epsilon() * abs(fine)};
}

}  // namespace detail

// E W_1 = int_0^inf exp(-s - theta Ein(s)) ds  (Mecke over the top point; theory/scaling_limits/THEORY.md
// §2, SL.critical.top-weight).
template <class Real>
Estimate<Real> d3_mean_top_weight(Real theta) {
  using std::abs;
  using std::exp;
  const auto g = [&](Real s) { return exp(-s - theta * ein(s)); };
  auto edges = uniform_edges(Real(0), Real(4), 8);
  for (const Real& e : uniform_edges(Real(5), Real(60), 55)) edges.push_back(e);
  const Real coarse = gauss_panels(g, edges);
  const Real fine = gauss_panels(g, halve_panels(edges));
  return {fine, abs(fine - coarse) + 64 * std::numeric_limits<Real>::epsilon()};
}

// E sum_j W_j^2 = (1/c) int_0^inf e^{-Ein(l)/c} (1 - e^{-l}(1 + l)) / l dl
// (theory/scaling_limits/THEORY.md §2, SL.critical.finite-mass).
template <class Real>
Estimate<Real> d3_mean_sum_squares(Real theta) {
  using std::abs;
  using std::exp;
  using std::expm1;
  const auto g = [&](Real ell) {
    const Real l = exp(ell);
    // 1 - e^{-l}(1 + l) = sum_{k>=2} (-1)^k (k-1) l^k / k!; the series avoids the cancellation
    // of the direct form for small l.
    Real core = 0;
    if (l < Real(0.5)) {
      Real power = l;  // l^k / k!
      for (int k = 2; k < 60; ++k) {
        power *= l / Real(k);
        const Real add = (k % 2 == 0 ? 1 : -1) * Real(k - 1) * power;
        core += add;
        if (abs(add) <= std::numeric_limits<Real>::epsilon() * core) break;
      }
    } else {
      core = -expm1(-l) - l * exp(-l);
    }
    return theta * exp(-theta * ein_of_log(ell)) * core;
  };
  // Beyond ell = 40 the integrand is theta e^{-theta (gamma_E + ell)}.
  const Real tail = exp(-theta * (boost::math::constants::euler<Real>() + 40));
  return detail::log_lambda_integral(g, tail);
}

// E energy = E sum_j W_j c Gamma_j = (1/c) int_0^inf e^{-Ein(l)/c} Ein(l)/l dl
// (theory/scaling_limits/THEORY.md §2, SL.critical.output-energy).
template <class Real>
Estimate<Real> d3_mean_energy(Real theta) {
  using std::exp;
  const auto g = [&](Real ell) {
    const Real e = ein_of_log(ell);
    return theta * exp(-theta * e) * e;
  };
  // Beyond ell = 40: theta e^{-theta E} E with E = gamma_E + ell integrates to e^{-theta E0}(E0 + 1/theta).
  const Real e0 = boost::math::constants::euler<Real>() + 40;
  const Real tail = exp(-theta * e0) * (e0 + 1 / theta);
  return detail::log_lambda_integral(g, tail);
}

// E[1/W_1] = 1 + E Y = 1 + theta (the first cumulant of the generalised Dickman law).
template <class Real>
Real d3_mean_inverse_top_weight(Real theta) {
  return 1 + theta;
}

}  // namespace attnlaw::reference
