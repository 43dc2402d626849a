#pragma once

// Moments of the exponential tilt of the uniform law on S^{d-1}, density e^{x<q,k>} / M(x), at one
// value of x: the mean resultant A(x), its complement 1 - A(x) = E[t], the score variance A'(x),
// and log(e^{-x} M(x)). The three routes: Gauss continued fraction (A), power series (x below the
// Debye threshold), Debye expansion (above it).

#include <stdexcept>

#include "reference/numerics/bessel_ratio.hpp"
#include "reference/numerics/working_precision.hpp"
#include "reference/sphere/detail/vmf_debye.hpp"
#include "reference/sphere/detail/vmf_series.hpp"

namespace attnlaw::reference::detail {

template <class W>
struct TiltMoments {
  W a, a_err;                // A(x) = I_{d/2}(x) / I_{d/2-1}(x)
  W a_over_x, a_over_x_err;  // A(x)/x, equal to 1/d at x = 0
  W gap, gap_err;            // 1 - A(x)
  W var, var_err;            // A'(x) = Var_x <q,k>
  W log_m, log_m_err;        // log M(x)
  W log_mhat, log_mhat_err;  // log M(x) - x
  bool series;               // log_m is the accurate one (power-series route)
};

inline void check_arguments(int d, bool beta_ok) {
  if (d < 2) throw std::domain_error("attnlaw::reference: dimension d must be >= 2");
  if (!beta_ok) throw std::domain_error("attnlaw::reference: beta must be finite and >= 0");
}

template <class W>
TiltMoments<W> tilt_moments(int d, const W& x) {
  const W u = unit_roundoff<W>();
  const W dd = W(d);
  const W nu = dd / 2 - 1;
  TiltMoments<W> out;
  if (x == 0) {
    out.a = 0, out.a_err = 0;
    out.a_over_x = 1 / dd, out.a_over_x_err = u / dd;
    out.gap = 1, out.gap_err = 0;
    out.var = 1 / dd, out.var_err = u / dd;
    out.log_m = 0, out.log_m_err = 0;
    out.log_mhat = 0, out.log_mhat_err = 0;
    out.series = true;
    return out;
  }
  // A = I_{nu+1}/I_nu = 1 / (d/x + r_{nu+1}), i.e. A/x = 1 / (d + x r_{nu+1}).
  const RatioValue<W> next = bessel_i_ratio(W(nu + 1), x);
  const W xr = x * next.value;
  const W denom = dd + xr;
  out.a_over_x = 1 / denom;
  const W ax_rel = 3 * u + (xr / denom) * W(next.rel_error);
  out.a_over_x_err = out.a_over_x * ax_rel;
  out.a = x * out.a_over_x;
  out.a_err = out.a * (ax_rel + u);

  if (x < debye_threshold<W>()) {
    const SeriesMoments<W> s = series_moments(nu, x);
    out.gap = 1 - out.a;
    out.gap_err = out.a_err + u * out.gap;
    out.var = s.var, out.var_err = s.var_err;
    out.log_m = s.log_m, out.log_m_err = s.log_m_err;
    out.log_mhat = s.log_m - x;
    out.log_mhat_err = s.log_m_err + u * (x + abs_value(out.log_mhat));
    out.series = true;
  } else {
    const DebyeMoments<W> s = debye_moments(nu, x);
    out.gap = s.mean_gap, out.gap_err = s.mean_gap_err;
    out.var = s.var, out.var_err = s.var_err;
    out.log_mhat = s.log_mhat, out.log_mhat_err = s.log_mhat_err;
    out.log_m = s.log_mhat + x;
    out.log_m_err = s.log_mhat_err + u * abs_value(out.log_m);
    out.series = false;
  }
  return out;
}

}  // namespace attnlaw::reference::detail
