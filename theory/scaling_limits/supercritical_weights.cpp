// SL.supercritical.collapse and SL.supercritical.gap-law: the ordered weights at
// beta_n = lambda (A_d n)^{2/(d-1)}, lambda >> 1 (SL.md §2). The nearest key takes all the mass,
// but only polynomially fast: lambda E[1 - w_(1)] -> f_G(0) ln 2, and -lambda^{-1} log(1 - w_(1))
// => G = Gamma_2^p - Gamma_1^p.
//
// d = 3 is exact at every lambda in the n -> infinity limit (W_1 = 1/(1 + Y), Y generalised
// Dickman with theta = 1/lambda), and n = 10^6 leaves an O(1/n) error; other d use the Mecke
// quadrature of the limit point process (reference/poisson_process) and the PPP sampler.
#include <fmt/core.h>

#include <algorithm>
#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/gamma.hpp>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "reference/numerics/panel_quadrature.hpp"
#include "reference/poisson_process/critical_functionals.hpp"
#include "reference/poisson_process/ein.hpp"
#include "reference/poisson_process/point_models.hpp"
#include "reference/poisson_process/supercritical.hpp"
#include "theory/scaling_limits/claims.hpp"
#include "theory/scaling_limits/supercritical_experiment.hpp"
#include "verify/harness/claim_spec.hpp"
#include "verify/harness/exact_value_checks.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/memo.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/goodness_of_fit.hpp"
#include "verify/stats/linear_fit.hpp"
#include "verify/stats/location_scale.hpp"
#include "verify/stats/proportion.hpp"
#include "verify/stats/two_sample.hpp"

