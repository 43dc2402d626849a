// SL.critical.spacings, experiment "mc": the d = 3 log-weight spacings against their exact
// finite-n law (claim.cpp).
#include <fmt/core.h>

#include <cmath>
#include <vector>

#include "theory/scaling_limits/critical_weights/experiments.hpp"
#include "verify/harness/figure_data.hpp"
#include "verify/harness/parallel.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/goodness_of_fit.hpp"

namespace attnlaw::theory::scaling_limits::critical_weights_claim {

// d = 3 is exact at every n: the gaps are n i.i.d. U(0,2), so each uniform spacing
// (t_(j+1) - t_(j))/2 ~ Beta(1, n), and log(w_(j)/w_(j+1)) = beta (t_(j+1) - t_(j)).
harness::ExperimentResult spacings_are_beta(const CriticalExperiment& e, const SpacingsModel& model,
                                            const harness::PointContext& at) {
  const double n = static_cast<double>(e.n);
  const double beta = model.experiment.critical_beta(e.d, e.gamma, n);
  constexpr int kSpacings = 3;
  std::vector<std::vector<double>> pit(kSpacings, std::vector<double>(e.reps));
  const rng::StreamKey stream = at.streams.key();
  const double mean = model.mean_over_gamma * e.gamma;
  harness::for_each_replicate(e.reps, [&](std::size_t r) {
    const auto keys =
        sample_critical_keys(model.experiment, stream, model.experiment.replicate_counter(r), e.n, e.d, beta);
    for (int j = 0; j < kSpacings; ++j) {
      const double log_ratio = beta * (keys.gaps[j + 1] - keys.gaps[j]);
      // The uniform spacing, Beta(1, n).
      const double x = log_ratio / (mean * n);
      pit[static_cast<std::size_t>(j)][r] = -std::expm1(n * std::log1p(-x));
    }
  });
  harness::ExperimentResult out;
  for (int j = 0; j < kSpacings; ++j) {
    out.checks.push_back(harness::gof_check(
        stats::anderson_darling_test(pit[static_cast<std::size_t>(j)]),
        fmt::format("log(w_({}) / w_({})) / (2 gamma n) ~ Beta(1, n) exactly (limit: Exp with mean 2 gamma)", j + 1,
                    j + 2),
        e.reps));
  }
  out.figures.push_back(harness::pit_ecdf_figure(harness::figure_slug(at.claim.id, "pit", at.fields), at.claim.id,
                                                 at.claim.id + ": PIT of the first log-weight spacing, " + at.label,
                                                 pit[0]));
  return out;
}

}  // namespace attnlaw::theory::scaling_limits::critical_weights_claim
