#pragma once
// Exact finite-n Kolmogorov–Smirnov laws, templated on the real type so that the double code
// path can be replayed at higher precision. Include only from translation units that need
// the templates (it pulls in Eigen and Boost.Math); everybody else includes
// verify/stats/null/kolmogorov_smirnov.hpp.
#include <cmath>
#include <cstddef>
#include <vector>

#include <Eigen/Dense>
#include <boost/math/special_functions/gamma.hpp>

namespace attnlaw::stats::detail {

// A matrix carried with a binary exponent: value = mat * 2^exponent. Rescaling by an exact power
// of two (MTW rescale by 1e-140 and accumulate a decimal exponent) adds no rounding error.
template <class Real>
struct ScaledMatrix {
  Eigen::Matrix<Real, Eigen::Dynamic, Eigen::Dynamic> mat;
  long exponent = 0;
};

template <class Real>
void rescale_if_large(ScaledMatrix<Real>& a, std::size_t centre) {
  // 2^465 ~ 1e140: the MTW threshold, kept far from overflow after one more product.
  constexpr int shift = 465;
  using std::ldexp;
  if (a.mat(centre, centre) > ldexp(Real(1), shift)) {
    a.mat *= ldexp(Real(1), -shift);
    a.exponent += shift;
  }
}

// Marsaglia, Tsang & Wang (2003), J. Stat. Softw. 8(18): P(D_n < d) = n!/n^n (H^n)_{kk}
// with k = floor(nd)+1, m = 2k-1, h = k - nd (theory/statistics/THEORY.md §3). Cost O(m^3 log n).
template <class Real>
Real ks_cdf_durbin(std::size_t n, const Real& d) {
  using std::floor;
  using std::ldexp;
  using std::pow;
  if (!(d > 0)) return Real(0);
  if (d >= 1) return Real(1);
  const Real nd = Real(n) * d;
  const std::size_t k = static_cast<std::size_t>(floor(nd)) + 1;
  const std::size_t m = 2 * k - 1;
  const Real h = Real(k) - nd;

  Eigen::Matrix<Real, Eigen::Dynamic, Eigen::Dynamic> H(m, m);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < m; ++j) H(i, j) = (i + 1 >= j) ? Real(1) : Real(0);
  // Powers of h by repeated multiplication keep the boundary terms exact to rounding.
  Real hp = 1;
  for (std::size_t i = 0; i < m; ++i) {
    hp *= h;
    H(i, 0) -= hp;              // h^(i+1)
    H(m - 1, m - 1 - i) -= hp;  // h^(m-j+1) for j = m-i (1-based)
  }
  if (2 * h - 1 > 0) H(m - 1, 0) += pow(2 * h - 1, static_cast<int>(m));
  // Divide each entry below the superdiagonal by (i-j+1)!.
  for (std::size_t i = 0; i < m; ++i) {
    Real fact = 1;
    for (std::size_t g = 1; g <= i + 1; ++g) {
      fact *= Real(g);
      H(i, i + 1 - g) /= fact;
    }
  }

  const std::size_t centre = k - 1;
  // Binary powering, most significant bit first, with exponent tracking.
  ScaledMatrix<Real> result{H, 0};
  std::size_t top = 0;
  while ((std::size_t{1} << (top + 1)) <= n) ++top;
  for (std::size_t bit = top; bit-- > 0;) {
    result.mat = (result.mat * result.mat).eval();
    result.exponent *= 2;
    rescale_if_large(result, centre);
    if ((n >> bit) & 1u) {
      result.mat = (result.mat * H).eval();
      rescale_if_large(result, centre);
    }
  }

  // Multiply by n!/n^n one factor at a time, rescaling by powers of two as MTW do.
  Real s = result.mat(centre, centre);
  long e = result.exponent;
  constexpr int shift = 465;
  for (std::size_t i = 1; i <= n; ++i) {
    s = s * Real(i) / Real(n);
    if (s < ldexp(Real(1), -shift)) {
      s = ldexp(s, shift);
      e -= shift;
    }
  }
  return ldexp(s, static_cast<int>(e));
}

// Smirnov–Birnbaum–Tingey: P(D_n^+ >= d) = d sum_{j=0}^{floor(n(1-d))} C(n,j)
// (1-d-j/n)^(n-j) (d+j/n)^(j-1). Every term is positive, so the sum is formed in log space
// (max-shifted) and is accurate however small the result.
template <class Real>
Real ks_plus_sf_sbt(std::size_t n, const Real& d) {
  using std::exp;
  using std::floor;
  using std::log;
  if (!(d > 0)) return Real(1);
  if (d >= 1) return Real(0);
  const Real t = Real(n) * d;  // n d, rounded once
  const Real nr = Real(n);
  const Real log_n_fact = boost::math::lgamma(nr + 1);
  const std::size_t jmax = static_cast<std::size_t>(floor(nr - t));
  std::vector<Real> logs;
  logs.reserve(jmax + 1);
  Real lmax = -std::numeric_limits<double>::infinity();
  for (std::size_t j = 0; j <= jmax && j <= n; ++j) {
    const Real rest = nr - Real(j) - t;      // n(1 - d - j/n)
    if (!(rest > 0) && n - j > 0) continue;  // the term 0^(n-j) vanishes
    const Real jr = Real(j);
    Real l = log_n_fact - boost::math::lgamma(jr + 1) - boost::math::lgamma(nr - jr + 1);
    if (n - j > 0) l += Real(n - j) * log(rest / nr);
    l += (jr - 1) * log((t + jr) / nr);
    logs.push_back(l);
    if (l > lmax) lmax = l;
  }
  if (logs.empty()) return Real(0);
  Real sum = 0;
  for (const Real& l : logs) sum += exp(l - lmax);
  const Real p = d * sum * exp(lmax);
  return p > 1 ? Real(1) : p;
}

}  // namespace attnlaw::stats::detail