namespace attnlaw::theory::scaling_limits {
namespace {

// E[1 - W_1] of the limit at c = lambda. d = 3: int_0^inf e^{-s} (1 - e^{-theta Ein(s)}) ds,
// theta = 1/lambda (E W_1 = int e^{-s - theta Ein(s)} ds, SL.md; the defect is integrated
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

// d = 3, limit: P(1 - W_1 > x) = 1 - e^{-gamma_E theta} (x/(1-x))^theta / Gamma(1 + theta),
// x <= 1/2 (at most one weight exceeds 1/2), in the form that keeps digits at theta -> 0.
double d3_defect_survival(double theta, double x) {
  const double log_f =
      -boost::math::constants::euler<double>() * theta + theta * std::log(x / (1 - x)) - boost::math::lgamma(1 + theta);
  return -std::expm1(log_f);
}

// CDF of G = Gamma_2^p - Gamma_1^p where it is closed form. p = 1 (d = 3): Exp(1). p = 1/2
// (d = 5): P(G > e) = e^{-e^2} int_0^inf e^{-g - 2 e sqrt(g)} dg = e^{-e^2} - sqrt(pi) e erfc(e)
// (substitute g = s^2, then u = s + e) [derived].
double closed_form_gap_cdf(int d, double e) {
  if (e <= 0) return 0;
  if (d == 3) return -std::expm1(-e);
  // d == 5
  return 1 - (std::exp(-e * e) - boost::math::constants::root_pi<double>() * e * std::erfc(e));
}

// Planted bug "supercritical-gap-exp-for-all-d": the d = 3 law Exp(1) taken for every d.
double gap_law_cdf_exp_for_all_d(int /*d*/, double e) {
  if (e <= 0) return 0;
  return -std::expm1(-e);
}

// The gap law's model: the supercritical experiment's and the law of G it states.
struct GapLawModel {
  SupercriticalModel experiment{};
  double (*gap_law_cdf)(int d, double e) = closed_form_gap_cdf;
};

// A lambda-ladder of the exact limit E[1 - W_1], with Monte Carlo points at n (figure only).
struct LadderPoint {
  int d;
  std::vector<double> ladder;  // the lambdas
  std::uint64_t n;
  std::size_t reps;  // Monte Carlo replicates per lambda
  harness::Fields fields() const { return {{"d", d}, {"ladder", ladder}, {"n", n}, {"reps", reps}}; }
};

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

// The gap law needs every key that matters to -log(1 - w_(1)) while G is up to the cover:
// P(G > 30) = e^{-30} (d = 3), P(G > 6) < e^{-36} (d = 5).
double gap_cover(int d) { return d == 3 ? 30 : 6; }

harness::ExperimentResult gap_is_g(const SupercriticalExperiment& e, const GapLawModel& model,
                                   const harness::PointContext& at) {
  const SupercriticalSample s =
      simulate_supercritical(model.experiment, e, at.streams.key(), true, false, gap_cover(e.d));
  harness::ExperimentResult out;
  std::vector<double> pit(e.reps);
  for (std::size_t r = 0; r < e.reps; ++r) pit[r] = model.gap_law_cdf(e.d, s.log_gap[r]);
  const std::string law = e.d == 3 ? "Exp(1)" : "P(G > x) = e^(-x^2) - sqrt(pi) x erfc(x)";
  out.checks.push_back(harness::gof_check(
      stats::anderson_darling_test(pit),
      fmt::format("-log(1 - w_(1))/lambda ~ G = Gamma_2^p - Gamma_1^p, p = 2/(d-1): {} (finite-lambda CDF bias "
                  "<= f_G(0) ln 2/lambda = {:.1e}; largest omitted weight / w_(2) = {:.1e})",
                  law, model.experiment.constants(e.d).mean_gap_limit / e.lambda, s.worst_omitted_relative_to_second),
      e.reps));
  if (e.d == 3) {
    std::vector<double> pit3(e.reps);
    for (std::size_t r = 0; r < e.reps; ++r) {
      const double x = s.third_gap[r];
      pit3[r] = -std::expm1(-x) - x * std::exp(-x);
    }
    out.checks.push_back(harness::gof_check(stats::anderson_darling_test(pit3),
                                            "lambda^-1 log(w_(1)/w_(3)) ~ Gamma_3 - Gamma_1 = Gamma(2, 1) (d = 3)",
                                            e.reps));
  }
  {
    // The reference library's one-dimensional quadrature of P(G <= x) against the closed form.
    const double p = 2.0 / (e.d - 1);
    double worst = 0;
    for (int i = 1; i <= 40; ++i) {
      const double x = 0.1 * i;
      worst = std::max(worst, std::abs(reference::supercritical_gap_cdf(p, x).value - model.gap_law_cdf(e.d, x)));
    }
    harness::Check c;
    c.test = "deterministic";
    c.target =
        "reference/poisson_process supercritical_gap_cdf(p, x) vs the closed form used for the PIT, x = 0.1..4 "
        "(max |difference| <= 1e-9)";
    c.statistic = worst / 1e-9;
    c.p_method = "quadrature against closed form; statistic = max |difference| / 1e-9";
    c.deterministic_holds = c.statistic <= 1;
    out.checks.push_back(std::move(c));
  }
  const std::string& claim = at.claim.id;
  out.figures.push_back(harness::pit_ecdf_figure(harness::figure_slug(claim, "pit", at.fields), claim,
                                                 claim + ": PIT of -log(1 - w_(1))/lambda, " + at.label, pit));
  return out;
}

}  // namespace

std::unique_ptr<harness::Claim> supercritical_collapse() {
  auto claim = std::make_unique<harness::ClaimSpec<SupercriticalModel>>(
      harness::ClaimInfo{
          "SL.supercritical.collapse", "SL", "SL.md §2 SL.supercritical.collapse; paper §3 (supercritical regime)",
          "For beta_n = lambda (A_d n)^{2/(d-1)} with lambda -> infinity, w_(1) -> 1, but only polynomially: "
          "lambda E[1 - w_(1)] -> f_G(0) ln 2 and lambda P(1 - w_(1) > x) -> f_G(0) ln((1-x)/x), f_G(0) = "
          "Gamma(2-p)/p, "
          "p = 2/(d-1); d = 3 exactly W_1 = 1/(1+Y), Y ~ generalised Dickman(1/lambda).",
          harness::Provenance::derived, "[paper] + [derived][checked]"},
      harness::ModelChoice<SupercriticalModel>{SupercriticalModel{},
                                               {{"supercritical-gap-rate", supercritical_gap_rate()},
                                                {"softmax-without-max-subtraction", softmax_without_max_subtraction()},
                                                {"supercritical-fG0-times-p", supercritical_fg0_times_p()}}});
  claim->experiment("mc",
                    harness::Grid<SupercriticalExperiment>{
                        .smoke = {{3, 100, 1000000, 1000000}, {3, 1000, 1000000, 1000000}, {5, 100, 1000000, 200000}},
                        .standard = {{3, 100, 1000000, 2000000},
                                     {3, 300, 1000000, 2000000},
                                     {3, 1000, 1000000, 2000000},
                                     {4, 100, 1000000, 500000},
                                     {5, 100, 1000000, 1000000},
                                     {5, 1000, 1000000, 1000000}}},
                    defect_is_the_limit);
  const std::vector<double> ladder{100, 300, 1000, 3000};
  claim->experiment(
      "ladder",
      harness::Grid<LadderPoint>{
          .smoke = {{3, ladder, 1000000, 100000}, {5, ladder, 1000000, 5000}},
          .standard = {{3, ladder, 1000000, 200000}, {4, ladder, 1000000, 200000}, {5, ladder, 1000000, 200000}}},
      defect_ladder);
  return claim;
}

std::unique_ptr<harness::Claim> supercritical_gap_law() {
  auto claim = std::make_unique<harness::ClaimSpec<GapLawModel>>(
      harness::ClaimInfo{
          "SL.supercritical.gap-law", "SL", "SL.md §2 SL.supercritical.gap-law",
          "For beta_n = lambda (A_d n)^{2/(d-1)} with lambda -> infinity, -lambda^{-1} log(1 - w_(1)) => G = Gamma_2^p "
          "- "
          "Gamma_1^p, p = 2/(d-1) (d = 3: Exp(1)); jointly lambda^{-1} log(w_(1)/w_(j)) => Gamma_j^p - Gamma_1^p.",
          harness::Provenance::derived, "[derived][checked]"},
      harness::ModelChoice<GapLawModel>{
          GapLawModel{},
          {{"supercritical-gap-rate", {.experiment = supercritical_gap_rate()}},
           {"softmax-without-max-subtraction", {.experiment = softmax_without_max_subtraction()}},
           {"supercritical-gap-exp-for-all-d", {.gap_law_cdf = gap_law_cdf_exp_for_all_d}}}});
  // Far enough out that both biases are below what 200 calibration seeds can see (~1e-3 in CDF):
  // finite lambda at most f_G(0) ln 2/lambda (1.2e-5 at d = 5, lambda = 1e5); finite n, from the
  // curvature of the score law near t = 1, relative (A_5 n)^{-1/2} = 1.2e-6 at d = 5, n = 1e12.
  // At lambda = 1000, n = 1e6 the two (1.2e-3 each) were flagged by the smoke calibration
  // (uniformity p 3.7e-7 over 200 seeds). The truncated sampler's cost does not grow with n or lambda.
  constexpr std::uint64_t n = 1000000000000;
  claim->experiment(
      "gap",
      harness::Grid<SupercriticalExperiment>{
          .smoke = {{3, 1e5, n, 100000}, {5, 1e5, n, 100000}},
          .standard = {{3, 1e4, n, 1000000}, {3, 1e5, n, 1000000}, {5, 1e4, n, 1000000}, {5, 1e5, n, 1000000}}},
      gap_is_g);
  return claim;
}

}  // namespace attnlaw::theory::scaling_limits
