#pragma once
// The claims of Hayase, Karakida, "A Unified Framework for Critical Scaling of Inverse Temperature
// in Self-Attention" (arXiv:2605.12697); ids as in the theory notes, statements in CLAIMS.md.
#include "verify/harness/registry.hpp"

namespace attnlaw::theory::unified_framework {

// Deterministic: exact identities and inequalities of one row (gap_*.cpp).
void register_gap_laplace_identity(harness::Registry& registry);
void register_gap_lambda(harness::Registry& registry);
void register_gap_bounds(harness::Registry& registry);
void register_gap_envelope(harness::Registry& registry);
void register_gap_ties(harness::Registry& registry);
void register_gap_rank_collapse(harness::Registry& registry);
void register_gap_criterion(harness::Registry& registry);
void register_family_equicorrelated(harness::Registry& registry);

// Gumbel-domain rows and the Poisson–Dirichlet window.
void register_gumbel_point_process(harness::Registry& registry);
void register_gumbel_lambda_law(harness::Registry& registry);
void register_pd_limit(harness::Registry& registry);
void register_family_exponential(harness::Registry& registry);
void register_family_gaussian(harness::Registry& registry);
void register_family_weibull(harness::Registry& registry);
void register_family_log2(harness::Registry& registry);

// Polynomial accumulation and the exponent fit.
void register_family_sphere(harness::Registry& registry);
void register_exponent_fit(harness::Registry& registry);

void register_claims(harness::Registry& registry);

}  // namespace attnlaw::theory::unified_framework
