#pragma once
// One-sample goodness-of-fit tests on probability-integral transforms u_i = F_ref(x_i);
// H0: u_i i.i.d. Uniform(0,1) (a fully specified null: no parameter estimated from the data).
// Each returns the statistic and its upper-tail p-value from the exact finite-n null law.
// Throws std::invalid_argument on empty input or a value outside [0,1] (NaN included).
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "verify/stats/null/kolmogorov_smirnov.hpp"
#include "verify/stats/test_result.hpp"

namespace attnlaw::stats {

// A^2 = -n - (1/n) sum (2i-1)[ln u_(i) + ln(1 - u_(n+1-i))]; A^2 = inf (p = 0) if some u is 0 or 1.
TestResult anderson_darling_test(std::span<const double> pit);
// The null law that turns D_n into a p-value, and how it was computed at (n, D_n).
struct KsNullLaw {
  double (*sf)(std::size_t n, double d);
  std::string (*method)(std::size_t n, double d);
};
inline constexpr KsNullLaw kKsExactNull{ks_two_sided_sf, ks_two_sided_method};

// D_n = max_i max(i/n - u_(i), u_(i) - (i-1)/n), its p-value from `null` (the exact finite-n law).
TestResult ks_test(std::span<const double> pit, const KsNullLaw& null = kKsExactNull);
// One-sided: D_n^+ = max_i (i/n - u_(i)), large when there are too many small values (of a set of
// p-values that may only be conservative, for instance); p exact (Smirnov-Birnbaum-Tingey).
TestResult ks_test_too_many_small(std::span<const double> pit);
// W^2 = 1/(12n) + sum (u_(i) - (2i-1)/(2n))^2.
TestResult cramer_von_mises_test(std::span<const double> pit);

// The statistics alone, on values already sorted ascending (no validation).
double anderson_darling_statistic_sorted(std::span<const double> sorted_pit);
double ks_statistic_sorted(std::span<const double> sorted_pit);
double cramer_von_mises_statistic_sorted(std::span<const double> sorted_pit);

}  // namespace attnlaw::stats
