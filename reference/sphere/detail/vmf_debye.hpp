#pragma once

// Debye's uniform asymptotic expansion of I_nu(x) (DLMF 10.41.3), rewritten so that it also holds
// at nu = 0 and gives the tilt moments without cancellation. With N = sqrt(nu^2 + x^2),
// p = nu/N, q = p^2:
//   log I_nu(x) = N + nu log(x / (nu + N)) - (1/2) log(2 pi N) + log S,
//   S = sum_k U_k(p) / nu^k = sum_k V_k(q) / N^k,  V_k(q) = U_k(p) / p^k,
// where U_k are Debye's polynomials (DLMF 10.41.10) and V_k is a polynomial of degree k in q.
// The expansion parameter is 1/N whatever the ratio nu/x (Olver's error bounds, DLMF 10.41(iv));
// at nu = 0 it reduces to Hankel's expansion. Differentiating in x analytically:
//   E[t]  = 1 - A = nu (N+nu+x) / ((N+nu)(N+x)) + x/(2N^2) + (x/N^2) S1/S,
//   Var   = A'    = nu / (N(N+nu)) + (x^2 - nu^2)/(2N^4)
//                   + ((1-q)(S2/S - (S1/S)^2) - S1/S) / N^2,
// with S1 = sum j c_j, S2 = sum j(j+2) c_j over the monomials c_j = v q^i N^{-k}, j = k + 2i.
// Each displayed sum has positive leading terms, so E[t] and Var keep full relative accuracy
// when 1 - A and A' are O(1/x) and O(1/x^2) (where 1 - A and 1 - (d-1)A/x - A^2 would cancel).

#include <cmath>
#include <vector>

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/gamma.hpp>

#include "reference/numerics/working_precision.hpp"

