// UF.family.gaussian, experiment "scale": h_n = n phi(b_n), not sqrt(2 log n) (deterministic).
#include "theory/unified_framework/family_gaussian/experiments.hpp"
#include "theory/unified_framework/family_window_ladder.hpp"

namespace attnlaw::theory::unified_framework::family_gaussian_claim {

ScaleFunction scale_of(const GaussianModel& model) {
  return [hazard = model.scale](double n) { return hazard(kGaussian, n); };
}

harness::ExperimentResult scale_is_n_phi_of_b_n(const ScalePoint& point, const GaussianModel& model,
                                                const harness::PointContext&) {
  return family_scale_check(kGaussian, scale_of(model), point.n);
}

}  // namespace attnlaw::theory::unified_framework::family_gaussian_claim
