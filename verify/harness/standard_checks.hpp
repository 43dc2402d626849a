#pragma once
// The usual checks, each with its detectable discrepancy (theory/statistics/THEORY.md §4) attached, so that a
// claim states what its tests can see by construction rather than by habit.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "verify/harness/check.hpp"
#include "verify/stats/chi_square.hpp"
#include "verify/stats/location_scale.hpp"
#include "verify/stats/proportion.hpp"

namespace attnlaw::harness {

// Each check is built without its grid point: the runner gives it the parameters of the point
// that produced it (a claim sets Check::params only for a check about some other parameters).

// A goodness-of-fit test on m values; detectable: the DKW sup-distance between CDFs (a bound
// for KS, conservative for AD and CvM).
Check gof_check(const stats::TestResult& result, std::string target, std::size_t m);

// A z-test of a mean against `mu0`, sigma per replicate. The effect (mean - mu0) and the
// detectable shift are reported divided by `scale` (e.g. sqrt(n) when the test ran on
// sqrt(n)-scaled values). `target` is the shift the claim promises to detect, in those units.
// Pearson chi-square over cells; detectable: Cohen's w at power 0.99 (noncentral chi-square).
Check chi_square_check(const stats::ChiSquareTest& test, std::string target);

Check mean_check(const stats::MeanTest& test, double mu0, std::string what, double sigma, std::size_t m,
                 std::string effect_name, double scale = 1, std::optional<double> target = std::nullopt);

// A chi-square variance test; effect and detectable in terms of the variance ratio minus 1.
Check variance_check(const stats::VarianceTest& test, std::string what, std::size_t m,
                     std::optional<double> target = std::nullopt);

// "The fraction reaches the level": a one-sided exact binomial test of P(success) >= level from
// `successes` of `trials` (stats::binomial_test_at_least); detectable: the shortfall level - p
// found with power 0.99.
Check at_least_check(std::uint64_t successes, std::uint64_t trials, double level, std::string what,
                     std::optional<double> target = std::nullopt);

// An exact binomial test of a probability p0 over m trials.
Check proportion_check(const stats::ProportionTest& test, std::string what, double p0, std::size_t m,
                       std::optional<double> target = std::nullopt);

// A deterministic check: statistic is the worst ratio of a quantity to its bound or tolerance;
// pass iff <= 1. `method` says how the statistic was formed.
Check deterministic_check(std::string target, double statistic, std::string method);

// A deterministic rate check: a slope fitted to exact (not sampled) values must lie within
// `tolerance` of the theory's; statistic = |fitted - theory| / tolerance (pass iff <= 1).
Check rate_check(std::string what, double fitted_slope, double theory_slope, double tolerance, std::string method);

// A z-test of a fitted slope against the expected one, `se` its standard error under the null
// (normal): statistic (slope - expected) / se, two-sided p; the effect is the fitted slope with
// its interval at the per-check alpha 1e-6, and the law it can detect a multiple of se, named
// `discrepancy` ("|slope - exact slope|").
Check slope_z_check(std::string target, double slope, double expected, double se, std::string p_method,
                    std::string discrepancy);

}  // namespace attnlaw::harness
