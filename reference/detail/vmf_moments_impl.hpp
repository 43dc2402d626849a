#pragma once

// Definitions of the templates declared in reference/vmf_moments.hpp; included only by the .cpp
// files that instantiate them.

#include <cmath>

#include "reference/detail/vmf_tilt_moments.hpp"
#include "reference/detail/working_precision.hpp"
#include "reference/vmf_moments.hpp"

namespace attnlaw::reference {
namespace detail {

template <class Real, class W>
Estimate<Real> to_estimate(const W& value, const W& error) {
  return {static_cast<Real>(value), static_cast<Real>(error + conversion_error<Real>(value))};
}

template <class Real>
working_t<Real> checked_beta(int d, const Real& beta) {
  check_arguments(d, beta >= 0 && static_cast<double>(beta) < HUGE_VAL);
  return static_cast<working_t<Real>>(beta);
}

template <class W>
struct LogRatio {
  W value, error;
};

// log P = log M(2b) - 2 log M(b). Once the Debye route is involved, use the scaled
// log(e^{-x} M(x)), in which the e^{2b} cancel exactly; on the series route log M itself keeps
// relative accuracy as b -> 0.
template <class W>
LogRatio<W> log_ratio(const TiltMoments<W>& one, const TiltMoments<W>& two) {
  const W u = unit_roundoff<W>();
  if (one.series && two.series) {
    const W value = two.log_m - 2 * one.log_m;
    return {value, two.log_m_err + 2 * one.log_m_err + u * abs_value(value)};
  }
  const W value = two.log_mhat - 2 * one.log_mhat;
  return {value, two.log_mhat_err + 2 * one.log_mhat_err + u * abs_value(value)};
}

}  // namespace detail

template <class Real>
Estimate<Real> mean_resultant(int d, Real beta) {
  const auto x = detail::checked_beta(d, beta);
  const auto m = detail::tilt_moments(d, x);
  return detail::to_estimate<Real>(m.a, m.a_err);
}

template <class Real>
Estimate<Real> mean_gap(int d, Real beta) {
  const auto x = detail::checked_beta(d, beta);
  const auto m = detail::tilt_moments(d, x);
  return detail::to_estimate<Real>(m.gap, m.gap_err);
}

template <class Real>
Estimate<Real> score_variance(int d, Real beta) {
  const auto x = detail::checked_beta(d, beta);
  const auto m = detail::tilt_moments(d, x);
  return detail::to_estimate<Real>(m.var, m.var_err);
}

template <class Real>
Estimate<Real> log_normaliser(int d, Real beta) {
  using W = detail::working_t<Real>;
  const W x = detail::checked_beta(d, beta);
  const auto m = detail::tilt_moments(d, x);
  return detail::to_estimate<Real>(m.log_m, m.log_m_err);
}

template <class Real>
Estimate<Real> log_second_moment_ratio(int d, Real beta) {
  using W = detail::working_t<Real>;
  const W x = detail::checked_beta(d, beta);
  const auto lr = detail::log_ratio(detail::tilt_moments(d, x), detail::tilt_moments(d, W(2 * x)));
  return detail::to_estimate<Real>(lr.value, lr.error);
}

template <class Real>
Estimate<Real> second_moment_ratio(int d, Real beta) {
  return subcritical_covariance(d, beta).P;
}

template <class Real>
SubcriticalCovariance<Real> subcritical_covariance(int d, Real beta) {
  using std::exp;
  using W = detail::working_t<Real>;
  using detail::abs_value;
  using detail::to_estimate;
  const W u = detail::unit_roundoff<W>();
  const W x = detail::checked_beta(d, beta);
  const auto one = detail::tilt_moments(d, x);
  const auto two = detail::tilt_moments(d, W(2 * x));
  const auto lr = detail::log_ratio(one, two);

  SubcriticalCovariance<Real> out;
  out.A = to_estimate<Real>(one.a, one.a_err);
  out.A2 = to_estimate<Real>(two.a, two.a_err);
  out.log_P = to_estimate<Real>(lr.value, lr.error);
  const W p = exp(lr.value);
  const W p_rel = lr.error + 2 * u;
  out.P = to_estimate<Real>(p, W(p * p_rel));

  // A2 - A: as a difference of the A's while they are small, of the gaps 1 - A once they are
  // close to 1 (the Debye route gives the gaps with full relative accuracy).
  W diff, diff_err;
  if (two.a < W(0.5)) {
    diff = two.a - one.a;
    diff_err = two.a_err + one.a_err + u * abs_value(diff);
  } else {
    diff = one.gap - two.gap;
    diff_err = two.gap_err + one.gap_err + u * abs_value(diff);
  }

  // A2/(2 beta) = (A/x)(2 beta).
  const W perp = two.a_over_x;
  const W perp_err = two.a_over_x_err;
  const W par = two.var + diff * diff;
  const W par_err = two.var_err + 2 * abs_value(diff) * diff_err + 2 * u * par;
  out.perp_factor = to_estimate<Real>(perp, perp_err);
  out.par_factor = to_estimate<Real>(par, par_err);
  out.bias_factor = to_estimate<Real>(W(-diff), diff_err);

  const auto scaled = [&](const W& factor, const W& factor_err) {
    const W value = p * factor;
    const W error = p * factor_err + abs_value(value) * (p_rel + u);
    return to_estimate<Real>(value, error);
  };
  out.var_perp = scaled(perp, perp_err);
  out.var_par = scaled(par, par_err);
  out.bias = scaled(W(-diff), diff_err);
  return out;
}

}  // namespace attnlaw::reference
