#pragma once

// The two point configurations whose normalised weights the critical-regime references describe,
// behind one interface so that every functional is written once (critical_functionals.hpp):
//
//  * PoissonLimitModel: the limit: a unit-rate Poisson process
//    {Gamma_j} on (0, inf), energies x_j = c Gamma_j^p, weights W_j = e^{-x_j} / sum_k e^{-x_k}.
//  * SphereFiniteModel: the exact finite-n law: n i.i.d. gaps t_i with t/2 ~ Beta(m, m) (keys
//    uniform on S^{d-1}), energies x_i = beta t_i, w_i = e^{-x_i} / sum_k e^{-x_k}.
//
// Both are parametrised by a variable sigma in which every integrand below is smooth at the ends:
// the PPP position is a = (sigma^2/c)^m (so x = sigma^2, and da/dsigma ~ sigma^{2m-1} is a
// polynomial for half-integer m = (d-1)/2); the finite gap is t = sigma^2 on [0, 1] and
// t = 2 - (2 - sigma)^2 on [1, 2] (the Beta(m, m) density times dt/dsigma is again ~ sigma^{2m-1}
// at both ends, which removes the d = 2 end-point singularities).
//
// The central quantity is the log Laplace functional of the *other* points, scaled by the weight
// of a tagged point at sigma0 and restricted to "no other point has lower energy":
//   Lambda(sigma0, ell, omega) = log E[ exp(-omega e^{ell} sum_{others} e^{-x_j}) ; all x_j > x(sigma0) ]
//   PPP:      -a(sigma0) - I,                          I = int_{a > a0} (1 - exp(-omega e^{ell - x(a)})) da
//   finite:   (n-1) log(1 - F(t0) - I),                I = int_{t > t0} f(t) (1 - exp(-omega e^{ell - beta t})) dt
// (sigma0 = 0 drops the restriction: the plain Laplace transform used by the Mecke formulas).
// omega is 1, or a complex unit with Re omega > 0 for Laplace inversion.

#include <boost/math/special_functions/beta.hpp>
#include <boost/math/special_functions/gamma.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "reference/numerics/panel_quadrature.hpp"

namespace attnlaw::reference {

namespace detail {

template <class Real>
Real real_part(Real z) {
  return z;
}
template <class Real>
Real imag_part(Real) {
  return Real(0);
}
template <class Real>
Real real_part(const std::complex<Real>& z) {
  return z.real();
}
template <class Real>
Real imag_part(const std::complex<Real>& z) {
  return z.imag();
}

// Cut-offs of the energy range that matters at working precision: below x = ell - K1 the factor
// exp(-omega e^{ell-x}) is below eps (its exponent exceeds ln(1/eps)); above x = ell + K2 the
// integrand is below eps relative to its peak.
template <class Real>
Real lower_cut() {
  using std::log;
  return log(-log(std::numeric_limits<Real>::epsilon())) + Real(0.5);
}
template <class Real>
Real upper_cut() {
  using std::log;
  return -log(std::numeric_limits<Real>::epsilon()) + 4;
}

// Panel edges in energy x on [x_lo, x_hi] for an integrand in exp(-omega e^{ell-x}): unit panels
// where the double exponential turns over, growing panels on the exponential tail, and panels
// short enough that the phase |Im omega| e^{ell-x} turns by at most 6 rad across each.
template <class Real>
std::vector<Real> energy_edges(Real x_lo, Real x_hi, Real ell, Real im_omega) {
  using std::abs;
  using std::exp;
  using std::max;
  using std::min;
  std::vector<Real> edges{x_lo};
  Real x = x_lo;
  while (x < x_hi) {
    Real width = x < ell + 2 ? Real(1) : min(Real(8), 1 + (x - ell - 2) / 2);
    const Real rate = abs(im_omega) * exp(ell - x);
    if (rate > 0) width = min(width, Real(6) / rate);
    x = min(x + width, x_hi);
    edges.push_back(x);
  }
  return edges;
}

}  // namespace detail

template <class Real>
class PoissonLimitModel {
 public:
  // Energies c Gamma^p; uniform keys on S^{d-1}: p = 2/(d-1), c = gamma A_d^{-2/(d-1)}.
  // tangential_scale: kappa_d of (Gamma_j/kappa_d)^{2/(d-1)} in the tangential part of the
  // output; NaN if not wanted.
  PoissonLimitModel(Real p, Real c, Real tangential_scale = std::numeric_limits<Real>::quiet_NaN())
      : p_(p), c_(c), m_(1 / p), kappa_(tangential_scale) {
    if (!(p > 0) || !(c > 0)) throw std::domain_error("PoissonLimitModel: p and c must be positive");
    using std::pow;
    using std::sqrt;
    // The tagged top point lies beyond a = 45 with probability e^{-45}.
    sigma_max_ = sqrt(c_ * pow(tail_depth<Real>(), p_));
  }

