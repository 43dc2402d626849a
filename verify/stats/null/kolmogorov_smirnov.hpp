#pragma once
// Null laws of the Kolmogorov–Smirnov statistics for a fully specified continuous null.
// D_n = sup|F_n - F|, D_n^+ = sup(F_n - F). The finite-n laws are exact (up to rounding) where
// their cost allows; the route taken for given (n, d) is reported by ks_two_sided_method.
#include <cstddef>
#include <string>

namespace attnlaw::stats {

// Exact P(D_n < d): Marsaglia, Tsang & Wang (2003), Durbin matrix to the n-th power by repeated
// squaring with exponent tracking. When the matrix (order 2 floor(nd) + 1) is too large to
// power in about 0.1 s, and the upper tail is not small, falls back to the Kolmogorov limit
// with Vrbik's (2018) second-order small-sample shift (see ks_two_sided_method).
double ks_two_sided_cdf(std::size_t n, double d);

// P(D_n >= d), computed directly where small: 2 P(D_n^+ >= d) when that is below 1e-4, where the
// neglected P(D_n^+ >= d, D_n^- >= d) is a few 1e-12 of the result or less (Simard & L'Ecuyer
// 2011); otherwise 1 - P(D_n < d). Where the Durbin matrix is too large: doubling below 1e-2,
// else the Kolmogorov limit at Vrbik's shifted argument.
double ks_two_sided_sf(std::size_t n, double d);

// Exact P(D_n^+ >= d) = P(D_n^- >= d): Smirnov–Birnbaum–Tingey sum, formed in log space.
double ks_one_sided_sf(std::size_t n, double d);

// Limit law: P(sqrt(n) D_n > x) -> 2 sum_{k>=1} (-1)^(k-1) exp(-2 k^2 x^2).
double kolmogorov_asymptotic_sf(double x);
double kolmogorov_asymptotic_cdf(double x);

// The three laws at (n, d) with absolute error bounds and the route taken. Domain: every n >= 1
// and d in [0, 1]; cost O(n) at most up to n = 1e6 (the exact one-sided sum), then O(1): beyond
// n = 1e6 the one-sided law is the Maag-Dicaire (1971) limit exp(-(6nd+1)^2/(18n)) (error
// <= 0.2/n, measured), and the two-sided law is the doubled one-sided law below 1e-2, else the
// Vrbik-shifted Kolmogorov limit (error <= 0.05/n, measured against the Durbin matrix).
struct KsLaw {
  double cdf = 0, sf = 0, sf_one_sided = 0;
  double cdf_error = 0, sf_error = 0, sf_one_sided_error = 0;
  std::string method;
};
KsLaw ks_law(std::size_t n, double d);

// Which route ks_two_sided_sf takes for (n, d): "exact (Smirnov-Birnbaum-Tingey, 2 P(D+ >= d))",
// "exact (Marsaglia-Tsang-Wang 2003)" or "asymptotic (Kolmogorov, Vrbik 2018 shift)".
std::string ks_two_sided_method(std::size_t n, double d);

}  // namespace attnlaw::stats
