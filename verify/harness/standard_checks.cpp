#include "verify/harness/standard_checks.hpp"

#include <cmath>

#include "verify/stats/power.hpp"

namespace attnlaw::harness {
namespace {
constexpr double kPower = 0.99;
}

Check gof_check(const stats::TestResult& result, std::string target, std::size_t m) {
  Check c = make_check(result, std::move(target));
  c.detectable_law = DetectableLaw{.formula = DetectableLaw::Formula::cdf_distance,
                                   .name = "sup |F_emp - F_ref| (DKW bound)",
                                   .power = kPower,
                                   .m = m};
  return c;
}

Check chi_square_check(const stats::ChiSquareTest& test, std::string target) {
  Check c = make_check(test, std::move(target));
  if (test.df == 0) return c;  // void: one pooled cell, nothing to detect
  c.detectable_law = DetectableLaw{.formula = DetectableLaw::Formula::chi_square_effect,
                                   .name = "Cohen's w = sqrt(sum (p1 - p0)^2 / p0) over the pooled cells",
                                   .power = kPower,
                                   .m = test.total,
                                   .df = test.df};
  return c;
}

Check mean_check(const stats::MeanTest& test, double mu0, std::string what, double sigma, std::size_t m,
                 std::string effect_name, double scale, std::optional<double> target) {
  Check c = make_check(test.result, std::move(what));
  c.effect =
      Effect{effect_name, (test.estimate - mu0) / scale, {(test.ci.lo - mu0) / scale, (test.ci.hi - mu0) / scale}};
  c.detectable_law = DetectableLaw{.formula = DetectableLaw::Formula::mean_shift,
                                   .name = "|" + effect_name + "|",
                                   .power = kPower,
                                   .sigma = sigma,
                                   .scale = scale,
                                   .m = m};
  c.detectable_target = target;
  return c;
}

Check variance_check(const stats::VarianceTest& test, std::string what, std::size_t m, std::optional<double> target) {
  Check c = make_check(test.result, std::move(what));
  c.effect = Effect{"variance ratio", test.ratio, test.ratio_ci};
  c.detectable_law = DetectableLaw{
      .formula = DetectableLaw::Formula::variance_ratio, .name = "|variance ratio - 1|", .power = kPower, .m = m};
  c.detectable_target = target;
  return c;
}

Check proportion_check(const stats::ProportionTest& test, std::string what, double p0, std::size_t m,
                       std::optional<double> target) {
  Check c = make_check(test.result, std::move(what));
  c.effect = Effect{"probability - p0", test.estimate - p0, {test.ci.lo - p0, test.ci.hi - p0}};
  c.detectable_law = DetectableLaw{.formula = DetectableLaw::Formula::proportion_shift,
                                   .name = "|probability - p0|",
                                   .power = kPower,
                                   .p0 = p0,
                                   .m = m};
  c.detectable_target = target;
  c.null_law = NullLaw::conservative;  // exact tests of a count
  return c;
}

Check at_least_check(std::uint64_t successes, std::uint64_t trials, double level, std::string what,
                     std::optional<double> target) {
  const std::uint64_t m = trials;
  Check c =
      proportion_check(stats::binomial_test_at_least(successes, trials, level), std::move(what), level, m, target);
  // Only a shortfall is tested (one-sided, normal approximation).
  c.detectable_law = DetectableLaw{.formula = DetectableLaw::Formula::proportion_shortfall,
                                   .name = "level - probability",
                                   .power = kPower,
                                   .p0 = level,
                                   .m = m};
  return c;
}

Check deterministic_check(std::string target, double statistic, std::string method) {
  Check c;
  c.test = "deterministic";
  c.target = std::move(target);
  c.statistic = statistic;
  c.p_method = std::move(method);
  c.deterministic_holds = statistic <= 1;
  return c;
}

Check rate_check(std::string what, double fitted_slope, double theory_slope, double tolerance, std::string method) {
  Check c = deterministic_check(std::move(what), std::abs(fitted_slope - theory_slope) / tolerance,
                                std::move(method) + "; statistic = |fitted - theory| / tolerance");
  c.effect = Effect{"fitted slope", fitted_slope, {fitted_slope, fitted_slope}};
  return c;
}

Check slope_z_check(std::string target, double slope, double expected, double se, std::string p_method,
                    std::string discrepancy) {
  const double z = (slope - expected) / se;
  const double zc = stats::normal_quantile(1 - 0.5e-6);
  Check c;
  c.test = "z-test";
  c.target = std::move(target);
  c.statistic = z;
  c.p_value = std::erfc(std::abs(z) / std::sqrt(2.0));
  c.p_method = std::move(p_method);
  c.effect = Effect{"fitted slope", slope, {slope - zc * se, slope + zc * se}};
  c.detectable_law =
      DetectableLaw{.formula = DetectableLaw::Formula::standard_error, .name = std::move(discrepancy), .sigma = se};
  return c;
}

}  // namespace attnlaw::harness
