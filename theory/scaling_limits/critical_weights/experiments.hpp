#pragma once
// SL.critical.top-weight, SL.critical.finite-mass and SL.critical.spacings (claim.cpp): the points,
// the spacings' model and the run functions of their experiments, one file each (top_weight.cpp,
// ladder.cpp for both ladders, naive.cpp, finite_mass.cpp, spacings.cpp).
#include <vector>

#include "theory/scaling_limits/critical_experiment.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::scaling_limits::critical_weights_claim {

// The exact values at the rungs n of the ladder, against the limit at the same (d, gamma).
struct LadderPoint {
  int d;
  double gamma;
  std::vector<double> rungs = {1e3, 1e4, 1e5, 1e6};
  harness::Fields fields() const { return {{"d", d}, {"gamma", gamma}, {"ladder", rungs}}; }
};

// The truncated sampler against the naive one, at the same point of the same finite-n law.
struct NaivePoint {
  CriticalExperiment e;
  harness::Fields fields() const {
    harness::Fields f = e.fields();
    f.emplace_back("compare", "naive");
    return f;
  }
};

// The spacings' model: the critical experiment's and the mean c = gamma A_3^{-1} = 2 gamma of the
// d = 3 log-weight spacings, as a multiple of gamma.
struct SpacingsModel {
  CriticalModel experiment{};
  double mean_over_gamma = 2;
};

harness::ExperimentResult top_weight_law(const CriticalExperiment& e, const CriticalModel& model,
                                         const harness::PointContext& at);
harness::ExperimentResult top_weight_ladder(const LadderPoint& p, const CriticalModel& model,
                                            const harness::PointContext& at);
harness::ExperimentResult samplers_agree(const NaivePoint& p, const CriticalModel& model,
                                         const harness::PointContext& at);
harness::ExperimentResult finite_mass(const CriticalExperiment& e, const CriticalModel& model,
                                      const harness::PointContext& at);
harness::ExperimentResult sum_sq_ladder(const LadderPoint& p, const CriticalModel& model,
                                        const harness::PointContext& at);
harness::ExperimentResult spacings_are_beta(const CriticalExperiment& e, const SpacingsModel& model,
                                            const harness::PointContext& at);

}  // namespace attnlaw::theory::scaling_limits::critical_weights_claim
