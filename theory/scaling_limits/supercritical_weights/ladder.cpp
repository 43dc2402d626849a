// SL.supercritical.collapse, experiment "ladder": the exact limit E[1 - W_1] over a lambda-ladder,
// its slope and its approach to f_G(0) ln 2, with Monte Carlo points for the figure (claim.cpp).
#include <fmt/core.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "theory/scaling_limits/supercritical_weights/experiments.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/linear_fit.hpp"
#include "verify/stats/location_scale.hpp"

namespace attnlaw::theory::scaling_limits::supercritical_weights_claim {

harness::ExperimentResult defect_ladder(const LadderPoint& p, const SupercriticalModel& model,
                                        const harness::PointContext& at) {
  std::vector<double> defect;
  for (double lambda : p.ladder) defect.push_back(limit_mean_defect(p.d, lambda));
  const double slope = stats::log_log_fit(p.ladder, defect).slope;
  harness::ExperimentResult out;
  {
    // log(lambda E[1 - W_1]) moves by O(1/lambda) over the ladder: the slope is -1 to ~2e-3.
    constexpr double tolerance = 0.02;
    out.checks.push_back(harness::rate_check(
        fmt::format("lambda-ladder of the exact limit E[1 - W_1]: fitted slope of log E[1 - W_1] vs log lambda "
                    "= -1 (+-{:g})",
                    tolerance),
        slope, -1, tolerance, "exact limit values (no sampling)"));
  }
  const auto constants = model.constants(p.d);
  const double lambda_top = p.ladder.back();
  const double top = lambda_top * defect.back();
  {
    // The approach to f_G(0) ln 2 is O(1/lambda) (d = 3: 0.37/lambda, d = 5: 0.13/lambda):
    // the tolerance is 1/lambda at the top of the ladder.
    harness::Check c;
    c.test = "deterministic";
    c.target = fmt::format(
        "lambda E[1 - W_1] at lambda = {:g} vs the limit constant f_G(0) ln 2 = {:.6f}, "
        "f_G(0) = Gamma(2-p)/p (+-1/lambda)",
        lambda_top, constants.mean_gap_limit);
    c.statistic = std::abs(top - constants.mean_gap_limit) * lambda_top;
    c.p_method = "exact limit value; statistic = lambda |lambda E[1 - W_1] - f_G(0) ln 2|";
    c.effect = harness::Effect{"lambda E[1 - W_1]", top, {top, top}};
    c.deterministic_holds = c.statistic <= 1;
    out.checks.push_back(std::move(c));
  }

  std::vector<double> x, exact, mc, mc_err, limit_y;
  for (std::size_t i = 0; i < p.ladder.size(); ++i) {
    const double lambda = p.ladder[i];
    x.push_back(lambda);
    exact.push_back(lambda * defect[i]);
    limit_y.push_back(constants.mean_gap_limit);
    // Each lambda its own stream: the Monte Carlo points are independent of one another.
    const SupercriticalSample s = simulate_supercritical(
        model, {p.d, lambda, p.n, p.reps}, at.streams.key(fmt::format("lambda={}", lambda)), false, false);
    std::vector<double> scaled(p.reps);
    for (std::size_t r = 0; r < p.reps; ++r) scaled[r] = lambda * s.one_minus_top[r];
    const stats::MeanWithError m = stats::mean_with_error(scaled);
    mc.push_back(m.mean);
    mc_err.push_back(2 * m.std_error());
  }
  std::vector<harness::Series> series;
  series.push_back({"exact limit lambda E[1 - W_1]", "lines", x, exact});
  series.push_back({"f_G(0) ln 2", "lines", x, limit_y});
  series.push_back({fmt::format("Monte Carlo, n = {}, +-2 s.e.", p.n), "errorbars", x, mc, mc_err});
  const std::string& claim = at.claim.id;
  out.figures.push_back(
      harness::Figure{.id = harness::figure_slug(claim, "ladder", at.fields),
                      .claim = claim,
                      .title = fmt::format("{}: lambda E[1 - w_(1)] against lambda, d = {}", claim, p.d),
                      .xlabel = "lambda = beta / (A_d n)^(2/(d-1))",
                      .ylabel = "lambda E[1 - w_(1)]",
                      .log_x = true,
                      .series = std::move(series)});
  return out;
}

}  // namespace attnlaw::theory::scaling_limits::supercritical_weights_claim
