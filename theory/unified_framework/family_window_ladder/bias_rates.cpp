// family_window_ladder.hpp: checks (c) and (d) of a ladder of beta = c h_n, the rate of the bias,
// exact (quadrature, far out) and by Monte Carlo along the rungs.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "reference/extreme_value/finite_n_window.hpp"
#include "theory/unified_framework/family_window_ladder/parts.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/linear_fit.hpp"

namespace attnlaw::theory::unified_framework::window_ladder_parts {
namespace {

// Far ladder for the asymptotic rate of the exact bias: local slope against log log n.
constexpr double kFarLow = 1e150, kFarHigh = 1e300;
constexpr double kAsymptoticTolerance = 0.3;

}  // namespace

std::optional<harness::Check> mc_bias_rate_check(std::string_view statistic, std::span<const double> log_log,
                                                 std::span<const double> mc_bias, std::span<const double> mc_se,
                                                 std::span<const double> exact_bias) {
  const std::size_t rungs = log_log.size();
  if (rungs < 3) return std::nullopt;
  // Under the claim the Monte Carlo bias of rung i is normal about the exact bias b_i with its
  // standard error s_i, so its relative deviation u_i = bias_i / b_i - 1 has mean 0 and standard
  // deviation r_i = s_i / |b_i|. The weighted (1 / r_i^2) slope of u on log log n is, to first
  // order, the Monte Carlo rate minus the exact one, and is exactly normal under the claim. A fit
  // of log|bias| is not: the log bends the noise of each rung, Monte Carlo weights tilt the fit
  // towards the rungs that strayed outwards, and an unweighted exact slope set beside a weighted
  // one differs by the curvature of the exact ladder. Each biases z by O(1) or O(r), which more
  // replicates turn into false failures.
  std::vector<double> u, w, y_exact;
  for (std::size_t i = 0; i < rungs; ++i) {
    const double r = mc_se[i] / std::abs(exact_bias[i]);
    if (!(r <= 0.2)) return std::nullopt;  // |b_i| < 5 s_i: the rate is not resolved (power, not validity)
    u.push_back(mc_bias[i] / exact_bias[i] - 1);
    w.push_back(1 / (r * r));
    y_exact.push_back(std::log(std::abs(exact_bias[i])));
  }
  const stats::LinearFit deviation = stats::weighted_least_squares(log_log, u, w);
  const double exact_slope = stats::weighted_least_squares(log_log, y_exact, w).slope;
  // The Monte Carlo slope, exact_slope + deviation.slope to first order, against the exact one.
  return harness::slope_z_check(
      fmt::format("n-ladder rate of the bias of {}: slope of log|mean - PD| vs log log n = exact finite-n slope "
                  "{:.3f} (theory -1 asymptotically)",
                  statistic, exact_slope),
      exact_slope + deviation.slope, exact_slope, deviation.slope_std_error,
      "normal (exact under the claim); weighted slope of the relative deviation (mean - PD) / exact bias - 1 on "
      "log log n, weights 1 / (Monte Carlo s.e. / exact bias)^2",
      "|slope - exact slope|");
}

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
  // (d) The Monte Carlo rate, where it is resolved.
  std::vector<double> mc_bias, mc_se, exact_bias;
  for (std::size_t i = 0; i < rungs; ++i) {
    mc_bias.push_back(mc[i][k].mean - limit[i][k]);
    mc_se.push_back(mc[i][k].se);
    exact_bias.push_back(exact[i][k] - limit[i][k]);
  }
  if (auto check = mc_bias_rate_check(kNames[k], log_log, mc_bias, mc_se, exact_bias)) out.checks.push_back(*check);
}

}  // namespace attnlaw::theory::unified_framework::window_ladder_parts
