// UF.family.exponential, experiment "window": test (3), beta = c > 1.
#include <fmt/core.h>

#include <algorithm>
#include <boost/math/special_functions/gamma.hpp>
#include <cmath>
#include <vector>

#include "reference/poisson_dirichlet/poisson_dirichlet.hpp"
#include "theory/unified_framework/critical_window.hpp"
#include "theory/unified_framework/family_exponential/experiments.hpp"
#include "verify/harness/composite_null_checks.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/goodness_of_fit.hpp"

namespace attnlaw::theory::unified_framework::family_exponential_claim {

double exact_mean_partition(double c, double n) {
  return c / (c - 1) * (1 - std::tgamma(c) * boost::math::tgamma_delta_ratio(n + 1, c - 1));
}

harness::ExperimentResult window(const WindowPoint& p, const ExponentialModel& model, const harness::PointContext& at) {
  const std::size_t reps = p.reps;
  const double c = p.c;
  const double n = p.n;
  const WindowSample s =
      simulate_window(kExponential, static_cast<std::uint64_t>(n), c, p.K, reps, at.streams.key(), model.top_gaps);
  harness::ExperimentResult out;
  std::vector<double> u(reps);
  for (std::size_t r = 0; r < reps; ++r) u[r] = std::pow(s.ratio21[r], 1 / c);
  out.checks.push_back(harness::gof_check(
      stats::ks_test(u), fmt::format("a_(2)/a_(1) = e^(-c E_1), CDF x^(1/c) exactly, c = {:.4g} (KS)", c), reps));
  const double ez = exact_mean_partition(c, n);
  out.checks.push_back(harness::tolerance_mean_check(
      s.partition, ez, 0,
      fmt::format("E Z_n = c/(c-1) [1 - Gamma(c) Gamma(n+1)/Gamma(n+c)] = {:.6g}, exact at n (bulk-corrected Z)", ez),
      0.15 * ez));
  if (p.pd) {
    // Stated bias bound of the PD moments: E(Z_inf - Z_n) (the PPP mass beyond the n-th point).
    const double bias = c / (c - 1) - ez;
    const double alpha = model.pd(1 / c);
    const auto sq = ref::pd_mean_power_sum<double>(alpha, 2);
    const auto h = ref::pd_mean_entropy<double>(alpha);
    const auto top = ref::pd_mean_top_weight<double>(alpha);
    out.checks.push_back(
        harness::tolerance_mean_check(s.sum_sq, sq.value, bias + sq.error, "E sum a^2 = 1 - 1/c", 0.05));
    out.checks.push_back(
        harness::tolerance_mean_check(s.entropy, h.value, 2 * bias + h.error, "E H = psi(1) - psi(1 - 1/c)", 0.3));
    out.checks.push_back(
        harness::tolerance_mean_check(s.top_weight, top.value, bias + top.error, "E a_max = E V_1 of PD(1/c)", 0.05));
    out.checks.push_back(harness::tolerance_mean_check(s.partition, c / (c - 1), bias, "E[1/a_max] = E Z -> c/(c-1)",
                                                       0.15 * c / (c - 1)));
  }
  out.figures.push_back(harness::cdf_comparison_figure(
      harness::figure_slug(at.claim.id, "ratio-cdf", at.fields), at.claim.id,
      fmt::format("{}: ECDF of a_(2)/a_(1) against x^(1/c), {}", at.claim.id, at.label), "a_(2)/a_(1)", s.ratio21,
      [c](double x) { return std::pow(std::clamp(x, 0.0, 1.0), 1 / c); }));
  return out;
}

}  // namespace attnlaw::theory::unified_framework::family_exponential_claim
