#pragma once

// Law of the score gap t = 1 - <q,k> for a key k uniform on S^{d-1} and a fixed unit query q:
// t/2 ~ Beta(m, m), m = (d-1)/2 (theory/scaling_limits/THEORY.md §1), and its local constants at t = 0.
// The distribution functions go through Boost's regularised incomplete beta, whose two tails are
// computed separately: the CDF at tiny t and the survival function at t near 2 keep full relative
// accuracy (never 1 - other tail). Valid for every d >= 2 (tested to d = 4096).
// Instantiated for double here and for mpfr_float_50 in reference/sphere/sphere_score_law_mpfr.hpp.

#include "reference/numerics/estimate.hpp"

namespace attnlaw::reference {

// Density of t on [0, 2] (+infinity at the end points for d = 2).
template <class Real>
Estimate<Real> gap_pdf(int d, Real t);

// P(gap <= t) and P(gap > t).
template <class Real>
Estimate<Real> gap_cdf(int d, Real t);
template <class Real>
Estimate<Real> gap_survival(int d, Real t);

// t with P(gap <= t) = p, and t with P(gap > t) = q (use the latter for the upper tail).
template <class Real>
Estimate<Real> gap_quantile(int d, Real p);
template <class Real>
Estimate<Real> gap_survival_quantile(int d, Real q);

// Local constants of the uniform law at the query (theory/scaling_limits/THEORY.md §1, constants table):
//   kappa_d = Gamma(d/2) / (2 sqrt(pi) Gamma((d+1)/2))   (P(|k - q| <= r) ~ kappa_d r^{d-1}),
//   L = A_d = 2^{(d-1)/2} kappa_d                         (P(t <= tau) ~ A_d tau^m),
//   c/gamma = A_d^{-2/(d-1)} = 1 / (2 kappa_d^{2/(d-1)}),
//   K'_d = Gamma(d/2) 2^{d-2} / sqrt(pi),  c_tan = 1 / (2 K'_d).
// A_d, K'_d overflow double and c_tan underflows it for large d (A_d beyond d ~ 2050, K'_d beyond
// d ~ 300): the value fields then hold +inf or 0, and the log_ fields stay finite and accurate.
template <class Real>
struct SphereLocalConstants {
  Estimate<Real> kappa;
  Estimate<Real> log_kappa;
  Estimate<Real> local_constant;  // A_d
  Estimate<Real> log_local_constant;
  Estimate<Real> c_over_gamma;
  Estimate<Real> k_prime;
  Estimate<Real> log_k_prime;
  Estimate<Real> c_tan;
  Estimate<Real> log_c_tan;
};

template <class Real>
SphereLocalConstants<Real> sphere_local_constants(int d);

// Critical inverse temperature of n uniform keys, beta_n* = (A_d n)^{2/(d-1)} (evaluated in logs).
template <class Real>
Estimate<Real> sphere_critical_scale(int d, Real n);

extern template Estimate<double> gap_pdf<double>(int, double);
extern template Estimate<double> gap_cdf<double>(int, double);
extern template Estimate<double> gap_survival<double>(int, double);
extern template Estimate<double> gap_quantile<double>(int, double);
extern template Estimate<double> gap_survival_quantile<double>(int, double);
extern template SphereLocalConstants<double> sphere_local_constants<double>(int);
extern template Estimate<double> sphere_critical_scale<double>(int, double);

}  // namespace attnlaw::reference
