// UF.family.exponential, experiments "spacings-top-k" and "spacings-full-row": test (1), the
// normalised spacings k (s_(k) - s_(k+1)) i.i.d. Exp(1), through the top-K sampler and through
// full rows.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <span>
#include <vector>

#include "theory/unified_framework/family_exponential/experiments.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/sample/score_rows.hpp"
#include "verify/stats/goodness_of_fit.hpp"

namespace attnlaw::theory::unified_framework::family_exponential_claim {
namespace {

std::vector<double> exp_pit(std::span<const double> x) {
  std::vector<double> u(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) u[i] = -std::expm1(-x[i]);
  return u;
}

}  // namespace

harness::ExperimentResult spacings_top_k(const TopKSpacingsPoint& p, const ExponentialModel& model,
                                         const harness::PointContext& at) {
  const auto stream = at.streams.key();
  const std::size_t reps = p.reps;
  const auto n = static_cast<std::uint64_t>(p.n);
  const std::size_t K = p.K;
  const std::size_t k_max = K - 1;
  std::vector<double> pooled(reps * k_max);
  harness::for_each_replicate(reps, [&](std::size_t r) {
    const auto row = model.top_gaps(kExponential, stream, static_cast<std::uint32_t>(r), n, K);
    for (std::size_t k = 1; k <= k_max; ++k) {
      pooled[k - 1 + r * k_max] = static_cast<double>(k) * (row.gaps[k] - row.gaps[k - 1]);
    }
  });
  harness::ExperimentResult out;
  for (std::size_t k : {std::size_t{1}, std::size_t{2}}) {
    std::vector<double> x(reps);
    for (std::size_t r = 0; r < reps; ++r) x[r] = pooled[k - 1 + r * k_max];
    const auto u = exp_pit(x);
    out.checks.push_back(
        harness::gof_check(stats::anderson_darling_test(u),
                           fmt::format("top-K rows: {} (s_({}) - s_({})) ~ Exp(1) exactly (AD)", k, k, k + 1), reps));
    if (k == 1) {
      out.figures.push_back(
          harness::pit_ecdf_figure(harness::figure_slug(at.claim.id, "pit-spacing-1", at.fields), at.claim.id,
                                   at.claim.id + ": PIT of s_(1) - s_(2) under Exp(1), " + at.label, u));
    }
  }
  const auto u = exp_pit(pooled);
  out.checks.push_back(harness::gof_check(
      stats::anderson_darling_test(u),
      fmt::format("top-K rows: k (s_(k) - s_(k+1)), k = 1..{}, pooled i.i.d. Exp(1) (AD)", k_max), u.size()));
  return out;
}

harness::ExperimentResult spacings_full_row(const FullRowSpacingsPoint& p, const ExponentialModel&,
                                            const harness::PointContext& at) {
  const auto stream = at.streams.key();
  const std::size_t reps = p.reps;
  const auto n = static_cast<std::uint64_t>(p.n);
  std::vector<double> first(reps), pooled(reps * (n - 1));
  harness::for_each_replicate(reps, [&](std::size_t r) {
    std::vector<double> s = sample::sample_full_row(kExponential, stream, static_cast<std::uint32_t>(r), n);
    std::sort(s.begin(), s.end(), std::greater<>());
    for (std::size_t k = 1; k < n; ++k) pooled[k - 1 + r * (n - 1)] = static_cast<double>(k) * (s[k - 1] - s[k]);
    first[r] = s[0] - s[1];
  });
  harness::ExperimentResult out;
  out.checks.push_back(harness::gof_check(stats::anderson_darling_test(exp_pit(first)),
                                          "full rows, sorted: s_(1) - s_(2) ~ Exp(1) exactly (AD)", reps));
  out.checks.push_back(harness::gof_check(stats::anderson_darling_test(exp_pit(pooled)),
                                          "full rows, sorted: k (s_(k) - s_(k+1)), every k < n, pooled Exp(1) (AD)",
                                          pooled.size()));
  return out;
}

}  // namespace attnlaw::theory::unified_framework::family_exponential_claim
