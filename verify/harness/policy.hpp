#pragma once
// The decision rule of theory/statistics/THEORY.md §6–§7: Holm within each paper, no retries.
#include <span>
#include <vector>

#include "verify/harness/check.hpp"
#include "verify/stats/multiplicity.hpp"

namespace attnlaw::harness {

// Adjusted p-values of one family, in the order given.
using Adjustment = std::vector<double> (*)(std::span<const double>);

struct Policy {
  double alpha = 1e-6;      // family-wise error rate per paper, Holm-controlled
  double suspect_p = 1e-3;  // TestU01's suspect threshold on the raw p-value
  double power = 0.99;      // power at which detectable discrepancies are stated
  Adjustment adjust = stats::holm_adjust;
};

// Sets alpha, alpha_adjusted (the Holm threshold at the check's rank), p_adjusted,
// detectable (at the Bonferroni alpha/m, the most demanding Holm threshold) and the verdict:
//   FAIL    adjusted p < alpha, or a deterministic bound is violated;
//   SUSPECT raw p < suspect_p but not failing, or the test cannot detect the claim's target discrepancy;
//   PASS    otherwise.
void apply_policy(std::vector<Check>& checks, const Policy& policy);

}  // namespace attnlaw::harness
