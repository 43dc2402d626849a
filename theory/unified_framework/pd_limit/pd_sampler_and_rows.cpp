// UF.pd-limit, experiments "pd-sampler" and "exponential-rows": the PD sampler against the PD
// references (the positive control), then exponential rows at n = 1e12 against PD(1/c, 0), both
// by the same moment and law checks (claim.cpp).
#include <fmt/core.h>

#include <algorithm>
#include <boost/math/special_functions/gamma.hpp>
#include <cmath>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "reference/poisson_dirichlet/poisson_dirichlet.hpp"
#include "theory/unified_framework/critical_window.hpp"
#include "theory/unified_framework/pd_limit/experiments.hpp"
#include "verify/harness/composite_null_checks.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/goodness_of_fit.hpp"

namespace attnlaw::theory::unified_framework::pd_limit_claim {
namespace {

namespace ref = reference;

// The CDF of V_1 tabulated once per alpha and interpolated linearly: a KS test needs it at every
// sample. Near w = 1 it behaves like 1 - C (1 - w)^alpha (infinite slope; at alpha = 1/4 a fifth
// of the mass lies within 0.0025 of 1), so the grid is uniform in y = (1 - w)^alpha, where F is
// smooth: 400 cells in y keep the interpolation error near 1e-5.
class TopWeightCdf {
 public:
  explicit TopWeightCdf(double alpha) : alpha_(alpha), values_(kCells + 1) {
    for (int i = 0; i <= kCells; ++i) {
      const double y = static_cast<double>(i) / kCells;
      const auto e = ref::pd_top_weight_cdf<double>(alpha, 1 - std::pow(y, 1 / alpha));
      values_[static_cast<std::size_t>(i)] = std::clamp(e.value, 0.0, 1.0);
      error_ = std::max(error_, e.error);
    }
  }
  double operator()(double w) const {
    const double x = std::pow(1 - std::clamp(w, 0.0, 1.0), alpha_) * kCells;
    const auto i = std::min(static_cast<std::size_t>(x), static_cast<std::size_t>(kCells - 1));
    const double f = x - static_cast<double>(i);
    return (1 - f) * values_[i] + f * values_[i + 1];
  }
  double error() const { return error_; }

 private:
  static constexpr int kCells = 400;
  double alpha_;
  std::vector<double> values_;
  double error_ = 0;
};

// Exponential rows: E Z_n - c/(c-1) = -c Gamma(c) Gamma(n+1) / ((c-1) Gamma(n+c)) (the missing bulk
// of the PPP beyond the n-th point; derivation in family_exponential/claim.cpp).
double exponential_missing_mass(double c, double n) {
  return c / (c - 1) * std::tgamma(c) * boost::math::tgamma_delta_ratio(n + 1, c - 1);
}

void fill_pit(std::span<const double> values, const std::function<double(double)>& cdf, std::vector<double>& pit) {
  pit.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) pit[i] = std::clamp(cdf(values[i]), 0.0, 1.0);
}

// The four PD moments of a WindowSample against PD(alpha, 0), each with a tolerance = stated
// bias bound + the reference's error.
void pd_moment_checks(const WindowSample& s, double alpha, double bias, const std::string& who,
                      harness::ExperimentResult& out) {
  const auto sq = ref::pd_mean_power_sum<double>(alpha, 2);
  const auto h = ref::pd_mean_entropy<double>(alpha);
  const auto top = ref::pd_mean_top_weight<double>(alpha);
  const auto inv = ref::pd_mean_inverse_top<double>(alpha);
  out.checks.push_back(harness::tolerance_mean_check(s.sum_sq, sq.value, bias + sq.error,
                                                     fmt::format("{}: E sum a^2 = 1 - alpha", who), 0.05));
  out.checks.push_back(harness::tolerance_mean_check(s.entropy, h.value, 2 * bias + h.error,
                                                     fmt::format("{}: E H = psi(1) - psi(1 - alpha)", who), 0.3));
  out.checks.push_back(harness::tolerance_mean_check(
      s.top_weight, top.value, bias + top.error, fmt::format("{}: E a_max = E V_1 (Mecke/Laplace form)", who), 0.05));
  out.checks.push_back(harness::tolerance_mean_check(s.partition, inv.value, bias + inv.error,
                                                     fmt::format("{}: E Z = E[1/a_max] = 1/(1 - alpha)", who),
                                                     0.15 * inv.value));
}

void pd_law_checks(const WindowSample& s, double alpha, const harness::PointContext& at, const std::string& who,
                   harness::ExperimentResult& out) {
  const std::string& claim = at.claim.id;
  std::vector<double> pit;
  fill_pit(
      s.ratio21, [alpha](double x) { return ref::pd_ratio_cdf<double>(alpha, x); }, pit);
  out.checks.push_back(harness::gof_check(
      stats::ks_test(pit), fmt::format("{}: a_(2)/a_(1) ~ U^(1/alpha), P(<= x) = x^alpha (KS)", who), pit.size()));
  const TopWeightCdf cdf(alpha);
  fill_pit(s.top_weight, cdf, pit);
  out.checks.push_back(harness::gof_check(
      stats::ks_test(pit),
      fmt::format("{}: law of a_max = law of V_1 (KS; reference CDF error {:.1e})", who, cdf.error()), pit.size()));
  out.figures.push_back(harness::cdf_comparison_figure(
      harness::figure_slug(claim, "top-weight-cdf", at.fields), claim,
      fmt::format("{}: ECDF of a_max against the PD({:.3g}, 0) CDF of V_1, {}", claim, alpha, at.label), "a_max",
      s.top_weight, cdf));
  out.figures.push_back(harness::cdf_comparison_figure(
      harness::figure_slug(claim, "ratio-cdf", at.fields), claim,
      fmt::format("{}: ECDF of a_(2)/a_(1) against x^alpha, alpha = {:.3g}, {}", claim, alpha, at.label), "a_(2)/a_(1)",
      s.ratio21, [alpha](double x) { return ref::pd_ratio_cdf<double>(alpha, x); }));
}

}  // namespace

harness::ExperimentResult pd_sampler_matches_references(const PdSamplerPoint& p, const PdParameter& pd,
                                                        const harness::PointContext& at) {
  harness::ExperimentResult out;
  const WindowSample s = simulate_pd(p.alpha, p.K, p.reps, at.streams.key());
  // Truncation at K moves sum V^2 and H by O(K^{1 - 2/alpha}) after the tail terms: nil.
  pd_moment_checks(s, pd(p.alpha), 0, "PD sampler", out);
  pd_law_checks(s, pd(p.alpha), at, "PD sampler", out);
  return out;
}

harness::ExperimentResult exponential_rows_tend_to_pd(const ExponentialRowsPoint& p, const PdParameter& pd,
                                                      const harness::PointContext& at) {
  harness::ExperimentResult out;
  const double c = p.c, n = p.n;
  const WindowSample s = simulate_window(kExponential, static_cast<std::uint64_t>(n), c, p.K, p.reps, at.streams.key());
  // Stated bias bound: the PPP mass beyond the n-th point, E(Z_inf - Z_n), bounds the shift of
  // a_max and sum a^2 (both move by at most the relative change of Z); twice it for H.
  const double bias = exponential_missing_mass(c, n);
  pd_moment_checks(s, pd(1 / c), bias, fmt::format("exponential rows, n = {:.0e}, beta = {:.4g}", n, c), out);
  pd_law_checks(s, pd(1 / c), at, "exponential rows", out);
  return out;
}

}  // namespace attnlaw::theory::unified_framework::pd_limit_claim
