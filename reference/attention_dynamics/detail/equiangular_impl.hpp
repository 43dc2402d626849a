#pragma once
// Template bodies of reference/attention_dynamics/equiangular.hpp; included only by its .cpp files.
#include <boost/math/constants/constants.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/special_functions/expint.hpp>
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "reference/attention_dynamics/equiangular.hpp"
#include "reference/numerics/domain.hpp"

namespace attnlaw::reference {

namespace detail {

// Derivation of the rates. Equiangular x_1..x_n with <x_i, x_j> = rho; every head M_h = m_h I
// gives scores beta m_h (self) and beta m_h rho (others). By symmetry d<x_i,x_j>/dt = 2 <x_i', x_j>,
// and with v_i = sum_h v_h (w_self x_i + w_other sum_{k != i} x_k),
//   <P_{x_i} v_i, x_j> = sum_h v_h w_other^h (1 - rho)(1 + (n - 1) rho),
// so rate = 2 (1 - rho)(1 + (n-1) rho) sum_h v_h w_other^h with w_other = e^{b rho}/n (softmax U),
// 1/(e^{b(1-rho)} + n - 1) (softmax S: e^{b rho}/(e^b + (n-1) e^{b rho})), b max(rho,0)/n (ReLU U)
// and max(rho,0)/(1 + (n-1) max(rho,0)) (ReLU S, self weight b, others b rho). b = beta m_h.
// Written in both rho and eps = 1 - rho, each passed as the caller knows it: near consensus eps is
// known to full relative precision while 1 - rho computed from rho is not, and near rho = 0 (where
// the ReLU rates vanish like rho) the converse holds.
template <class Real>
Real rate_at(EquiangularModel model, std::span<const ScalarHead<Real>> heads, Real beta, std::uint64_t n, Real rho,
             Real eps) {
  using std::exp;
  const Real nn = static_cast<Real>(n);
  const Real geometry = 2 * eps * (1 + (nn - 1) * rho);
  const Real positive = rho > 0 ? rho : Real(0);
  Real sum = 0;
  for (const ScalarHead<Real>& h : heads) {
    const Real b = beta * h.m;
    switch (model) {
      case EquiangularModel::softmax_unnormalised: sum += h.v * exp(b * rho) / nn; break;
      case EquiangularModel::softmax_row: sum += h.v / (exp(b * eps) + nn - 1); break;
      case EquiangularModel::relu_unnormalised: sum += h.v * b * positive / nn; break;
      case EquiangularModel::relu_row: sum += h.v * positive / (1 + (nn - 1) * positive); break;
    }
  }
  return geometry * sum;
}

template <class Real>
Real rate_at_gap(EquiangularModel model, std::span<const ScalarHead<Real>> heads, Real beta, std::uint64_t n, Real eps) {
  return rate_at(model, heads, beta, n, Real(1 - eps), eps);
}

constexpr bool vanishes_at_orthogonality(EquiangularModel model) {
  return model == EquiangularModel::relu_unnormalised || model == EquiangularModel::relu_row;
}

}  // namespace detail

template <class Real>
Real equiangular_rate(EquiangularModel model, std::span<const ScalarHead<Real>> heads, Real beta, std::uint64_t n,
                      Real rho) {
  return detail::rate_at(model, heads, beta, n, rho, Real(1 - rho));
}

// Near rho = 1, geometry = 2 n eps + O(eps^2) and the per-head weights tend to their rho = 1 values.
template <class Real>
Real consensus_rate(EquiangularModel model, std::span<const ScalarHead<Real>> heads, Real beta) {
  using std::exp;
  Real sum = 0;
  for (const ScalarHead<Real>& h : heads) {
    switch (model) {
      case EquiangularModel::softmax_unnormalised: sum += h.v * exp(beta * h.m); break;
      case EquiangularModel::softmax_row: sum += h.v; break;
      case EquiangularModel::relu_unnormalised: sum += h.v * beta * h.m; break;
      case EquiangularModel::relu_row: sum += h.v; break;
    }
  }
  return 2 * sum;
}

// 1/rate has two near-singular ends: 1/(lambda (1 - rho)) at consensus and 1/(1 + (n-1) rho) at
// the antipodal-simplex point rho = -1/(n-1), whose width is 1/(n-1); the ReLU rates have a third,
// 1/(c rho) at the orthogonal equilibrium rho = 0. Each piece is integrated in the logarithm of
// its own distance: u = ln(1 - rho) above rho = 1/2 (integrand eps/rate -> 1/lambda), and below it
// z = ln rho for the ReLU models (integrand rho/rate -> 1/c; they never cluster from rho0 <= 0)
// and w = ln(1 + (n-1) rho) for softmax (integrand e^w/((n-1) rate)). Adaptive Gauss–Kronrod then
// reaches full precision however close rho1 is to 1, rho0 to 0, and however large n is.
template <class Real>
Estimate<Real> clustering_time_quadrature(EquiangularModel model, std::span<const ScalarHead<Real>> heads, Real beta,
                                          std::uint64_t n, Real rho0, Real rho1) {
  using std::abs;
  using std::exp;
  using std::expm1;
  using std::log;
  using std::pow;
  const Real nn = static_cast<Real>(n);
  if (n < 2) throw OutOfDomain("n", "expected n >= 2");
  if (!(rho0 > -1 / (nn - 1)) || !(rho1 > rho0) || !(rho1 < 1))
    throw OutOfDomain("rho", "expected -1/(n-1) < rho0 < rho1 < 1");
  if (heads.empty()) throw OutOfDomain("heads", "expected at least one head");
  // Every factor of every rate is monotone in rho, so positivity at rho0 holds on [rho0, rho1].
  if (!(equiangular_rate(model, heads, beta, n, rho0) > 0))
    throw OutOfDomain("rho0", "the rate is not positive at rho0: the configuration does not cluster from there");
  const Real eps = std::numeric_limits<Real>::epsilon();
  // Boost's adaptive Gauss–Kronrod stops when its |K - G| sum is below tolerance times the
  // integral, and at a tolerance near epsilon that sum is rounding noise that grows with every
  // subdivision; eps^{3/4}/8 (2.3e-13 in double) is met at depth 0 to 4 on these integrands, keeps
  // the sum an honest bound, and leaves room below the 1e-12 this function promises.
  const Real tolerance = pow(eps, Real(0.75)) / 8;
  const Real split = std::clamp(Real(0.5), rho0, rho1);
  Estimate<Real> t{0, 0};
  const auto add = [&](auto integrand, Real a, Real b) {
    if (!(b > a)) return;
    Real error = 0;
    const Real piece = boost::math::quadrature::gauss_kronrod<Real, 61>::integrate(integrand, a, b, 10, tolerance, &error);
    t.value += piece;
    t.error += error + 64 * eps * abs(piece);
  };
  if (detail::vanishes_at_orthogonality(model)) {
    add([&](Real z) {
          const Real rho = exp(z);
          return rho / detail::rate_at(model, heads, beta, n, rho, Real(1 - rho));
        },
        log(rho0), log(split));
  } else {
    add([&](Real w) {
          const Real rho = expm1(w) / (nn - 1);
          return exp(w) / ((nn - 1) * detail::rate_at(model, heads, beta, n, rho, Real(1 - rho)));
        },
        log1p((nn - 1) * rho0), log1p((nn - 1) * split));
  }
  add([&](Real u) {
        const Real gap = exp(u);
        return gap / detail::rate_at_gap(model, heads, beta, n, gap);
      },
      log(1 - rho1), log(1 - split));
  if (!(t.error <= Real(1e-12) * abs(t.value)))
    throw OutOfDomain("beta", "the quadrature of the clustering time does not reach 1e-12 relative here");
  return t;
}

namespace detail {

// S(z) = Ei(z) - gamma - ln|z| = sum_{k>=1} z^k / (k k!), entire; the series for |z| < 2 (no
// cancellation: gamma + ln|z| would cancel Ei there), Boost's Ei beyond.
template <class Real>
Real ei_regular_part(Real z) {
  using std::abs;
  using std::log;
  if (z == 0) return Real(0);
  if (abs(z) >= 2) return boost::math::expint(z) - boost::math::constants::euler<Real>() - log(abs(z));
  Real term = 1, sum = 0;
  for (int k = 1; k < 200; ++k) {
    term *= z / k;  // z^k / k!
    const Real add = term / k;
    sum += add;
    if (abs(add) <= std::numeric_limits<Real>::epsilon() * abs(sum) / 4) break;
  }
  return sum;
}

}  // namespace detail

// Partial fractions: 1/rate = [e^{b(1-rho)} + n - 1] / (2 v (1-rho)(1+(n-1)rho)) and
// 1/((1-rho)(1+(n-1)rho)) = (1/n)[1/(1-rho) + (n-1)/(1+(n-1)rho)]; the exponential terms integrate
// to -Ei(b(1-rho)) (u = b(1-rho)) and e^{bn/(n-1)} Ei(-b(1+(n-1)rho)/(n-1)) (w = 1+(n-1)rho). With
// Ei(z) = gamma + ln|z| + S(z) the constants gamma + ln b cancel between the two ends, leaving
//   F~(rho) = (1/(2n))[-ln(1-rho) - S(b(1-rho)) + e^{bn/(n-1)}(ln(1+(n-1)rho) + S(-b(1+(n-1)rho)/(n-1)))]
//           + ((n-1)/(2n)) ln((1+(n-1)rho)/(1-rho)),
// regular at b = 0 (T = (1/2v) ln(...) there).
template <class Real>
Estimate<Real> clustering_time_closed_form(std::uint64_t n, Real beta, Real m, Real v, Real rho0, Real rho1) {
  using std::abs;
  using std::exp;
  using std::log;
  const Real nn = static_cast<Real>(n);
  if (n < 2) throw OutOfDomain("n", "expected n >= 2");
  if (!(m > 0) || !(v > 0)) throw OutOfDomain("m", "expected m > 0 and v > 0");
  if (!(rho0 > -1 / (nn - 1)) || !(rho1 > rho0) || !(rho1 < 1))
    throw OutOfDomain("rho", "expected -1/(n-1) < rho0 < rho1 < 1");
  const Real b = beta * m;
  if (!(b >= 0) || !(b <= 700)) throw OutOfDomain("beta", "expected 0 <= beta m <= 700 (e^{beta m} must be finite)");
  const Real grow = exp(b * nn / (nn - 1));
  Real magnitude = 0;  // the sum of the absolute values of the terms: what their rounding is relative to
  const auto f = [&](Real rho) {
    const Real w = 1 + (nn - 1) * rho;
    const Real a1 = -log(1 - rho), a2 = -detail::ei_regular_part(b * (1 - rho));
    const Real a3 = grow * (log(w) + detail::ei_regular_part(-b * w / (nn - 1)));
    const Real a4 = (nn - 1) * log(w / (1 - rho));
    magnitude += abs(a1) + abs(a2) + abs(a3) + abs(a4);
    return (a1 + a2 + a3 + a4) / (2 * nn);
  };
  const Real t = (f(rho1) - f(rho0)) / v;
  const Real error = 32 * std::numeric_limits<Real>::epsilon() * magnitude / (2 * nn * v);
  if (!(error <= Real(1e-10) * abs(t)))
    throw OutOfDomain("beta", "the closed form loses more than 1e-10 relative to cancellation here; use the quadrature");
  return {t, error};
}

template <class Real>
Real critical_beta(std::uint64_t n, Real m, Real rho) {
  using std::log;
  if (n < 3) throw OutOfDomain("n", "expected n >= 3 (ln(n - 1) > 0)");
  if (!(m > 0) || !(rho < 1)) throw OutOfDomain("m", "expected m > 0 and rho < 1");
  return log(static_cast<Real>(n - 1)) / (m * (1 - rho));
}

template <class Real>
Real self_weight(std::uint64_t n, Real b, Real rho) {
  using std::exp;
  return 1 / (1 + static_cast<Real>(n - 1) * exp(-b * (1 - rho)));
}

// dH/dp = ln((1-p)/((n-1)p)) = -b(1-rho) and dp/drho = -b p (1-p), so dH/drho = b^2 p(1-p)(1-rho).
template <class Real>
EquiangularEntropy<Real> equiangular_entropy(std::uint64_t n, Real b, Real rho) {
  using std::log;
  if (n < 2) throw OutOfDomain("n", "expected n >= 2");
  const Real p = self_weight(n, b, rho);
  const Real others = 1 - p;  // 0 when e^{-b(1-rho)} underflows: the term's limit is 0
  const Real entropy = -p * log(p) - (others > 0 ? others * log(others / static_cast<Real>(n - 1)) : Real(0));
  return {entropy, b * b * p * (1 - p) * (1 - rho)};
}

}  // namespace attnlaw::reference