  Real p() const { return p_; }
  Real c() const { return c_; }
  Real sigma_max() const { return sigma_max_; }
  std::vector<Real> sigma_breaks() const { return {}; }

  Real energy(Real sigma) const { return sigma * sigma; }
  Real energy_derivative(Real sigma) const { return 2 * sigma; }
  Real sigma_of_energy(Real x) const {
    using std::sqrt;
    return x > 0 ? sqrt(x) : Real(0);
  }
  // (Gamma/kappa_d)^p: squared tangential displacement of the key at position Gamma, rescaled.
  Real tangential_weight(Real sigma) const {
    using std::pow;
    return pow(position(sigma) / kappa_, p_);
  }
  Real position(Real sigma) const {
    using std::pow;
    return pow(sigma * sigma / c_, m_);
  }
  // sigma at which the expected number of points below is a.
  Real sigma_of_count(Real a) const {
    using std::pow;
    using std::sqrt;
    return sqrt(c_ * pow(a, p_));
  }
  // Intensity of points per unit sigma, da/dsigma.
  Real density(Real sigma) const {
    using std::pow;
    return 2 * m_ / pow(c_, m_) * pow(sigma, 2 * m_ - 1);
  }
  // Intensity of the tagged point (Mecke): the same.
  Real tagged_density(Real sigma) const { return density(sigma); }
  Real cumulative(Real sigma) const { return position(sigma); }
  Real energy_end() const { return std::numeric_limits<Real>::infinity(); }

  template <class V>
  V combine(Real cumulative_before, V integral) const {
    return -cumulative_before - integral;
  }

 private:
  Real p_, c_, m_, kappa_, sigma_max_;
};

template <class Real>
class SphereFiniteModel {
 public:
  SphereFiniteModel(int d, Real beta, std::uint64_t n) : d_(d), beta_(beta), n_(n) {
    if (d < 2) throw std::domain_error("SphereFiniteModel: d must be >= 2");
    if (!(beta > 0)) throw std::domain_error("SphereFiniteModel: beta must be positive");
    if (n < 2) throw std::domain_error("SphereFiniteModel: n must be >= 2");
    using std::log;
    m_ = Real(d - 1) / 2;
    log_beta_fn_ = log(boost::math::beta(m_, m_));
    // The top key lies beyond t_F with probability (1 - F(t_F))^{n-1} <= e^{-45}/n; beyond t_F a
    // further 45/beta of energy makes any key's share below e^{-45}.
    const Real nn = static_cast<Real>(n);
    const Real q = (tail_depth<Real>() + log(nn)) / (nn - 1);
    Real t_cut = q >= 1 ? Real(2) : 2 * boost::math::ibeta_inv(m_, m_, q);
    t_cut = std::min(Real(2), t_cut + tail_depth<Real>() / beta_);
    sigma_max_ = sigma_of_gap(t_cut);
  }

  Real beta() const { return beta_; }
  std::uint64_t n() const { return n_; }
  Real sigma_max() const { return sigma_max_; }
  std::vector<Real> sigma_breaks() const { return {Real(1)}; }

