#include "verify/harness/standard_checks.hpp"

#include "verify/stats/power.hpp"

#include <cmath>

namespace attnlaw::harness {
namespace {
constexpr double kPower = 0.99;
}

Check gof_check(const stats::TestResult& result, std::string target, std::size_t m) {
  Check c = make_check(result, std::move(target));
  c.detectable_at = [m](double alpha) {
    return Detectable{"sup |F_emp - F_ref| (DKW bound)", stats::detectable_cdf_distance(m, alpha, kPower), kPower};
  };
  return c;
}

Check chi_square_check(const stats::ChiSquareTest& test, std::string target) {
  Check c = make_check(test, std::move(target));
  if (test.df == 0) return c;  // void: one pooled cell, nothing to detect
  c.detectable_at = [df = test.df, m = test.total](double alpha) {
    return Detectable{"Cohen's w = sqrt(sum (p1 - p0)^2 / p0) over the pooled cells",
                      stats::detectable_chi_square_effect(df, m, alpha, kPower), kPower};
  };
  return c;
}

Check mean_check(const stats::MeanTest& test, double mu0, std::string what, double sigma, std::size_t m,
                 std::string effect_name, double scale, std::optional<double> target) {
  Check c = make_check(test.result, std::move(what));
  c.effect =
      Effect{effect_name, (test.estimate - mu0) / scale, {(test.ci.lo - mu0) / scale, (test.ci.hi - mu0) / scale}};
  c.detectable_at = [sigma, m, scale, name = "|" + effect_name + "|"](double alpha) {
    return Detectable{name, stats::detectable_mean_shift(sigma, m, alpha, kPower) / scale, kPower};
  };
  c.detectable_target = target;
  return c;
}

Check variance_check(const stats::VarianceTest& test, std::string what, std::size_t m, std::optional<double> target) {
  Check c = make_check(test.result, std::move(what));
  c.effect = Effect{"variance ratio", test.ratio, test.ratio_ci};
  c.detectable_at = [m](double alpha) {
    return Detectable{"|variance ratio - 1|", stats::detectable_variance_ratio(m, alpha, kPower) - 1, kPower};
  };
  c.detectable_target = target;
  return c;
}

Check proportion_check(const stats::ProportionTest& test, std::string what, double p0, std::size_t m,
                       std::optional<double> target) {
  Check c = make_check(test.result, std::move(what));
  c.effect = Effect{"probability - p0", test.estimate - p0, {test.ci.lo - p0, test.ci.hi - p0}};
  c.detectable_at = [p0, m](double alpha) {
    return Detectable{"|probability - p0|", stats::detectable_proportion_shift(p0, m, alpha, kPower), kPower};
  };
  c.detectable_target = target;
  c.null_law = NullLaw::conservative;  // exact tests of a count
  return c;
}

Check at_least_check(std::uint64_t successes, std::uint64_t trials, double level, std::string what,
                     std::optional<double> target) {
  const std::uint64_t m = trials;
  Check c = proportion_check(stats::binomial_test_at_least(successes, trials, level), std::move(what), level, m, target);
  // Only a shortfall is tested: the smallest Delta with m >= ((z_{1-a} sqrt(p0 q0) +
  // z_power sqrt(p1 q1)) / Delta)^2, p1 = level - Delta (normal approximation, by bisection).
  c.detectable_at = [level, m](double alpha) {
    const double za = stats::normal_quantile(1 - alpha), zp = stats::normal_quantile(kPower);
    const double count = static_cast<double>(m);
    const auto needed = [&](double delta) {
      const double p1 = level - delta;
      const double root = (za * std::sqrt(level * (1 - level)) + zp * std::sqrt(p1 * (1 - p1))) / delta;
      return root * root;
    };
    double lo = 0, hi = level;
    if (needed(hi) > count) return Detectable{"level - probability", hi, kPower};
    for (int k = 0; k < 60; ++k) (needed((lo + hi) / 2) > count ? lo : hi) = (lo + hi) / 2;
    return Detectable{"level - probability", hi, kPower};
  };
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

}  // namespace attnlaw::harness
