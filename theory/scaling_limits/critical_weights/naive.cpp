// SL.critical.top-weight, experiment "naive": the truncated sampler against the naive one, which
// draws all n keys (claim.cpp).
#include <vector>

#include "theory/scaling_limits/critical_weights/experiments.hpp"
#include "verify/harness/standard_checks.hpp"
#include "verify/stats/two_sample.hpp"

namespace attnlaw::theory::scaling_limits::critical_weights_claim {

harness::ExperimentResult samplers_agree(const NaivePoint& p, const CriticalModel& model,
                                         const harness::PointContext& at) {
  const CriticalSample truncated = simulate_critical(model, p.e, at.streams.key(), false);
  const std::vector<double> naive = model.naive_top(model, p.e, at.streams.key("naive"));
  harness::ExperimentResult out;
  out.checks.push_back(harness::gof_check(stats::two_sample_anderson_darling(truncated.top, naive),
                                          "law of w_(1): truncated sampler vs naive sampler (two-sample AD)",
                                          p.e.reps / 2));
  return out;
}

}  // namespace attnlaw::theory::scaling_limits::critical_weights_claim
