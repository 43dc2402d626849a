#pragma once
// k-sample Anderson–Darling rank tests (Scholz & Stephens 1987, JASA 82(399), 918–924).
#include <span>
#include <vector>

#include "verify/stats/test_result.hpp"

namespace attnlaw::stats {

struct KSampleAndersonDarling {
  double a2_kn;   // eq. (6): A^2_kN, ties as in the discrete version
  double a2_akn;  // eq. (7): A^2_akN, midranks; the recommended form with ties
  double sigma;   // sqrt Var(A^2_kN) under H0 for continuous data (their eq. 4)
  std::size_t k;  // number of samples; E[A^2_kN] = k - 1
};

// All samples non-empty and finite, k >= 2, N >= 4 (the variance formula divides by N-3).
KSampleAndersonDarling k_sample_anderson_darling(std::span<const std::span<const double>> samples);

// Two-sample A^2_akN (k = 2). p-value: for k = 2 the limit law of A^2_2N is the one-sample
// A^2_inf = sum_j Z_j^2/(j(j+1)) (Pettitt 1976; Scholz–Stephens: sum_j chi2_{k-1}/(j(j+1))).
// Both have mean 1; the statistic is first matched in variance,
//   A* = 1 + (A^2 - 1) sigma_inf / sigma_N,  sigma_inf^2 = 2 sum 1/(j(j+1))^2 = 2(pi^2/3 - 3),
// then p = P(A^2_inf > A*) (ADinf of Marsaglia & Marsaglia 2004) [derived: the Scholz–Stephens
// standardisation, referred to the exact limit law instead of their interpolated table].
// The statistic returned is A^2_akN itself.
TestResult two_sample_anderson_darling(std::span<const double> x, std::span<const double> y);

}  // namespace attnlaw::stats
