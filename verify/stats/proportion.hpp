#pragma once
// Exact tests and intervals for a binomial proportion and a Poisson mean.
#include <cstdint>

#include "verify/stats/test_result.hpp"

namespace attnlaw::stats {

struct ProportionTest {
  TestResult result;
  double estimate;  // successes / trials
  Interval ci;      // Clopper–Pearson at the requested confidence
};

// Clopper–Pearson: [B_{a/2}(x, n-x+1), B_{1-a/2}(x+1, n-x)], a = 1 - confidence; the upper end
// is taken as an upper-tail beta quantile so that confidence near 1 keeps its digits.
Interval clopper_pearson(std::uint64_t successes, std::uint64_t trials, double confidence);

// Exact two-sided binomial test of p = p0: the p-value sums the probabilities of all outcomes no
// more likely than the observed one (relative tolerance 1e-7, as R's binom.test), from two
// binomial tails.
ProportionTest binomial_test(std::uint64_t successes, std::uint64_t trials, double p0, double confidence = 0.999999);

// Exact one-sided binomial test of p >= level against p < level ("the fraction reaches the level"):
// p-value P(Bin(trials, level) <= successes).
ProportionTest binomial_test_at_least(std::uint64_t successes, std::uint64_t trials, double level,
                                      double confidence = 0.999999);

struct RateTest {
  TestResult result;
  double estimate;  // the count itself: the estimate of the Poisson mean (same units as `expected`)
  Interval ci;      // Garwood interval for the mean
};

// Garwood: lower = P^-1(x, a/2) (0 if x = 0), upper = Q^-1(x+1, a/2), with P, Q
// the regularised gamma functions, i.e. [chi2_{a/2}(2x)/2, chi2_{1-a/2}(2x+2)/2].
Interval garwood_interval(std::uint64_t count, double confidence);

// Exact two-sided Poisson test of mean = expected (same construction as binomial_test).
RateTest poisson_test(std::uint64_t count, double expected, double confidence = 0.999999);

}  // namespace attnlaw::stats