namespace attnlaw::reference::detail {

// V_k coefficients, generated from U_0 = 1,
// U_{k+1}(p) = p^2 (1 - p^2) U_k'(p) / 2 + (1/8) int_0^p (1 - 5 t^2) U_k(t) dt.
template <class W>
std::vector<std::vector<W>> debye_coefficients(int k_max) {
  std::vector<std::vector<W>> v(static_cast<std::size_t>(k_max) + 1);
  std::vector<W> c{W(1)};
  v[0] = {W(1)};
  for (int k = 0; k < k_max; ++k) {
    std::vector<W> next(c.size() + 3, W(0));
    for (std::size_t n = 0; n < c.size(); ++n) {
      const W cn = c[n];
      if (cn == 0) continue;
      const W nn = W(static_cast<long>(n));
      next[n + 1] += nn * cn / 2 + cn / (8 * (nn + 1));
      next[n + 3] -= nn * cn / 2 + 5 * cn / (8 * (nn + 3));
    }
    c = std::move(next);
    auto& vk = v[static_cast<std::size_t>(k) + 1];
    for (int i = 0; i <= k + 1; ++i) vk.push_back(c[static_cast<std::size_t>(k + 1 + 2 * i)]);
  }
  return v;
}

// Threshold on x above which the expansion replaces the power series, and the number of terms
// that suffices there: at N >= x0 the smallest Hankel term (nu = 0, the slowest case) is about
// e^{-2 N}, far below u for x0 = 0.6 log(1/u).
template <class W>
W debye_threshold() {
  using std::log;
  return W(static_cast<long>(std::ceil(0.6 * static_cast<double>(-log(unit_roundoff<W>())))));
}

template <class W>
const std::vector<std::vector<W>>& debye_table() {
  static const std::vector<std::vector<W>> table = [] {
    using std::log;
    const double t = static_cast<double>(-log(unit_roundoff<W>()));
    return debye_coefficients<W>(static_cast<int>(std::ceil(1.2 * t)) + 8);
  }();
  return table;
}

template <class W>
struct DebyeMoments {
  W log_mhat;  // log(e^{-x} M(x)), M(x) = Gamma(nu+1) (x/2)^{-nu} I_nu(x)
  W log_mhat_err;
  W mean_gap;  // 1 - A(x)
  W mean_gap_err;
  W var;  // A'(x)
  W var_err;
};

template <class W>
DebyeMoments<W> debye_moments(const W& nu, const W& x) {
  using std::log;
  using std::sqrt;
  const W u = unit_roundoff<W>();
  const W N = sqrt(nu * nu + x * x);
  const W inv_n = 1 / N;
  const W q = (nu * inv_n) * (nu * inv_n);
  const auto& table = debye_table<W>();

  W s0 = 0, s1 = 0, s2 = 0;  // sums of c_j, j c_j, j (j+2) c_j
  W a0 = 0, a1 = 0, a2 = 0;  // same with |c_j|, for the rounding bound
  W trunc0 = 0, trunc1 = 0, trunc2 = 0;
  W n_pow = 1;  // N^{-k}
  W previous = 0;
  std::size_t k = 0;
  for (k = 0; k < table.size(); ++k) {
    W b0 = 0, b1 = 0, b2 = 0, c0 = 0, c1 = 0, c2 = 0;
    W q_pow = n_pow;
    for (std::size_t i = 0; i < table[k].size(); ++i) {
      const W c = table[k][i] * q_pow;
      const W j = W(static_cast<long>(k + 2 * i));
      b0 += c;
      b1 += j * c;
      b2 += j * (j + 2) * c;
      const W ac = abs_value(c);
      c0 += ac;
      c1 += j * ac;
      c2 += j * (j + 2) * ac;
      q_pow *= q;
    }
    // An asymptotic series: stop before the terms start growing, or once they are negligible
    // in all three sums (S2 carries the largest weights).
    if (k > 2 && c2 > previous) {
      trunc0 = c0, trunc1 = c1, trunc2 = c2;
      break;
    }
    s0 += b0, s1 += b1, s2 += b2;
    a0 += c0, a1 += c1, a2 += c2;
    previous = c2;
    trunc0 = c0, trunc1 = c1, trunc2 = c2;
    // c2 bounds c0 and c1 once k > 0; the remainder is taken as twice the last block below.
    if (k > 0 && c2 < u * s0 / 64) break;
    n_pow *= inv_n;
  }
  const W coeff_rel = W(static_cast<long>(4 * k + 8)) * u;  // generation + evaluation roundings
  const W e0 = coeff_rel * a0 + 2 * trunc0;
  const W e1 = coeff_rel * a1 + 2 * trunc1;
  const W e2 = coeff_rel * a2 + 2 * trunc2;

  const W r1 = s1 / s0;
  const W r2 = s2 / s0;
  const W r1_err = (e1 + abs_value(r1) * e0) / s0 + u * abs_value(r1);
  const W r2_err = (e2 + abs_value(r2) * e0) / s0 + u * abs_value(r2);

  DebyeMoments<W> out;

  // log(e^{-x} M): lgamma(nu+1) - nu log((nu+N)/2) + nu^2/(N+x) - log(2 pi N)/2 + log S.
  const W lg = boost::math::lgamma(nu + 1);
  const W t_log = nu * log((nu + N) / 2);
  const W t_exp = nu * nu / (N + x);
  const W t_half = log(2 * boost::math::constants::pi<W>() * N) / 2;
  const W t_s = log(s0);
  out.log_mhat = lg - t_log + t_exp - t_half + t_s;
  out.log_mhat_err = 8 * u *
                         (abs_value(lg) + abs_value(t_log) + abs_value(t_exp) + abs_value(t_half) + abs_value(t_s) +
                          abs_value(out.log_mhat)) +
                     e0 / s0;

  // E[t] = nu (N+nu+x) / ((N+nu)(N+x)) + x/(2N^2) + (x/N^2) S1/S.
  const W g1 = nu * (N + nu + x) / ((N + nu) * (N + x));
  const W g2 = x / (2 * N * N);
  const W g3 = x * inv_n * inv_n * r1;
  out.mean_gap = g1 + g2 + g3;
  out.mean_gap_err = 8 * u * (abs_value(g1) + abs_value(g2) + abs_value(g3)) + x * inv_n * inv_n * r1_err;

  // Var = nu/(N(N+nu)) + (x^2-nu^2)/(2N^4) + ((1-q)(S2/S - (S1/S)^2) - S1/S)/N^2.
  const W h1 = nu / (N * (N + nu));
  const W h2 = (x - nu) * (x + nu) * inv_n * inv_n * inv_n * inv_n / 2;
  const W one_minus_q = x * x * inv_n * inv_n;
  const W h3 = (one_minus_q * (r2 - r1 * r1) - r1) * inv_n * inv_n;
  out.var = h1 + h2 + h3;
  out.var_err = 8 * u * (abs_value(h1) + abs_value(h2) + abs_value(h3) + abs_value(out.var)) +
                (one_minus_q * (r2_err + 2 * abs_value(r1) * r1_err) + r1_err) * inv_n * inv_n +
                8 * u * (abs_value(r2) + r1 * r1) * inv_n * inv_n;
  return out;
}

}  // namespace attnlaw::reference::detail
