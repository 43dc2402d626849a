// UF.family.gaussian, experiments "window" (beta = c h_n) and "ipr" (beta = gamma sqrt(log n)):
// the n-ladders of family_window_ladder.hpp.
#include "theory/unified_framework/family_gaussian/experiments.hpp"
#include "theory/unified_framework/family_window_ladder.hpp"

namespace attnlaw::theory::unified_framework::family_gaussian_claim {

harness::ExperimentResult window_tends_to_pd(const WindowPoint& point, const GaussianModel& model,
                                             const harness::PointContext& at) {
  return window_ladder(kGaussian, scale_of(model),
                       {.c = point.c, .n = point.n, .K = point.K, .reps = point.reps, .alpha_shift = point.alpha_shift},
                       at);
}

harness::ExperimentResult ipr_tends_to_pd(const IprPoint& point, const GaussianModel& model,
                                          const harness::PointContext& at) {
  return window_ladder(kGaussian, scale_of(model),
                       {.gamma = point.gamma, .n = point.n, .K = point.K, .reps = point.reps}, at);
}

}  // namespace attnlaw::theory::unified_framework::family_gaussian_claim
