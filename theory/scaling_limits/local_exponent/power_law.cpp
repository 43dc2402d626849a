// SL.local-exponent, experiment "power-law" (i): keys with gap law (t/2)^a by the truncated sampler
// against the limit point process with p = 1/a (claim.cpp).
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "reference/poisson_process/critical_functionals.hpp"
#include "reference/poisson_process/point_models.hpp"
#include "theory/scaling_limits/local_exponent/experiments.hpp"
#include "verify/attention/weight_functionals.hpp"
#include "verify/harness/exact_value_checks.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/memo.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/sample/key_laws.hpp"
#include "verify/stats/two_sample.hpp"

namespace attnlaw::theory::scaling_limits::local_exponent_claim {
namespace {

// Mecke quadrature of E W_1 for energies c Gamma_j^p; memoised (about 0.4 s each).
double limit_mean_top(double p, double c) {
  static harness::Memo<std::pair<double, double>, double> memo;
  return memo.get({p, c}, [&] { return reference::mean_top_weight(reference::PoissonLimitModel<double>(p, c)).value; });
}

}  // namespace

harness::Figure ecdf_figure(const harness::PointContext& at, const std::string& title, std::span<const double> sample,
                            std::vector<double> reference_sample) {
  std::sort(reference_sample.begin(), reference_sample.end());
  const std::string& claim = at.claim.id;
  return harness::cdf_comparison_figure(
      harness::figure_slug(claim, "cdf", at.fields), claim, title, "w_(1)", sample, [reference_sample](double x) {
        return static_cast<double>(std::upper_bound(reference_sample.begin(), reference_sample.end(), x) -
                                   reference_sample.begin()) /
               static_cast<double>(reference_sample.size());
      });
}

harness::ExperimentResult power_law_keys(const PowerLawPoint& p, const LocalModel& model,
                                         const harness::PointContext& at) {
  const double beta = p.gamma * std::pow(static_cast<double>(p.n), 1 / p.a);
  const sample::PppLaw law = model.predicted_law(p.d, p.a, p.gamma);

  std::vector<double> top(p.reps), limit(p.reps);
  const rng::StreamKey stream = at.streams.key();
  harness::for_each_replicate(p.reps, [&](std::size_t r) {
    const auto keys =
        sample::sample_local_exponent_truncated(stream, static_cast<std::uint32_t>(r), p.n, p.d, p.a, beta);
    top[r] = attention::summarize_weights(keys.gaps, beta).top_weight;
  });
  const rng::StreamKey limit_stream = at.streams.key("limit");
  harness::for_each_replicate(p.reps, [&](std::size_t r) {
    limit[r] =
        attention::summarize_weights(sample::sample_ppp(limit_stream, static_cast<std::uint32_t>(r), law)).top_weight;
  });

  harness::ExperimentResult out;
  const double exact = limit_mean_top(law.p, law.c);
  out.checks.push_back(harness::mean_against(
      top, exact,
      fmt::format("mean w_(1) vs the limit's E W_1 = {:.6f} at p = 1/a = {:.4g}, c = gamma 2 = {:g} (Mecke "
                  "quadrature; finite-n bias O(1/n))",
                  exact, law.p, law.c),
      0.015));
  out.checks.push_back(harness::gof_check(
      stats::two_sample_anderson_darling(top, limit),
      fmt::format("law of w_(1) vs the limit point process with p = 1/a (two-sample AD, {} PPP draws)", p.reps),
      p.reps / 2));
  out.figures.push_back(ecdf_figure(
      at, fmt::format("{}: w_(1) for gap exponent a = {:g} vs the PPP with p = 1/a, {}", at.claim.id, p.a, at.label),
      top, limit));
  return out;
}

}  // namespace attnlaw::theory::scaling_limits::local_exponent_claim
