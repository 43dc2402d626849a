// UF.family.sphere, experiment "lambda-scaling": Lambda_n / n^{2/(d-1)} along an n-ladder.
#include <fmt/core.h>

#include <algorithm>
#include <numeric>

#include "theory/unified_framework/family_sphere/experiments.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/goodness_of_fit.hpp"
#include "verify/stats/two_sample.hpp"

namespace attnlaw::theory::unified_framework::family_sphere_claim {

harness::ExperimentResult lambda_scaling(const LambdaScalingPoint& point, const SphereScale& model,
                                         const harness::PointContext& at) {
  const std::string& claim = at.claim.id;
  const int d = point.d;
  const std::size_t reps = point.reps;
  const std::uint64_t K = point.K;
  const double log_cutoff = point.log_cutoff;
  std::vector<double> limit(reps);
  std::vector<int> limit_undecided(reps, 0);
  const auto limit_stream = at.streams.key("limit");
  harness::for_each_replicate(reps, [&](std::size_t r) {
    const RowLambda l = sphere_limit_lambda(limit_stream, static_cast<std::uint32_t>(r), d, log_cutoff);
    limit[r] = l.lambda;
    limit_undecided[r] = !l.decided;
  });
  harness::ExperimentResult out;
  std::vector<double> sorted_limit = limit;
  std::sort(sorted_limit.begin(), sorted_limit.end());
  const double limit_median = sorted_limit[reps / 2];
  int undecided = std::accumulate(limit_undecided.begin(), limit_undecided.end(), 0);
  std::vector<double> mx, my, lx, ly;
  for (const double n_value : point.n) {
    const auto n = static_cast<std::uint64_t>(n_value);
    const auto stream = at.streams.key(fmt::format("n={}", n));
    std::vector<double> scaled(reps);
    std::vector<int> row_undecided(reps, 0);
    const double scale = model.scale(d, n_value);
    harness::for_each_replicate(reps, [&](std::size_t r) {
      const RowLambda l = sphere_row_lambda(stream, static_cast<std::uint32_t>(r), n, d, std::min(K, n));
      scaled[r] = l.lambda / scale;
      row_undecided[r] = !l.decided;
    });
    undecided += std::accumulate(row_undecided.begin(), row_undecided.end(), 0);
    // The check at one n is about that n: the rungs share the limit draws, so n is not a point of its own.
    harness::Check law = harness::gof_check(stats::two_sample_anderson_darling(scaled, limit),
                                            "Lambda_n / n^{2/(d-1)} has the n-free limit law sup_k log k / (e_k - e_1) "
                                            "(two-sample AD against the PPP limit)",
                                            reps / 2);
    law.params = harness::Fields{{"d", d}, {"n", n}, {"reps", reps}, {"K", K}, {"log_cutoff", log_cutoff}};
    out.checks.push_back(std::move(law));
    std::sort(scaled.begin(), scaled.end());
    mx.push_back(n_value);
    my.push_back(scaled[reps / 2]);
    lx.push_back(n_value);
    ly.push_back(limit_median);
  }
  out.checks.push_back(harness::deterministic_check(
      fmt::format("every Lambda decided by its retained keys (K = {}, PPP cutoff {})", K, log_cutoff), undecided,
      "statistic = rows and limit draws whose Lambda the retained keys leave open (0 required)"));
  std::vector<harness::Series> series;
  series.push_back({"median Lambda_n / n^(2/(d-1))", "linespoints", std::move(mx), std::move(my)});
  series.push_back({"median of the limit (PPP)", "lines", std::move(lx), std::move(ly)});
  out.figures.push_back(
      harness::Figure{.id = harness::figure_slug(claim, fmt::format("lambda-d{}", d)),
                      .claim = claim,
                      .title = fmt::format("{}: median Lambda_n / n^(2/(d-1)) along n, d = {}", claim, d),
                      .xlabel = "n",
                      .ylabel = "median Lambda_n / n^(2/(d-1))",
                      .log_x = true,
                      .series = std::move(series)});
  return out;
}

}  // namespace attnlaw::theory::unified_framework::family_sphere_claim
