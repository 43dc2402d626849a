#pragma once
// Checks shared by the SL.critical.* claims: Monte Carlo functionals against exact finite-n
// values, and the n-ladder of the exact values towards the limit.
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "verify/harness/claim.hpp"

namespace attnlaw::theory::scaling_limits {

// z-test (sigma from the sample, M large) of the mean of `values` against `exact`; the target is
// the smallest shift the claim promises to detect.
harness::Check mean_against(std::span<const double> values, double exact, const std::string& what,
                            const harness::Json& params, double target);

// Chi-square over the cells cut by the reference CDF grid [(w_k, F(w_k))] of a law on [0, 1].
harness::Check cdf_cells_against(std::span<const double> values, const std::vector<std::pair<double, double>>& cdf,
                                 const std::string& what, const harness::Json& params);

// The n-ladder: |theta(n) - theta_limit| from exact values, its fitted log-log slope against the
// theory's. Deterministic check: the slope must lie within `tolerance` of `theory_slope`.
// Adds the ladder figure to `out`.
void ladder_check(const std::string& claim, const harness::Json& params, std::span<const double> n,
                  std::span<const double> exact, double limit, double theory_slope, double tolerance,
                  const std::string& quantity, harness::ExperimentResult& out);

}  // namespace attnlaw::theory::scaling_limits
