// UF.pd-limit, experiment "subcritical": for c < 1 the mean log a_max of exponential rows over an
// n-ladder, slope -(1 - c) (claim.cpp).
#include <fmt/core.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "theory/unified_framework/critical_window.hpp"
#include "theory/unified_framework/pd_limit/experiments.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/linear_fit.hpp"
#include "verify/stats/location_scale.hpp"

namespace attnlaw::theory::unified_framework::pd_limit_claim {

// Subcritical: log a_max = -log Z = -(1 - c) log n + O_P(1); the n^{-(1-c)} correction to E Z_n
// moves the fitted slope over 1e4..1e12 by < 0.005 (c = 0.7), the tolerance is 0.02.
harness::ExperimentResult top_weight_vanishes(const SubcriticalPoint& p, const PdParameter&,
                                              const harness::PointContext& at) {
  harness::ExperimentResult out;
  const double c = p.c;
  const std::size_t reps = p.reps;
  // Common random numbers across the ladder: the same stream at every n.
  const auto stream = at.streams.key();
  std::vector<double> log_n, mean_log_top, weight;
  std::vector<double> xs, ys, es;
  for (double n : p.n) {
    const WindowSample s = simulate_window(kExponential, static_cast<std::uint64_t>(n), c, p.K, reps, stream);
    std::vector<double> log_top(reps);
    for (std::size_t r = 0; r < reps; ++r) log_top[r] = std::log(s.top_weight[r]);
    const stats::MeanWithError log_top_mean = stats::mean_with_error(log_top);
    const double m = log_top_mean.mean, se = log_top_mean.std_error();
    log_n.push_back(std::log(n));
    mean_log_top.push_back(m);
    weight.push_back(1 / (se * se));
    xs.push_back(n);
    ys.push_back(m);
    es.push_back(2 * se);
  }
  const stats::LinearFit fit = stats::weighted_least_squares(log_n, mean_log_top, weight);
  out.checks.push_back(harness::rate_check(
      fmt::format("c = {:.3g} < 1: slope of E log a_max against log n = -(1 - c) (+-0.02); a_max -> 0", c), fit.slope,
      -(1 - c), 0.02, "Monte Carlo means with common random numbers over the n-ladder, weighted fit"));
  std::vector<double> fitted;
  for (double x : log_n) fitted.push_back(fit.intercept + fit.slope * x);
  std::vector<harness::Series> series;
  series.push_back({"E log a_max (MC, 2 s.e.)", "errorbars", xs, ys, es});
  series.push_back({fmt::format("fit, slope {:.4f} (theory {:.4f})", fit.slope, -(1 - c)), "lines", xs, fitted});
  const std::string& claim = at.claim.id;
  out.figures.push_back(
      harness::Figure{.id = harness::figure_slug(claim, "subcritical", at.fields),
                      .claim = claim,
                      .title = fmt::format("{}: E log a_max against n, exponential rows, beta = {:.3g}", claim, c),
                      .xlabel = "n",
                      .ylabel = "E log a_max",
                      .log_x = true,
                      .series = std::move(series)});
  return out;
}

}  // namespace attnlaw::theory::unified_framework::pd_limit_claim
