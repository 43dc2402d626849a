#include "theory/unified_framework/claims.hpp"

namespace attnlaw::theory::unified_framework {

void register_claims(harness::Registry& registry) {
  register_gap_laplace_identity(registry);
  register_gap_lambda(registry);
  register_gap_bounds(registry);
  register_gap_envelope(registry);
  register_gap_ties(registry);
  register_gap_rank_collapse(registry);
  register_gap_criterion(registry);
  register_gumbel_point_process(registry);
  register_gumbel_lambda_law(registry);
  register_pd_limit(registry);
  register_family_exponential(registry);
  register_family_gaussian(registry);
  register_family_weibull(registry);
  register_family_log2(registry);
  register_family_equicorrelated(registry);
  register_family_sphere(registry);
  register_exponent_fit(registry);
}

}  // namespace attnlaw::theory::unified_framework
