// family_window_ladder.hpp: the figures of a ladder.
#include <fmt/core.h>

#include <cmath>
#include <string>
#include <vector>

#include "reference/poisson_dirichlet/poisson_dirichlet.hpp"
#include "theory/unified_framework/family_window_ladder/parts.hpp"
#include "verify/harness/figure_data.hpp"

namespace attnlaw::theory::unified_framework::window_ladder_parts {
namespace {

namespace ref = reference;

}  // namespace

void ladder_figures(harness::ExperimentResult& out, const std::vector<double>& ns, const Rungs& per_rung,
                    const harness::PointContext& at) {
  const auto& [c_true, log_log, mc, exact, limit, last] = per_rung;
  const std::size_t rungs = ns.size();
  const std::size_t top = rungs - 1;
  // Figures: the bias ladder (log-log) and the ECDF of a_(1) at the largest rung against PD.
  std::vector<harness::Series> series;
  for (int k = 0; k < kStats; ++k) {
    std::vector<double> x, ym, yerr, ye;
    for (std::size_t i = 0; i < rungs; ++i) {
      x.push_back(std::log(ns[i]));
      ym.push_back(std::abs(mc[i][k].mean - limit[i][k]));
      yerr.push_back(2 * mc[i][k].se);
      ye.push_back(std::abs(exact[i][k] - limit[i][k]));
    }
    series.push_back({fmt::format("|MC {} - PD|", kNames[k]), "errorbars", x, ym, yerr});
    series.push_back({fmt::format("exact finite-n {}", kNames[k]), "lines", x, ye});
  }
  {
    std::vector<double> x, theory;
    const double anchor = std::abs(exact[0][0] - limit[0][0]);
    for (std::size_t i = 0; i < rungs; ++i) {
      x.push_back(std::log(ns[i]));
      theory.push_back(anchor * std::log(ns[0]) / std::log(ns[i]));
    }
    series.push_back({"theory slope -1 (anchored at E a_(1))", "lines", x, theory});
  }
  const std::string& claim = at.claim.id;
  out.figures.push_back(harness::Figure{.id = harness::figure_slug(claim, "bias-ladder", at.fields),
                                        .claim = claim,
                                        .title = fmt::format("{}: |finite-n - PD| against log n, {}", claim, at.label),
                                        .xlabel = "log n",
                                        .ylabel = "|theta_n - theta_PD|",
                                        .log_x = true,
                                        .log_y = true,
                                        .series = std::move(series)});
  const double alpha_top = 1 / c_true[top];
  out.figures.push_back(harness::cdf_comparison_figure(
      harness::figure_slug(claim, "top-weight-ecdf", at.fields), claim,
      fmt::format("{}: ECDF of a_(1) at n = {:g} against the PD({:.4f}) CDF of V_1", claim, ns[top], alpha_top),
      "a_(1)", last.top_weight, [alpha_top](double w) { return ref::pd_top_weight_cdf<double>(alpha_top, w).value; }));
}

}  // namespace attnlaw::theory::unified_framework::window_ladder_parts
