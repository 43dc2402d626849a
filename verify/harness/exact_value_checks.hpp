#pragma once
// Checks of a Monte Carlo against exact finite-n values, and of exact values against their limit.
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "verify/harness/claim.hpp"

namespace attnlaw::harness {

// z-test (sigma from the sample, M large) of the mean of `values` against `exact`; the target is
// the smallest shift the claim promises to detect. A reference with a Monte Carlo error of its
// own passes its s.e., added in quadrature: that error is the same on every seed, so over seeds
// the check's p-values are conservative, not uniform, and the check says so.
Check mean_against(std::span<const double> values, double exact, const std::string& what, double target,
                   double reference_se = 0);

// Chi-square over the cells cut by the reference CDF grid [(w_k, F(w_k))] of a law on [0, 1].
Check cdf_cells_against(std::span<const double> values, const std::vector<std::pair<double, double>>& cdf,
                        const std::string& what);

// Where a ladder's figure belongs: its claim, its id (figure_slug) and the label of its point.
struct FigureSource {
  std::string claim;
  std::string id;
  std::string point_label;
};

// The n-ladder: |theta(n) - theta_limit| from exact values, its fitted log-log slope against the
// theory's. Deterministic check: the slope must lie within `tolerance` of `theory_slope`.
// Adds the ladder figure to `out`.
void ladder_check(const FigureSource& source, std::span<const double> n, std::span<const double> exact, double limit,
                  double theory_slope, double tolerance, const std::string& quantity, ExperimentResult& out);

}  // namespace attnlaw::harness
