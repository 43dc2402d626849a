#include "theory/scaling_limits/critical_checks.hpp"

#include "verify/harness/figure_data.hpp"
#include "verify/harness/standard_checks.hpp"

namespace attnlaw::theory::scaling_limits {

harness::Check mean_against(std::span<const double> values, double exact, const std::string& what,
                            const harness::Json& params, double target) {
  return harness::with_params(harness::mean_against(values, exact, what, target), params);
}

harness::Check cdf_cells_against(std::span<const double> values, const std::vector<std::pair<double, double>>& cdf,
                                 const std::string& what, const harness::Json& params) {
  return harness::with_params(harness::cdf_cells_against(values, cdf, what), params);
}

void ladder_check(const std::string& claim, const harness::Json& params, std::span<const double> n,
                  std::span<const double> exact, double limit, double theory_slope, double tolerance,
                  const std::string& quantity, harness::ExperimentResult& out) {
  const std::size_t first = out.checks.size();
  harness::ladder_check({claim, harness::figure_slug(claim, "ladder", params), params.dump()}, n, exact, limit,
                        theory_slope, tolerance, quantity, out);
  for (std::size_t i = first; i < out.checks.size(); ++i) out.checks[i].params = params;
}

}  // namespace attnlaw::theory::scaling_limits
