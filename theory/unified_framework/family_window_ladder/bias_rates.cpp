// family_window_ladder.hpp: checks (c) and (d) of a ladder of beta = c h_n, the rate of the bias,
// exact (quadrature, far out) and by Monte Carlo along the rungs.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "reference/extreme_value/finite_n_window.hpp"
#include "theory/unified_framework/family_window_ladder/parts.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/linear_fit.hpp"
#include "verify/stats/power.hpp"

namespace attnlaw::theory::unified_framework::window_ladder_parts {
namespace {

// Far ladder for the asymptotic rate of the exact bias: local slope against log log n.
constexpr double kFarLow = 1e150, kFarHigh = 1e300;
constexpr double kAsymptoticTolerance = 0.3;

}  // namespace

void bias_rate_checks(harness::ExperimentResult& out, const reference::ScoreFamily& family, double c_fixed, int k,
                      const Rungs& per_rung) {
  const auto& [c_true, log_log, mc, exact, limit, last] = per_rung;
  const std::size_t rungs = exact.size();
  const std::size_t top = rungs - 1;
  // (c) Deterministic: the exact bias keeps its sign and shrinks along the ladder, and its local
  // slope against log log n tends to -1 (checked far out, where the second-order terms are small).
  {
    double worst = 0;
    for (std::size_t i = 1; i < rungs; ++i) {
      const double prev = exact[i - 1][k] - limit[i - 1][k], cur = exact[i][k] - limit[i][k];
      const bool ok = prev * cur > 0 && std::abs(cur) < std::abs(prev);
      worst = std::max(worst, ok ? std::abs(cur / prev) : 2.0);
    }
    harness::Check c;
    c.test = "deterministic";
    c.target =
        fmt::format("exact finite-n bias of {} keeps its sign and decreases in |.| along the n-ladder", kNames[k]);
    c.statistic = worst;
    c.p_method = "quadrature; statistic = worst |bias(n_i)/bias(n_{i-1})| (2 on a sign change); pass iff < 1";
    c.deterministic_holds = worst < 1;
    out.checks.push_back(std::move(c));
  }
  {
    const double lo =
        as_array(reference::exact_window_expectations<double>(family, kFarLow, c_fixed))[k] - limit[top][k];
    const double hi =
        as_array(reference::exact_window_expectations<double>(family, kFarHigh, c_fixed))[k] - limit[top][k];
    const double slope = std::log(std::abs(hi / lo)) / std::log(std::log(kFarHigh) / std::log(kFarLow));
    out.checks.push_back(harness::rate_check(
        fmt::format("asymptotic rate of the exact bias of {}: local slope of log|bias| vs log log n over "
                    "n = 1e150..1e300 vs theory -1 (+-{})",
                    kNames[k], kAsymptoticTolerance),
        slope, -1, kAsymptoticTolerance, "exact finite-n values (quadrature)"));
  }
  // (d) The Monte Carlo rate: weighted fit of log|mean - PD| on log log n, against the slope of
  // the exact bias over the same rungs (the ~1/log n law with its second-order terms). Only
  // where the exact bias exceeds 5 standard errors at every rung, else the rate is not resolved.
  std::vector<double> y, w, y_exact;
  bool resolved = true;
  for (std::size_t i = 0; i < rungs; ++i) {
    const double b_mc = mc[i][k].mean - limit[i][k];
    const double b_ex = exact[i][k] - limit[i][k];
    resolved = resolved && std::abs(b_ex) >= 5 * mc[i][k].se && b_mc * b_ex > 0;
    y.push_back(std::log(std::abs(b_mc)));
    w.push_back(b_mc * b_mc / (mc[i][k].se * mc[i][k].se));
    y_exact.push_back(std::log(std::abs(b_ex)));
  }
  const stats::LinearFit exact_fit = stats::least_squares(log_log, y_exact);
  if (resolved && rungs >= 3) {
    const stats::LinearFit fit = stats::weighted_least_squares(log_log, y, w);
    const double z = (fit.slope - exact_fit.slope) / fit.slope_std_error;
    harness::Check c;
    c.test = "z-test";
    c.target = fmt::format(
        "n-ladder rate of the bias of {}: fitted slope of log|mean - PD| vs log log n = exact finite-n slope {:.3f} "
        "(theory -1 asymptotically)",
        kNames[k], exact_fit.slope);
    c.statistic = z;
    c.p_value = std::erfc(std::abs(z) / std::sqrt(2.0));
    c.p_method = "normal; weighted least squares, weights from the Monte Carlo standard errors (delta method)";
    const double zc = stats::normal_quantile(1 - 0.5e-6);
    c.effect = harness::Effect{
        "fitted slope", fit.slope, {fit.slope - zc * fit.slope_std_error, fit.slope + zc * fit.slope_std_error}};
    const double se = fit.slope_std_error;
    c.detectable_law = harness::DetectableLaw{
        .formula = harness::DetectableLaw::Formula::standard_error, .name = "|slope - exact slope|", .sigma = se};
    out.checks.push_back(std::move(c));
  }
}

}  // namespace attnlaw::theory::unified_framework::window_ladder_parts
