#pragma once

// Functionals of the normalised weights, written once for both point models of point_models.hpp
// (the critical Poisson limit and the exact finite-n sphere law). All come from the Mecke /
// Campbell formula E sum_j h(x_j, rest) = int rho(a) E h(x(a), all points) da and from
// 1/y^k = Gamma(k)^{-1} int_0^inf lambda^{k-1} e^{-lambda y} dlambda
// (theory/scaling_limits/THEORY.md §2-§3):
//
//  E W_1 = int rho(a) int_0^inf e^{-mu} exp(Lambda(a, ln mu + x(a), 1)) dmu da
//      (mu = lambda y_a removes the scale; Lambda carries "no point below a");
//  E sum_j f(a_j) W_j^k = Gamma(k)^{-1} int d ell e^{k ell} [int rho(a) f(a) e^{-k x(a)} e^{-e^{ell-x(a)}} da]
//      exp(Lambda(0, ell, 1))            (lambda = e^ell outermost: the inner integral is cheap);
//  P(W_1 >= w) = int rho(a) P(T_a <= 1/w - 1 ; no point below a) da, T_a = sum_{j} y_j/y_a over the
//      others, whose defective distribution function comes from its Laplace transform
//      exp(Lambda(a, ln|s| + x(a), s/|s|))/s by Euler inversion. Valid for every w in (0, 1].
//
// Each result is computed at two resolutions (every panel halved, inner and outer): the finer is
// returned and the difference is the error estimate, plus the inversion's own estimate.

#include <boost/math/constants/constants.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <vector>

#include "reference/numerics/estimate.hpp"
#include "reference/numerics/laplace_inversion.hpp"
#include "reference/numerics/panel_quadrature.hpp"
#include "reference/poisson_process/point_models.hpp"

