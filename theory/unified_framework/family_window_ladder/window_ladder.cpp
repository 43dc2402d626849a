// family_window_ladder.hpp: the critical window on an n-ladder, the Monte Carlo against the exact
// finite-n expectations at every rung and against the PD(1/c) limit at the largest; checks (c) and
// (d) in bias_rates.cpp, the figures in ladder_figures.cpp.
#include "theory/unified_framework/family_window_ladder.hpp"

#include <fmt/core.h>

#include <array>
#include <cmath>
#include <optional>
#include <vector>

#include "reference/extreme_value/finite_n_window.hpp"
#include "theory/unified_framework/critical_window.hpp"
#include "theory/unified_framework/family_window_ladder/parts.hpp"
#include "verify/harness/composite_null_checks.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/location_scale.hpp"
#include "verify/stats/power.hpp"

namespace attnlaw::theory::unified_framework {
namespace {

namespace ref = reference;
using namespace window_ladder_parts;  // the statistics and the per-rung values (family_window_ladder/parts.hpp)

// The equivalence margin on the exact finite-n bias at the largest rung (a 25% allowance over
// the bias the 1/log n law leaves there).
constexpr double kBiasMargin = 1.25;
// Without a stated alpha shift (smoke grids), the PD comparison promises to see a departure of
// 20% of the PD value beyond its tolerance.
constexpr double kSmokeRelativeTarget = 0.2;

MeanSe mean_se(const std::vector<double>& v) {
  double m = 0;
  for (double x : v) m += x;
  m /= static_cast<double>(v.size());
  double ss = 0;
  for (double x : v) ss += (x - m) * (x - m);
  return {m, std::sqrt(ss / static_cast<double>(v.size() - 1) / static_cast<double>(v.size()))};
}

}  // namespace

harness::ExperimentResult window_ladder(const ref::ScoreFamily& family, const ScaleFunction& scale,
                                        const WindowLadder& ladder, const harness::PointContext& at) {
  const bool ipr = ladder.gamma.has_value();
  const double gamma = ladder.gamma.value_or(0);
  const double c_fixed = ladder.c.value_or(0);
  const std::size_t K = ladder.K;
  const std::size_t reps = ladder.reps;
  const std::vector<double>& ns = ladder.n;
  const std::size_t rungs = ns.size();

  // Per rung: the c of the true scale (h_n = n f(b_n), computed independently), the MC, the
  // exact finite-n expectations and the PD(1/c) limit.
  Rungs per_rung(rungs);
  auto& [c_true, log_log, mc, exact, limit, last] = per_rung;
  for (std::size_t i = 0; i < rungs; ++i) {
    const double n = ns[i];
    const double h_true = static_cast<double>(reference::independent_family_scale<long double>(family, n).h);
    const double beta = ipr ? gamma * std::sqrt(std::log(n)) : c_fixed * scale(n);
    c_true[i] = ipr ? beta / h_true : c_fixed;
    log_log[i] = std::log(std::log(n));
    const auto stream = at.streams.key(fmt::format("n={:g}", n));
    WindowSample s = simulate_window(family, static_cast<std::uint64_t>(n), beta, K, reps, stream);
    for (int k = 0; k < kStats; ++k) mc[i][k] = mean_se(column(s, k));
    exact[i] = as_array(reference::exact_window_expectations<double>(family, n, c_true[i]));
    limit[i] = as_array(reference::limit_window_expectations<double>(c_true[i]));
    if (i + 1 == rungs) last = std::move(s);
  }

  harness::ExperimentResult out;
  const std::size_t top = rungs - 1;
  std::optional<std::array<double, kStats>> shift_target;
  if (ladder.alpha_shift && !ipr) {
    // The stat change of a relative shift of alpha = 1/c: PD(alpha) against PD(alpha (1 - shift)).
    const double shift = *ladder.alpha_shift;
    const auto shifted = as_array(reference::limit_window_expectations<double>(c_fixed / (1 - shift)));
    std::array<double, kStats> t{};
    for (int k = 0; k < kStats; ++k) t[k] = std::abs(shifted[k] - limit[top][k]);
    shift_target = t;
  }

  for (int k = 0; k < kStats; ++k) {
    // (a) Monte Carlo against the exact finite-n expectation at every rung (no asymptotic bias).
    {
      // The largest rung keeps its replicates; the smaller ones their mean and standard error.
      const std::size_t i = top;
      const std::vector<double>& values = column(last, k);
      const stats::MeanTest t = stats::z_test_mean_sample_sigma(values, exact[i][k]);
      const double sd = t.std_error * std::sqrt(static_cast<double>(values.size()));
      std::optional<double> target;
      if (shift_target) target = (*shift_target)[k];
      harness::Check c = harness::mean_check(
          t, exact[i][k],
          fmt::format(
              "{} at beta = {} , n = {:g}: Monte Carlo vs exact finite-n value {:.6f} (quadrature; PD limit {:.6f})",
              kNames[k], ipr ? fmt::format("{} sqrt(log n)", gamma) : fmt::format("{} h_n", c_fixed), ns[i],
              exact[i][k], limit[i][k]),
          sd, values.size(), "mean - exact finite-n", 1, target);
      out.checks.push_back(std::move(c));
    }
    for (std::size_t i = 0; i < top; ++i) {
      // The smaller rungs: the same z-test from the stored mean and standard error.
      const double z = (mc[i][k].mean - exact[i][k]) / mc[i][k].se;
      harness::Check c;
      c.test = "z-test";
      c.target = fmt::format("{} at n = {:g}: Monte Carlo vs exact finite-n value {:.6f} (PD limit {:.6f})", kNames[k],
                             ns[i], exact[i][k], limit[i][k]);
      c.statistic = z;
      c.p_value = std::erfc(std::abs(z) / std::sqrt(2.0));
      c.p_method = "normal, sigma from the sample";
      const double se = mc[i][k].se;
      const double zc = stats::normal_quantile(1 - 0.5e-6);
      c.effect = harness::Effect{"mean - exact finite-n",
                                 mc[i][k].mean - exact[i][k],
                                 {mc[i][k].mean - exact[i][k] - zc * se, mc[i][k].mean - exact[i][k] + zc * se}};
      const double sd = se * std::sqrt(static_cast<double>(reps));
      c.detectable_law = harness::DetectableLaw{.formula = harness::DetectableLaw::Formula::mean_shift,
                                                .name = "|mean - exact finite-n|",
                                                .sigma = sd,
                                                .m = reps};
      out.checks.push_back(std::move(c));
    }

    // (b) Equivalence with PD at the largest rung: |mean - PD| within the exact bias plus 25%.
    const double bias_top = exact[top][k] - limit[top][k];
    out.checks.push_back(harness::tolerance_mean_check(
        column(last, k), limit[top][k], kBiasMargin * std::abs(bias_top),
        fmt::format("{} at n = {:g} against PD({:.4f}): |mean - PD| <= 1.25 |exact finite-n bias| = {:.3g}", kNames[k],
                    ns[top], 1 / c_true[top], kBiasMargin * std::abs(bias_top)),
        kBiasMargin * std::abs(bias_top) + (shift_target ? (*shift_target)[k] : kSmokeRelativeTarget * limit[top][k])));

    if (ipr) continue;
    bias_rate_checks(out, family, c_fixed, k, per_rung);  // (c) and (d)
  }

  ladder_figures(out, ns, per_rung, at);
  return out;
}

}  // namespace attnlaw::theory::unified_framework
