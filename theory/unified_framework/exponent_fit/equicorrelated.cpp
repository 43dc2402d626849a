// UF.exponent-fit, experiment "equicorrelated": Lambda_n = log n/(1 - rho) exactly, slope 1.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "reference/extreme_value/equicorrelated.hpp"
#include "theory/unified_framework/exponent_fit/experiments.hpp"
#include "verify/attention/row_statistics.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/linear_fit.hpp"

namespace attnlaw::theory::unified_framework::exponent_fit_claim {

harness::ExperimentResult equicorrelated(const EquicorrelatedPoint& point, const SphereScale&,
                                         const harness::PointContext&) {
  const double rho = point.rho;
  const std::vector<double>& n = point.n;
  std::vector<double> y;
  double worst = 0;
  for (double v : n) {
    const auto row = reference::equicorrelated_row<double>(static_cast<std::uint64_t>(v), rho, 1.0);
    y.push_back(std::log(row.lambda));
    if (v <= 1e6) {  // the reference against Lambda of the actual row (1 gap 0, n - 1 gaps 1 - rho)
      attention::GapProfile<double> profile;
      profile.gaps.assign(static_cast<std::size_t>(v), 1 - rho);
      profile.gaps.front() = 0;
      const double direct = attention::accumulation_scale(profile).lambda;
      worst = std::max(worst, std::abs(direct - row.lambda) / row.lambda);
    }
  }
  const double slope = stats::least_squares(abscissa(n, false), y).slope;
  harness::ExperimentResult out;
  out.checks.push_back(harness::deterministic_check(
      "slope of log Lambda_n on log log n = 1 exactly (Lambda_n = log n/(1 - rho))", std::abs(slope - 1) / 1e-12,
      fmt::format("statistic = |slope - 1| / 1e-12; slope {:.15f}", slope)));
  out.checks.push_back(
      harness::deterministic_check("reference Lambda_n = Lambda of the built row (n <= 1e6)", worst / 1e-13,
                                   fmt::format("statistic = worst relative difference / 1e-13 ({:.3g})", worst)));
  return out;
}

}  // namespace attnlaw::theory::unified_framework::exponent_fit_claim
