// SL.supercritical.collapse, experiment "mc": lambda (1 - w_(1)) by the exact truncated sampler
// against the limit's E[1 - W_1] and, at d = 3, its closed-form tail (claim.cpp).
#include <fmt/core.h>

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/gamma.hpp>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "reference/numerics/panel_quadrature.hpp"
#include "reference/poisson_process/critical_functionals.hpp"
#include "reference/poisson_process/ein.hpp"
#include "reference/poisson_process/point_models.hpp"
#include "theory/scaling_limits/supercritical_weights/experiments.hpp"
#include "verify/harness/exact_value_checks.hpp"
#include "verify/harness/memo.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/proportion.hpp"
#include "verify/stats/two_sample.hpp"

namespace attnlaw::theory::scaling_limits::supercritical_weights_claim {

// E[1 - W_1] of the limit at c = lambda. d = 3: int_0^inf e^{-s} (1 - e^{-theta Ein(s)}) ds,
// theta = 1/lambda (E W_1 = int e^{-s - theta Ein(s)} ds, THEORY.md §2 SL.critical.top-weight; the defect is integrated
// directly, so it keeps its relative accuracy at theta -> 0). Other d: the Mecke quadrature of
// E W_1, whose absolute error (~1e-11) is far below the defect (~1/lambda). Memoised.
double limit_mean_defect(int d, double lambda) {
  static harness::Memo<std::pair<int, double>, double> memo;
  return memo.get({d, lambda}, [&] {
    if (d == 3) {
      namespace rc = reference;
      const double theta = 1 / lambda;
      const auto g = [theta](double s) { return std::exp(-s) * -std::expm1(-theta * rc::ein(s)); };
      auto edges = rc::uniform_edges(0.0, 4.0, 8);
      for (const double x : rc::uniform_edges(5.0, 60.0, 55)) edges.push_back(x);
      return rc::gauss_panels(g, rc::halve_panels(edges));
    }
    const reference::PoissonLimitModel<double> model(2.0 / (d - 1), lambda);
    return 1 - reference::mean_top_weight(model).value;
  });
}

namespace {

// d = 3, limit: P(1 - W_1 > x) = 1 - e^{-gamma_E theta} (x/(1-x))^theta / Gamma(1 + theta),
// x <= 1/2 (at most one weight exceeds 1/2), in the form that keeps digits at theta -> 0.
double d3_defect_survival(double theta, double x) {
  const double log_f =
      -boost::math::constants::euler<double>() * theta + theta * std::log(x / (1 - x)) - boost::math::lgamma(1 + theta);
  return -std::expm1(log_f);
}

}  // namespace

harness::ExperimentResult defect_is_the_limit(const SupercriticalExperiment& e, const SupercriticalModel& model,
                                              const harness::PointContext& at) {
  const SupercriticalSample s = simulate_supercritical(model, e, at.streams.key(), false, false);
  harness::ExperimentResult out;
  std::vector<double> scaled(e.reps);
  for (std::size_t r = 0; r < e.reps; ++r) scaled[r] = e.lambda * s.one_minus_top[r];
  const double exact_mean = e.lambda * limit_mean_defect(e.d, e.lambda);
  // lambda (1 - w_(1)) has variance ~0.19 lambda f_G(0) (near ties): the mean test is the weak
  // one, the tail probabilities below are the sharp ones. Target: a 20% error.
  out.checks.push_back(harness::mean_against(
      scaled, exact_mean,
      fmt::format("mean lambda (1 - w_(1)) vs the limit's lambda E[1 - W_1] = {:.6f} (-> f_G(0) ln 2 = {:.6f})",
                  exact_mean, model.constants(e.d).mean_gap_limit),
      0.2 * exact_mean));
  if (e.d == 3) {
    // Target: a 30% error in the tail probability (the rate constant of theta ln((1-x)/x)).
    for (double x : {0.01, 0.1, 0.3}) {
      const double p0 = d3_defect_survival(1 / e.lambda, x);
      std::uint64_t above = 0;
      for (double v : s.one_minus_top) above += v > x;
      out.checks.push_back(harness::proportion_check(
          stats::binomial_test(above, e.reps, p0),
          fmt::format("P(1 - w_(1) > {:g}) vs the exact d = 3 limit 1 - e^(-gamma_E theta)(x/(1-x))^theta/"
                      "Gamma(1+theta), theta = 1/lambda (-> theta ln((1-x)/x))",
                      x),
          p0, e.reps, 0.3 * p0));
    }
  } else {
    const SupercriticalSample limit =
        simulate_supercritical_limit(model, e.d, e.lambda, e.reps, at.streams.key("limit"));
    out.checks.push_back(harness::gof_check(stats::two_sample_anderson_darling(s.one_minus_top, limit.one_minus_top),
                                            fmt::format("law of 1 - w_(1) vs the limit point process at c = lambda "
                                                        "(two-sample AD, {} PPP draws)",
                                                        e.reps),
                                            e.reps / 2));
  }
  return out;
}

}  // namespace attnlaw::theory::scaling_limits::supercritical_weights_claim
