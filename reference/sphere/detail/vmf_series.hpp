#pragma once

// Convergent power series for the tilt moments on S^{d-1} at small and moderate beta
// (nu = d/2 - 1, z = x^2/4). Every series has positive terms, so there is no cancellation.
//  - M(x) = 0F1(; nu+1; z) = sum_k z^k / (k! (nu+1)_k)   (M(x) = Gamma(nu+1)(x/2)^{-nu} I_nu(x)).
//  - Var_x<q,k> = A'(x) = T(x) / I_nu(x)^2, where T = I_nu^2 - I_{nu+1}^2 - (2nu+1) I_nu I_{nu+1} / x
//    (the Riccati equation A' = 1 - (d-1)A/x - A^2 multiplied by I_nu^2). Expanding the products of
//    Bessel series, the coefficient of (x/2)^{2nu+2k} in T is the one of I_nu^2,
//    G_k = Gamma(2nu+2k+1) / (k! Gamma(nu+k+1)^2 Gamma(2nu+k+1)), times
//    w_k = (2nu+1) / ((2nu+k+1)(2nu+2k+2)) > 0; hence Var = sum w_k G_k z^k / sum G_k z^k, a
//    weighted mean of the w_k (w_0 = 1/d gives Var = 1/d at x = 0).

#include <cmath>

#include <boost/math/special_functions/log1p.hpp>

#include "reference/numerics/working_precision.hpp"

namespace attnlaw::reference::detail {

template <class W>
struct SeriesMoments {
  W log_m;  // log M(x), from log1p of the series tail (keeps relative accuracy as x -> 0)
  W log_m_err;
  W var;  // Var_x <q,k>
  W var_err;
};

template <class W>
SeriesMoments<W> series_moments(const W& nu, const W& x) {
  using std::log;
  const W u = unit_roundoff<W>();
  const W z = x * x / 4;

  // 0F1(; nu+1; z).
  W term = 1;
  W sum = 0;  // the series minus its leading 1
  long k = 0;
  for (k = 1; k < 100000; ++k) {
    const W ratio = z / (W(k) * (nu + W(k)));
    term *= ratio;
    sum += term;
    if (ratio < W(0.5) && term < (1 + sum) * u / 16) break;
  }
  // Tail after the last term is below term (ratios < 1/2 and decreasing); each term carries at
  // most 4k roundings, each partial sum one.
  const W f_rel = (W(4 * k) + W(k + 1)) * u + term / (1 + sum);
  SeriesMoments<W> out;
  out.log_m = boost::math::log1p(sum);
  // d log1p(s) = ds / (1 + s), and the error of s is relative to s.
  out.log_m_err = f_rel * sum / (1 + sum) + 2 * u * out.log_m;

  // Weighted mean of w_k with weights G_k z^k.
  const W two_nu = 2 * nu;
  W g = 1;
  W den = 1;
  W num = (two_nu + 1) / ((two_nu + 1) * (two_nu + 2));
  long n = 0;
  for (n = 1; n < 100000; ++n) {
    const W kk = W(n);
    const W ratio = z * (two_nu + 2 * kk) * (two_nu + 2 * kk - 1) / (kk * (nu + kk) * (nu + kk) * (two_nu + kk));
    g *= ratio;
    const W w = (two_nu + 1) / ((two_nu + kk + 1) * (two_nu + 2 * kk + 2));
    den += g;
    num += w * g;
    if (ratio < W(0.5) && g < den * u / 16) break;
  }
  out.var = num / den;
  const W var_rel = 2 * (W(9 * n) + W(n + 1)) * u + 2 * g / den + u;
  out.var_err = out.var * var_rel;
  return out;
}

}  // namespace attnlaw::reference::detail