  Real gap(Real sigma) const { return sigma <= 1 ? sigma * sigma : 2 - (2 - sigma) * (2 - sigma); }
  Real sigma_of_gap(Real t) const {
    using std::sqrt;
    if (t <= 0) return 0;
    if (t >= 2) return 2;
    return t <= 1 ? sqrt(t) : 2 - sqrt(2 - t);
  }
  Real energy(Real sigma) const { return beta_ * gap(sigma); }
  Real energy_derivative(Real sigma) const { return 2 * beta_ * (sigma <= 1 ? sigma : 2 - sigma); }
  // n^{2/(d-1)} |P_perp k|^2 = n^{2/(d-1)} t (2 - t): squared tangential part of a key, rescaled.
  Real tangential_weight(Real sigma) const {
    using std::pow;
    const Real t = gap(sigma);
    return pow(static_cast<Real>(n_), 2 / Real(d_ - 1)) * t * (2 - t);
  }
  Real sigma_of_energy(Real x) const { return sigma_of_gap(x / beta_); }
  Real position(Real sigma) const { return gap(sigma); }
  // sigma at which the expected number of keys below is a.
  Real sigma_of_count(Real a) const {
    const Real q = a / static_cast<Real>(n_);
    if (q >= 1) return 2;
    if (q <= 0) return 0;
    return sigma_of_gap(2 * boost::math::ibeta_inv(m_, m_, q));
  }
  // Gap density per unit sigma, f(t) dt/dsigma = 2^{1-m} s^{2m-1} (1 - s^2/2)^{m-1} / B(m, m) with
  // s = sigma or 2 - sigma (the Beta(m, m) law is symmetric).
  Real density(Real sigma) const {
    using std::exp;
    using std::log;
    using std::log1p;
    const Real s = sigma <= 1 ? sigma : 2 - sigma;
    if (s <= 0) return m_ > Real(0.5) ? Real(0) : exp((1 - m_) * log(Real(2)) - log_beta_fn_);
    return exp((1 - m_) * log(Real(2)) + (2 * m_ - 1) * log(s) + (m_ - 1) * log1p(-s * s / 2) - log_beta_fn_);
  }
  Real tagged_density(Real sigma) const { return static_cast<Real>(n_) * density(sigma); }
  Real cumulative(Real sigma) const {
    const Real t = gap(sigma);
    if (t >= 2) return 1;
    return boost::math::ibeta(m_, m_, t / 2);
  }
  Real energy_end() const { return 2 * beta_; }

  template <class V>
  V combine(Real cumulative_before, V integral) const {
    // 1 - F(t0) - I >= 0 in exact arithmetic; rounding can push it below 0 when every other key
    // is certainly beyond reach (large d, small beta), where log1p would give NaN: the
    // probability is 0 there.
    if constexpr (std::is_same_v<V, Real>) {
      if (!(-cumulative_before - integral > -1)) return -std::numeric_limits<Real>::infinity();
    }
    return static_cast<Real>(n_ - 1) * log1p_any(V(-cumulative_before) - integral);
  }

 private:
  int d_;
  Real beta_;
  std::uint64_t n_;
  Real m_;
  Real log_beta_fn_;
  Real sigma_max_;
};

// Lambda(sigma0, ell, omega) of the header comment, for either model. V is Real or complex<Real>.
template <class Model, class Real, class V>
V log_laplace_functional(const Model& model, Real sigma0, Real ell, V omega) {
  using std::exp;
  using std::log;
  using std::max;
  using std::min;
  const Real re = detail::real_part(omega);
  const Real im = detail::imag_part(omega);
  const Real x0 = model.energy(sigma0);
  const Real x_end = model.energy_end();
  // Below x_a the integrand is 1 to working precision: that stretch contributes its measure.
  const Real x_a = min(x_end, max(x0, ell + log(re) - detail::lower_cut<Real>()));
  const Real x_b = min(x_end, max(x_a, ell + detail::upper_cut<Real>()));
  const Real sigma_a = x_a > x0 ? model.sigma_of_energy(x_a) : sigma0;
  std::vector<Real> xe = detail::energy_edges(x_a, x_b, ell, im);
  std::vector<Real> edges;
  edges.reserve(xe.size() + 2);
  for (const Real& x : xe) edges.push_back(x == x_a ? sigma_a : model.sigma_of_energy(x));
  for (const Real& b : model.sigma_breaks()) {
    if (b > edges.front() && b < edges.back()) edges.push_back(b);
  }
  std::sort(edges.begin(), edges.end());
  const auto integrand = [&](Real sigma) -> V {
    return one_minus_exp_neg(omega * exp(ell - model.energy(sigma))) * model.density(sigma);
  };
  const V integral = edges.size() > 1 ? gauss_panels(integrand, edges) : V(0);
  return model.combine(model.cumulative(sigma_a), integral);
}

}  // namespace attnlaw::reference
