#pragma once
// Power and detectable discrepancy (theory/statistics/THEORY.md §4): the smallest departure from H0 that a
// test at false-fail rate alpha detects with probability `power`.
#include <cstddef>

namespace attnlaw::stats {

double normal_quantile(double p);  // standard normal quantile, 0 < p < 1

// (z_{1-alpha/2} + z_{power}) sigma / sqrt(m): two-sided z test of a mean.
double detectable_mean_shift(double sigma, std::size_t m, double alpha, double power);

// DKW–Massart: eps(m, alpha) + eps(m, 1 - power), eps(m, r) = sqrt(ln(2/r)/(2m)); the smallest
// sup-distance between CDFs detected by a test based on the one-sample ECDF.
double detectable_cdf_distance(std::size_t m, double alpha, double power);

// Variance test with known mean (chi2_m): q_{1-alpha/2}(chi2_m) / q_{1-power}(chi2_m) (> 1).
double detectable_variance_ratio(std::size_t m, double alpha, double power);

// Smallest |p1 - p0| with m >= ((z_{1-alpha/2} sqrt(p0 q0) + z_power sqrt(p1 q1)) / (p1 - p0))^2,
// the worse of the two sides; +infinity when one side cannot be detected inside [0,1].
double detectable_proportion_shift(double p0, std::size_t m, double alpha, double power);

// Pearson chi-square over df + 1 cells and m observations: the smallest Cohen's effect size
// w = sqrt(sum_i (p1_i - p0_i)^2 / p0_i) detected, from the noncentral chi2(df, lambda = m w^2)
// law of X^2 under the alternative (Cohen 1988, ch. 7): P(X^2 > q_{1-alpha}(chi2_df)) = power.
double detectable_chi_square_effect(std::size_t df, std::size_t m, double alpha, double power);

// Half-width of the simultaneous DKW–Massart ECDF band at confidence `level`: sqrt(ln(2/(1-level))/(2m)).
double dkw_band_halfwidth(std::size_t m, double level);

}  // namespace attnlaw::stats
