#pragma once
// The JSON-point forms of verify/harness/exact_value_checks, for the SL claims not yet written as
// ClaimSpec. Deleted with JsonGridClaim.
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "verify/harness/exact_value_checks.hpp"

namespace attnlaw::theory::scaling_limits {

harness::Check mean_against(std::span<const double> values, double exact, const std::string& what,
                            const harness::Json& params, double target);

harness::Check cdf_cells_against(std::span<const double> values, const std::vector<std::pair<double, double>>& cdf,
                                 const std::string& what, const harness::Json& params);

void ladder_check(const std::string& claim, const harness::Json& params, std::span<const double> n,
                  std::span<const double> exact, double limit, double theory_slope, double tolerance,
                  const std::string& quantity, harness::ExperimentResult& out);

}  // namespace attnlaw::theory::scaling_limits
