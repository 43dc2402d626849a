#pragma once
// SL.supercritical.collapse and SL.supercritical.gap-law (claim.cpp): the points, the gap law's
// model and the run functions of their experiments, one file each (mc.cpp, ladder.cpp, gap.cpp).
#include <cstdint>
#include <vector>

#include "theory/scaling_limits/supercritical_experiment.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::scaling_limits::supercritical_weights_claim {

// CDF of G = Gamma_2^p - Gamma_1^p where it is closed form (d = 3, 5; claim.cpp).
double closed_form_gap_cdf(int d, double e);

// The gap law's model: the supercritical experiment's and the law of G it states.
struct GapLawModel {
  SupercriticalModel experiment{};
  double (*gap_law_cdf)(int d, double e) = closed_form_gap_cdf;
};

// A lambda-ladder of the exact limit E[1 - W_1], with Monte Carlo points at n (figure only).
struct LadderPoint {
  int d;
  std::vector<double> ladder;  // the lambdas
  std::uint64_t n;
  std::size_t reps;  // Monte Carlo replicates per lambda
  harness::Fields fields() const { return {{"d", d}, {"ladder", ladder}, {"n", n}, {"reps", reps}}; }
};

// E[1 - W_1] of the limit at c = lambda, memoised (mc.cpp; the ladder reads it too).
double limit_mean_defect(int d, double lambda);

harness::ExperimentResult defect_is_the_limit(const SupercriticalExperiment& e, const SupercriticalModel& model,
                                              const harness::PointContext& at);
harness::ExperimentResult defect_ladder(const LadderPoint& p, const SupercriticalModel& model,
                                        const harness::PointContext& at);
harness::ExperimentResult gap_is_g(const SupercriticalExperiment& e, const GapLawModel& model,
                                   const harness::PointContext& at);

}  // namespace attnlaw::theory::scaling_limits::supercritical_weights_claim
