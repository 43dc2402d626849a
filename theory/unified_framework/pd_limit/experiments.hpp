#pragma once
// UF.pd-limit (claim.cpp): the points and the run functions of its three experiments, the PD
// sampler and the exponential rows (pd_sampler_and_rows.cpp, sharing their PD checks) and the
// subcritical n-ladder (subcritical.cpp).
#include <vector>

#include "reference/extreme_value/score_families.hpp"
#include "theory/unified_framework/gumbel_models.hpp"
#include "verify/harness/claim_spec.hpp"

namespace attnlaw::theory::unified_framework::pd_limit_claim {

// The exponential rows (h_n = 1) of the exponential-rows and subcritical experiments.
inline const reference::ScoreFamily kExponential{reference::ScoreFamily::Kind::exponential, 1};

struct PdSamplerPoint {
  double alpha;      // the PD(alpha, 0) parameter
  std::size_t K;     // weights drawn per sample
  std::size_t reps;  // samples
  harness::Fields fields() const { return {{"alpha", alpha}, {"K", K}, {"reps", reps}}; }
};

struct ExponentialRowsPoint {
  double c;          // beta = c (h_n = 1)
  double n;          // scores per row
  std::size_t K;     // top scores retained per row
  std::size_t reps;  // rows
  harness::Fields fields() const { return {{"c", c}, {"n", n}, {"K", K}, {"reps", reps}}; }
};

struct SubcriticalPoint {
  double c;               // beta = c (h_n = 1), c < 1
  std::vector<double> n;  // the n-ladder
  std::size_t K;          // top scores retained per row
  std::size_t reps;       // rows per rung
  harness::Fields fields() const { return {{"c", c}, {"n", n}, {"K", K}, {"reps", reps}}; }
};

harness::ExperimentResult pd_sampler_matches_references(const PdSamplerPoint& p, const PdParameter& pd,
                                                        const harness::PointContext& at);
harness::ExperimentResult exponential_rows_tend_to_pd(const ExponentialRowsPoint& p, const PdParameter& pd,
                                                      const harness::PointContext& at);
harness::ExperimentResult top_weight_vanishes(const SubcriticalPoint& p, const PdParameter&,
                                              const harness::PointContext& at);

}  // namespace attnlaw::theory::unified_framework::pd_limit_claim
