#pragma once

// Composite Gauss-Legendre quadrature on caller-chosen panels. The critical-regime integrands are
// smooth once the right variable is chosen (see point_models.hpp), but multi-scale and sometimes
// oscillatory: the caller knows where the scales are and places the panel ends there, which is
// cheaper and more predictable than generic adaptive subdivision. An error estimate comes from
// repeating the sum with each panel halved.

#include <boost/math/quadrature/gauss.hpp>

#include <cmath>
#include <complex>
#include <limits>
#include <type_traits>
#include <vector>

namespace attnlaw::reference {

inline constexpr unsigned kPanelOrder = 20;

// How far the integration ranges reach, in e-folds of the integrands' tails: e^{-45} is far below
// double's epsilon; a wider type needs ln(1/eps) plus a margin, else a truncation error that the
// panel-halving estimate cannot see would dominate its result (mpfr_float_50: 123).
template <class Real>
Real tail_depth() {
  using std::ceil;
  using std::log;
  using std::max;
  return max(Real(45), ceil(-log(std::numeric_limits<Real>::epsilon())) + 8);
}

// `counts` (expected numbers of points, ascending, ending below 45) extended by 45 and, for a type
// wider than double, by steps of 25 up to tail_depth: integrands there decay like e^{-count}.
template <class Real>
std::vector<Real> deep_counts(std::vector<Real> counts) {
  const Real depth = tail_depth<Real>();
  for (Real a = 45; a < depth; a += 25) counts.push_back(a);
  counts.push_back(depth);
  return counts;
}

// Uniform edges from -(tail_depth - 5) up to -40 (none for double), to prepend to edges that start at
// -40: the left tails e^{tau} of the double-exponential integrands.
template <class Real>
std::vector<Real> deep_left_edges() {
  std::vector<Real> e;
  for (Real x = -(tail_depth<Real>() - 5); x < -40; x += 10) e.push_back(x);
  return e;
}

// Integral of f over [a, b] with one kPanelOrder-point Gauss-Legendre rule. f may return a real,
// a complex, or any type closed under + and scalar *.
template <class Real, class F>
auto gauss_panel(const F& f, Real a, Real b) {
  using Rule = boost::math::quadrature::gauss<Real, kPanelOrder>;
  const auto& x = Rule::abscissa();
  const auto& w = Rule::weights();
  const Real half = (b - a) / 2;
  const Real mid = (a + b) / 2;
  using V = std::decay_t<decltype(f(mid))>;
  V sum = V(0) * Real(0);
  for (std::size_t i = 0; i < x.size(); ++i) {
    // kPanelOrder is even: no node at the centre.
    sum += w[i] * (f(mid - half * x[i]) + f(mid + half * x[i]));
  }
  return sum * half;
}

// Sum of gauss_panel over consecutive panels [edges[i], edges[i+1]].
template <class Real, class F>
auto gauss_panels(const F& f, const std::vector<Real>& edges) {
  using V = std::decay_t<decltype(f(edges.front()))>;
  V sum = V(0) * Real(0);
  for (std::size_t i = 0; i + 1 < edges.size(); ++i) {
    if (edges[i + 1] > edges[i]) sum += gauss_panel(f, edges[i], edges[i + 1]);
  }
  return sum;
}

// The same with every panel halved: |refined - coarse| estimates the error of the coarse sum, and
// (being a 2x finer rule of order 40) the refined sum is far more accurate than that.
template <class Real>
std::vector<Real> halve_panels(const std::vector<Real>& edges) {
  std::vector<Real> out;
  out.reserve(2 * edges.size());
  for (std::size_t i = 0; i + 1 < edges.size(); ++i) {
    out.push_back(edges[i]);
    out.push_back((edges[i] + edges[i + 1]) / 2);
  }
  if (!edges.empty()) out.push_back(edges.back());
  return out;
}

// Uniform edges a, a + (b-a)/k, ..., b.
template <class Real>
std::vector<Real> uniform_edges(Real a, Real b, int k) {
  std::vector<Real> e(static_cast<std::size_t>(k) + 1);
  for (int i = 0; i <= k; ++i) e[static_cast<std::size_t>(i)] = a + (b - a) * Real(i) / Real(k);
  e.back() = b;
  return e;
}

// log(1 + z) accurate for small |z|, real or complex (std has no complex log1p).
template <class Real>
Real log1p_any(Real z) {
  using std::log1p;
  return log1p(z);
}
template <class Real>
std::complex<Real> log1p_any(std::complex<Real> z) {
  using std::atan2;
  using std::log1p;
  const Real re = z.real(), im = z.imag();
  // |1+z|^2 - 1 = 2 re + re^2 + im^2, without forming 1 + re first.
  return {log1p(2 * re + re * re + im * im) / 2, atan2(im, 1 + re)};
}

// 1 - exp(-z), accurate for small |z|, real or complex.
template <class Real>
Real one_minus_exp_neg(Real z) {
  using std::expm1;
  return -expm1(-z);
}
template <class Real>
std::complex<Real> one_minus_exp_neg(std::complex<Real> z) {
  using std::abs;
  using std::cos;
  using std::exp;
  using std::expm1;
  using std::sin;
  if (abs(z) > Real(0.5)) return Real(1) - exp(-z);
  // 1 - e^{-a} e^{-ib} = -expm1(-a) cos b + (1 - cos b) + i e^{-a} sin b, with 1 - cos b = 2 sin^2(b/2).
  const Real a = z.real(), b = z.imag();
  const Real s = sin(b / 2);
  return {-expm1(-a) * cos(b) + 2 * s * s, exp(-a) * sin(b)};
}

}  // namespace attnlaw::reference
