#pragma once
// SL.critical.scale-exponent (claim.cpp): the n-ladder point, the half-mass roots (roots.cpp) and
// the run function of its one experiment (ladder.cpp).
#include <functional>
#include <span>
#include <vector>

#include "theory/scaling_limits/critical_experiment.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::scaling_limits::scale_exponent_claim {

// The n-ladder of one dimension, M replicates per temperature and n.
struct NLadderPoint {
  int d;
  std::vector<double> n;
  std::size_t reps;
  harness::Fields fields() const { return {{"d", d}, {"n", n}, {"reps", reps}}; }
};

// The gamma in [0.01, 100] at which a continuous increasing E w_(1)(gamma) crosses 1/2 (TOMS 748
// in log gamma, to 1e-12 relative).
double half_mass_gamma(const std::function<double(double)>& mean_top);

// The root of a + b log beta = 1/2 through the middle three (log beta, E w_(1)) points, and the
// gradient of the root in those three means (delta method).
struct LocalRoot {
  double log_beta;
  double gradient[3];
};

LocalRoot local_root(std::span<const double> log_beta, std::span<const double> mean);

harness::ExperimentResult exponent_is_2_over_d_minus_1(const NLadderPoint& p, const CriticalModel& model,
                                                       const harness::PointContext& at);

}  // namespace attnlaw::theory::scaling_limits::scale_exponent_claim
