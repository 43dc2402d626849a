#pragma once

// Moments of the von Mises-Fisher law on S^{d-1} (the exponential tilt e^{beta<q,k>} of the uniform
// law) and the first-order covariance of the softmax attention output over n uniform keys.
// With nu = d/2 - 1:
//   M(beta) = E e^{beta<q,k>} = Gamma(d/2) (beta/2)^{-nu} I_nu(beta),
//   A(beta) = I_{d/2}(beta) / I_{d/2-1}(beta) = E_beta <q,k> = (log M)'(beta),
//   P(beta) = M(2 beta) / M(beta)^2.
// Valid for every d >= 2 and 0 <= beta < infinity (tested to d = 4096, beta = 1e6) without
// overflow: M is carried as log(e^{-beta} M). Explicit instantiations exist for double (this
// library) and mpfr_float_50 of reference/numerics/mpfr_real.hpp (reference/sphere/vmf_moments_mpfr.hpp);
// double is evaluated internally in long double.

#include "reference/numerics/estimate.hpp"

namespace attnlaw::reference {

// A_d(beta), the mean resultant length of vMF(beta).
template <class Real>
Estimate<Real> mean_resultant(int d, Real beta);

// 1 - A_d(beta) = E_beta[1 - <q,k>], accurate when it is small (large beta).
template <class Real>
Estimate<Real> mean_gap(int d, Real beta);

// Var_beta <q,k> = A_d'(beta) = 1 - (d-1) A_d(beta)/beta - A_d(beta)^2, without the cancellation.
template <class Real>
Estimate<Real> score_variance(int d, Real beta);

// log M(beta).
template <class Real>
Estimate<Real> log_normaliser(int d, Real beta);

// log P(beta) and P(beta) = M(2 beta) / M(beta)^2; P overflows double only when its logarithm
// exceeds log(DBL_MAX) (e.g. d = 4096, beta = 1e6), while log P stays finite.
template <class Real>
Estimate<Real> log_second_moment_ratio(int d, Real beta);
template <class Real>
Estimate<Real> second_moment_ratio(int d, Real beta);

// Per-key first-order moments of ybar = sum_i w_i k_i, w_i = softmax(beta <q,k_i>), over n i.i.d.
// uniform keys: n Cov(P_perp ybar) = var_perp P_perp, n Var<q,ybar> = var_par,
// E<q,ybar> = A + bias/n + O(n^-2). By the delta method on sum e^{beta s} k / sum e^{beta s}:
//   var_perp = P A2 / (2 beta),  var_par = P [A'(2 beta) + (A2 - A)^2],  bias = -P (A2 - A),
// with A = A_d(beta), A2 = A_d(2 beta); at beta = 0 they are 1/d, 1/d and 0.
// The fields proportional to P (var_perp, var_par, bias) saturate to +-infinity exactly when P
// does; perp_factor, par_factor and bias_factor are the same quantities divided by P.
template <class Real>
struct SubcriticalCovariance {
  Estimate<Real> A;
  Estimate<Real> A2;
  Estimate<Real> P;
  Estimate<Real> log_P;
  Estimate<Real> var_perp;
  Estimate<Real> var_par;
  Estimate<Real> bias;
  Estimate<Real> perp_factor;  // A2 / (2 beta)
  Estimate<Real> par_factor;   // A'(2 beta) + (A2 - A)^2
  Estimate<Real> bias_factor;  // -(A2 - A)
};

template <class Real>
SubcriticalCovariance<Real> subcritical_covariance(int d, Real beta);

// The next order in 1/n of the same variances, from the second-order delta method on the ratio
// (the first order alone overstates the precision of a check at n/P of a few hundred):
//   n Var<q,ybar> = var_par + par/n + O(n^-2),  n Var<e_i,ybar> = var_perp + perp/n + O(n^-2) (i >= 2),
//   par  = 3 r2^2 S2 + 5 r2^2 D2^2 - r2 S2 - 2 r3 S3,   perp = 3 r2^2 T2 - r2 T2 - 2 r3 T3,
// with r_k = M(k beta)/M(beta)^k (r2 = P), D_k = A(k beta) - A, S_k = A'(k beta) + D_k^2 and
// T_k = A(k beta)/(k beta). Both vanish at beta = 0, where the mean of n keys is exact.
template <class Real>
struct OutputVarianceNextOrder {
  Estimate<Real> par;
  Estimate<Real> perp;
};

template <class Real>
OutputVarianceNextOrder<Real> output_variance_next_order(int d, Real beta);

extern template Estimate<double> mean_resultant<double>(int, double);
extern template Estimate<double> mean_gap<double>(int, double);
extern template Estimate<double> score_variance<double>(int, double);
extern template Estimate<double> log_normaliser<double>(int, double);
extern template Estimate<double> log_second_moment_ratio<double>(int, double);
extern template Estimate<double> second_moment_ratio<double>(int, double);
extern template SubcriticalCovariance<double> subcritical_covariance<double>(int, double);
extern template OutputVarianceNextOrder<double> output_variance_next_order<double>(int, double);

}  // namespace attnlaw::reference