namespace attnlaw::reference {

template <class Real>
struct MeckeMoments {
  Estimate<Real> sum_weights;  // E sum_j W_j = 1 (a built-in check of the quadrature)
  Estimate<Real> sum_squares;  // E sum_j W_j^2
  Estimate<Real> energy;       // E sum_j W_j x_j (limit: c Gamma_j^p; finite n: beta t_i)
  Estimate<Real> tangential;   // E sum_j W_j^2 tangential_weight_j
};

namespace detail {

template <class Real>
struct Vec4 {
  Real v[4];
  Vec4() : v{0, 0, 0, 0} {}
  Vec4(Real a, Real b, Real c, Real d) : v{a, b, c, d} {}
  explicit Vec4(Real z) : v{z, z, z, z} {}
  Vec4& operator+=(const Vec4& o) {
    for (int i = 0; i < 4; ++i) v[i] += o.v[i];
    return *this;
  }
  friend Vec4 operator+(Vec4 a, const Vec4& b) { return a += b; }
  friend Vec4 operator*(Vec4 a, Real s) {
    for (auto& x : a.v) x *= s;
    return a;
  }
  friend Vec4 operator*(Real s, Vec4 a) { return a * s; }
};

// Panel edges for the position of the tagged point: at the positions below which the expected
// number of points is 0 < counts[1] < ..., then up to the model's cut-off. Integrands there decay
// like e^{-count}, so these edges follow their scale whatever d, c or n.
template <class Model, class Real>
std::vector<Real> outer_edges(const Model& model, const std::vector<Real>& counts) {
  std::vector<Real> e;
  for (const Real& a : counts) {
    const Real s = model.sigma_of_count(a);
    if (s < model.sigma_max()) e.push_back(s);
  }
  e.push_back(model.sigma_max());
  for (const Real& b : model.sigma_breaks()) {
    if (b > 0 && b < model.sigma_max()) e.push_back(b);
  }
  std::sort(e.begin(), e.end());
  e.erase(std::unique(e.begin(), e.end()), e.end());
  return e;
}

template <class Real>
std::vector<Real> refine(std::vector<Real> e, int times) {
  for (int i = 0; i < times; ++i) e = halve_panels(e);
  return e;
}

template <class Model, class Real>
Real mean_top_weight_at(const Model& model, int level) {
  using std::exp;
  std::vector<Real> tau_edges = deep_left_edges<Real>();
  for (const int e : {-40, -30, -21, -14, -9, -5, -2, 0, 2}) tau_edges.push_back(Real(e));
  tau_edges.push_back(Real(4.5));
  tau_edges = refine(tau_edges, level);
  const auto outer = [&](Real sigma) {
    const Real x = model.energy(sigma);
    const auto inner = [&](Real tau) {
      return exp(tau - exp(tau) + log_laplace_functional(model, sigma, tau + x, Real(1)));
    };
    return model.tagged_density(sigma) * gauss_panels(inner, tau_edges);
  };
  return gauss_panels(outer, refine(outer_edges(model, deep_counts(std::vector<Real>{0, 1, 3, 6, 11, 20})), level));
}

template <class Model, class Real>
Vec4<Real> mecke_moments_at(const Model& model, int level) {
  using std::exp;
  using std::max;
  using std::min;
  const Real x_end = model.energy_end();
  // The four inner integrals at lambda = e^ell, with the factor e^{k ell} folded in.
  const auto kernels = [&](Real ell) {
    const Real lo = max(Real(0), ell - lower_cut<Real>());
    const Real hi = min(x_end, ell + tail_depth<Real>() - 5);
    if (!(hi > lo)) return Vec4<Real>();
    std::vector<Real> edges;
    for (const Real& x : energy_edges(lo, hi, ell, Real(0))) edges.push_back(model.sigma_of_energy(x));
    for (const Real& b : model.sigma_breaks()) {
      if (b > edges.front() && b < edges.back()) edges.push_back(b);
    }
    std::sort(edges.begin(), edges.end());
    edges = refine(edges, level);
    const auto g = [&](Real sigma) {
      const Real u = ell - model.energy(sigma);
      const Real rho = model.tagged_density(sigma);
      const Real e1 = exp(u - exp(u));
      const Real e2 = exp(2 * u - exp(u));
      return Vec4<Real>(rho * e1, rho * e2, rho * e1 * model.energy(sigma), rho * e2 * model.tangential_weight(sigma));
    };
    return gauss_panels(g, edges);
  };
  const auto in_ell = [&](Real ell) {
    return kernels(ell) * exp(log_laplace_functional(model, Real(0), ell, Real(1)));
  };
  std::vector<Real> ell_edges = deep_left_edges<Real>();
  for (const Real& e : uniform_edges(Real(-40), Real(0), 10)) ell_edges.push_back(e);
  Vec4<Real> total = gauss_panels(in_ell, refine(ell_edges, level));
  // ell = x(sigma) >= 0 in the model's smooth variable, up to where exp(Lambda) is negligible.
  const auto in_sigma = [&](Real sigma) { return in_ell(model.energy(sigma)) * model.energy_derivative(sigma); };
  total += gauss_panels(
      in_sigma, refine(outer_edges(model, deep_counts(std::vector<Real>{0, Real(0.25), Real(0.5), 1, Real(1.5), 2, 3, 4,
                                                                        Real(5.5), 7, 9, 12, 15, 19, 24, 30, 37})),
                       level));
  // Finite n: lambda beyond e^{2 beta} (all keys within reach) until exp(Lambda) dies.
  if (x_end < std::numeric_limits<Real>::infinity() && model.sigma_max() >= 2) {
    total += gauss_panels(in_ell, refine(uniform_edges(x_end, x_end + 8, 8), level));
  }
  return total;
}

template <class Model, class Real>
Estimate<Real> top_weight_survival_at(const Model& model, Real w, int level, const EulerInversionParams<Real>& prm) {
  using std::abs;
  using std::exp;
  using std::log;
  const Real r = 1 / w - 1;
  // Component 0: rho G; component 1: rho times the inversion's error bound on G.
  const auto outer = [&](Real sigma) {
    const Real x = model.energy(sigma);
    Estimate<Real> g;
    if (r <= 1) {
      // w >= 1/2: at most one weight can reach w, so the tagged point need not be the top one and
      // the others form the unrestricted process: G is the CDF of the full sum S at r e^{-x} < 1,
      // which stays clear of the kink of these laws at 1 (hit by T_a at r = 1 exactly).
      // Inverted at 1 for S e^{x}/r, so that r e^{-x} never underflows.
      const auto transform = [&](std::complex<Real> s) {
        const Real mod = abs(s);
        return exp(log_laplace_functional(model, Real(0), log(mod) + x - log(r), s / mod)) / s;
      };
      g = reference::euler_inversion(transform, Real(1), prm);
    } else {
      const auto transform = [&](std::complex<Real> s) {
        const Real mod = abs(s);
        return exp(log_laplace_functional(model, sigma, log(mod) + x, s / mod)) / s;
      };
      g = reference::euler_inversion(transform, r, prm);
    }
    const Real rho = model.tagged_density(sigma);
    return Vec4<Real>(rho * g.value, rho * g.error, 0, 0);
  };
  const Vec4<Real> v =
      gauss_panels(outer, refine(outer_edges(model, deep_counts(std::vector<Real>{0, Real(1.5), 5, 12})), level));
  return {v.v[0], v.v[1]};
}

}  // namespace detail

template <class Model, class Real = decltype(std::declval<Model>().sigma_max())>
Estimate<Real> mean_top_weight(const Model& model) {
  using std::abs;
  const Real coarse = detail::mean_top_weight_at<Model, Real>(model, 0);
  const Real fine = detail::mean_top_weight_at<Model, Real>(model, 1);
  return {fine, abs(fine - coarse) + 64 * std::numeric_limits<Real>::epsilon()};
}

template <class Model, class Real = decltype(std::declval<Model>().sigma_max())>
MeckeMoments<Real> mecke_moments(const Model& model) {
  using std::abs;
  const auto coarse = detail::mecke_moments_at<Model, Real>(model, 0);
  const auto fine = detail::mecke_moments_at<Model, Real>(model, 1);
  const auto est = [&](int i) {
    return Estimate<Real>{fine.v[i],
                          abs(fine.v[i] - coarse.v[i]) + 64 * std::numeric_limits<Real>::epsilon() * abs(fine.v[i])};
  };
  return {est(0), est(1), est(2), est(3)};
}

// P(W_1 >= w) for w in (0, 1); the CDF is 1 minus it (W_1 has no atoms).
template <class Model, class Real = decltype(std::declval<Model>().sigma_max())>
Estimate<Real> top_weight_survival(const Model& model, Real w,
                                   const EulerInversionParams<Real>& prm = default_euler_params<Real>()) {
  using std::abs;
  if (!(w > 0) || !(w < 1)) throw std::domain_error("top_weight_survival: w must lie in (0, 1)");
  const Estimate<Real> coarse = detail::top_weight_survival_at(model, w, 0, prm);
  const Estimate<Real> fine = detail::top_weight_survival_at(model, w, 1, prm);
  return {fine.value, abs(fine.value - coarse.value) + fine.error};
}

}  // namespace attnlaw::reference
