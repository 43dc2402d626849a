#pragma once

// Definitions of the templates declared in reference/sphere/vmf_moments.hpp; included only by the .cpp
// files that instantiate them.

#include <cmath>

#include "reference/numerics/working_precision.hpp"
#include "reference/sphere/detail/vmf_tilt_moments.hpp"
#include "reference/sphere/vmf_moments.hpp"

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

// log r_k = log M(k b) - k log M(b) (k = 2: log P). Once the Debye route is involved, use the
// scaled log(e^{-x} M(x)), in which the e^{k b} cancel exactly; on the series route log M itself
// keeps relative accuracy as b -> 0.
template <class W>
LogRatio<W> log_ratio(const TiltMoments<W>& one, const TiltMoments<W>& other, int k) {
  const W u = unit_roundoff<W>();
  if (one.series && other.series) {
    const W value = other.log_m - k * one.log_m;
    return {value, other.log_m_err + k * one.log_m_err + u * abs_value(value)};
  }
  const W value = other.log_mhat - k * one.log_mhat;
  return {value, other.log_mhat_err + k * one.log_mhat_err + u * abs_value(value)};
}

template <class W>
struct Value {
  W value, error;
};

// exp(log r_k) with its absolute error.
template <class W>
Value<W> moment_ratio(const LogRatio<W>& lr) {
  using std::exp;
  const W r = exp(lr.value);
  return {r, r * (lr.error + 2 * unit_roundoff<W>())};
}

// A(k b) - A(b): as a difference of the A's while they are small, of the gaps 1 - A once they
// are close to 1 (the Debye route gives the gaps with full relative accuracy).
template <class W>
Value<W> mean_difference(const TiltMoments<W>& one, const TiltMoments<W>& other) {
  const W u = unit_roundoff<W>();
  if (other.a < W(0.5)) {
    const W diff = other.a - one.a;
    return {diff, other.a_err + one.a_err + u * abs_value(diff)};
  }
  const W diff = one.gap - other.gap;
  return {diff, other.gap_err + one.gap_err + u * abs_value(diff)};
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
  const auto lr = detail::log_ratio(detail::tilt_moments(d, x), detail::tilt_moments(d, W(2 * x)), 2);
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
  const auto lr = detail::log_ratio(one, two, 2);

  SubcriticalCovariance<Real> out;
  out.A = to_estimate<Real>(one.a, one.a_err);
  out.A2 = to_estimate<Real>(two.a, two.a_err);
  out.log_P = to_estimate<Real>(lr.value, lr.error);
  const auto ratio = detail::moment_ratio(lr);
  const W p = ratio.value;
  const W p_rel = lr.error + 2 * u;  // ratio.error / p
  out.P = to_estimate<Real>(p, ratio.error);

  const auto difference = detail::mean_difference(one, two);
  const W diff = difference.value, diff_err = difference.error;

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

template <class Real>
OutputVarianceNextOrder<Real> output_variance_next_order(int d, Real beta) {
  using W = detail::working_t<Real>;
  using detail::abs_value;
  const W u = detail::unit_roundoff<W>();
  const W x = detail::checked_beta(d, beta);
  const auto one = detail::tilt_moments(d, x);
  const auto two = detail::tilt_moments(d, W(2 * x));
  const auto three = detail::tilt_moments(d, W(3 * x));
  const auto r2 = detail::moment_ratio(detail::log_ratio(one, two, 2));
  const auto r3 = detail::moment_ratio(detail::log_ratio(one, three, 3));
  const auto d2 = detail::mean_difference(one, two);
  const auto d3 = detail::mean_difference(one, three);
  const W s2 = two.var + d2.value * d2.value, s2_err = two.var_err + 2 * abs_value(d2.value) * d2.error;
  const W s3 = three.var + d3.value * d3.value, s3_err = three.var_err + 2 * abs_value(d3.value) * d3.error;
  const W r2_sq = r2.value * r2.value, r2_sq_err = 2 * r2.value * r2.error;

  // sum_i c_i * a_i * b_i with the first-order error of each product; u for each operation.
  struct Term {
    W coefficient, a, a_err, b, b_err;
  };
  const auto combine = [&](std::initializer_list<Term> terms) {
    W value = 0, error = 0;
    for (const Term& t : terms) {
      const W product = t.coefficient * t.a * t.b;
      value += product;
      error +=
          abs_value(t.coefficient) * (t.a_err * abs_value(t.b) + abs_value(t.a) * t.b_err) + 4 * u * abs_value(product);
    }
    return detail::to_estimate<Real>(value, W(error + u * abs_value(value)));
  };
  const W dd2 = d2.value * d2.value, dd2_err = 2 * abs_value(d2.value) * d2.error;
  OutputVarianceNextOrder<Real> out;
  out.par = combine({{W(3), r2_sq, r2_sq_err, s2, s2_err},
                     {W(5), r2_sq, r2_sq_err, dd2, dd2_err},
                     {W(-1), r2.value, r2.error, s2, s2_err},
                     {W(-2), r3.value, r3.error, s3, s3_err}});
  out.perp = combine({{W(3), r2_sq, r2_sq_err, two.a_over_x, two.a_over_x_err},
                      {W(-1), r2.value, r2.error, two.a_over_x, two.a_over_x_err},
                      {W(-2), r3.value, r3.error, three.a_over_x, three.a_over_x_err}});
  return out;
}

}  // namespace attnlaw::reference
