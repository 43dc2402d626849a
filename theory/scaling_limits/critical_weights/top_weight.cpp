// SL.critical.top-weight, experiment "mc": the law of w_(1) by the exact truncated sampler against
// the exact finite-n law, and the replicates' independence (claim.cpp).
#include <fmt/core.h>

#include <cmath>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "theory/scaling_limits/critical_weights/experiments.hpp"
#include "verify/harness/exact_value_checks.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/independence.hpp"
#include "verify/stats/proportion.hpp"

namespace attnlaw::theory::scaling_limits::critical_weights_claim {
namespace {

// The Monte Carlo ECDF minus the exact finite-n CDF at the grid of the reference, with the 99%
// DKW simultaneous band: on a [0,1] CDF scale the two curves would lie on top of each other.
harness::Figure cdf_figure(const harness::PointContext& at, std::span<const double> values,
                           const std::vector<std::pair<double, double>>& cdf) {
  std::vector<double> w, difference;
  for (const auto& [x, f] : cdf) {
    std::size_t below = 0;
    for (double v : values) below += v <= x;
    w.push_back(x);
    difference.push_back(static_cast<double>(below) / static_cast<double>(values.size()) - f);
  }
  std::vector<harness::Series> series = harness::dkw_band_series(values.size(), w.front(), w.back());
  series.insert(series.begin(), {fmt::format("Monte Carlo ECDF - exact finite-n CDF (m = {})", values.size()),
                                 "linespoints", std::move(w), std::move(difference)});
  return harness::Figure{.id = harness::figure_slug(at.claim.id, "cdf", at.fields),
                         .claim = at.claim.id,
                         .title = fmt::format("{}: ECDF minus exact CDF of the top weight, {}", at.claim.id, at.label),
                         .xlabel = "w",
                         .ylabel = "P_MC(w_(1) <= w) - P(w_(1) <= w)",
                         .series = std::move(series)};
}

// The replicates are independent draws: every check above assumes it, and none of them sees a
// stream shared by two replicates (each marginal law stays right; only the information is halved).
// Target: a lag-1 autocorrelation of 0.1 (replicates sharing a stream in pairs give 1/2).
harness::Check replicates_independent(const std::vector<double>& top) {
  const stats::SerialCorrelation test = stats::serial_correlation_test(top, 1);
  harness::Check c = harness::make_check(
      test.result, fmt::format("replicates independent: lag-1 autocorrelation of w_(1) in replicate order = 0 "
                               "(z = sqrt(M) r_1, {} replicates; pairs of replicates sharing a stream give 1/2)",
                               top.size()));
  const double half_width = 4.89 / std::sqrt(static_cast<double>(top.size()));  // two-sided 1 - 1e-6
  c.effect = harness::Effect{"lag-1 autocorrelation", test.r, {test.r - half_width, test.r + half_width}};
  c.detectable_law = harness::DetectableLaw{.formula = harness::DetectableLaw::Formula::mean_shift,
                                            .name = "|lag-1 autocorrelation|",
                                            .sigma = 1,
                                            .m = top.size()};
  c.detectable_target = 0.1;
  return c;
}

}  // namespace

harness::ExperimentResult top_weight_law(const CriticalExperiment& e, const CriticalModel& model,
                                         const harness::PointContext& at) {
  const auto& exact = critical_finite_n_reference(model, e.d, e.gamma, e.n, true);
  const CriticalSample s = simulate_critical(model, e, at.streams.key(), false);
  harness::ExperimentResult out;
  out.checks.push_back(harness::mean_against(s.top, exact.mean_top, "mean w_(1) vs exact finite-n E w_(1)", 0.01));
  // The binomial test needs the event on both sides of its expected count; at d = 5,
  // gamma = 1/2, P(w_(1) >= 1/2) ~ 1e-13 and the test would say nothing.
  const double expected_above = exact.p_top_ge_half * static_cast<double>(e.reps);
  if (expected_above >= 5 && static_cast<double>(e.reps) - expected_above >= 5) {
    std::uint64_t above = 0;
    for (double w : s.top) above += w >= 0.5;
    out.checks.push_back(harness::proportion_check(stats::binomial_test(above, e.reps, exact.p_top_ge_half),
                                                   "P(w_(1) >= 1/2) vs exact finite-n", exact.p_top_ge_half, e.reps,
                                                   0.02));
  }
  out.checks.push_back(harness::cdf_cells_against(s.top, exact.cdf_top,
                                                  "law of w_(1): chi-square over 20 cells of the exact finite-n CDF"));
  out.checks.push_back(replicates_independent(s.top));
  out.figures.push_back(cdf_figure(at, s.top, exact.cdf_top));
  return out;
}

}  // namespace attnlaw::theory::scaling_limits::critical_weights_claim
