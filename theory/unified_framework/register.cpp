#include "theory/unified_framework/claims.hpp"

namespace attnlaw::theory::unified_framework {

void register_claims(harness::Registry& registry) {
  registry.add_paper("UF",
                     "Hayase, Karakida: A Unified Framework for Critical Scaling of Inverse Temperature in Self-Attention "
                     "(arXiv:2605.12697)");
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

  // The planted bugs of the mutant audit: each is an alternative model registered beside the
  // claims that carry it (attnlaw audit mutants).
  registry.add_mutant("pd-alpha-plus-0.05",
                      "every Poisson–Dirichlet reference evaluated at alpha + 0.05");
  registry.add_mutant("gaussian-scale-sqrt-2-log-n",
                      "the Gaussian hazard scale h_n taken as sqrt(2 log n) in place of n phi(b_n)");
  registry.add_mutant("gaussian-mgf-without-half",
                      "the Gaussian moment generating function E e^{beta s} taken as e^{beta^2}, the 1/2 dropped");
  registry.add_mutant("equicorrelated-gap-1-plus-rho",
                      "the equicorrelated gap 1 - rho written as 1 + rho in the closed forms");
  registry.add_mutant("order-statistics-off-by-one",
                      "the top-K score sampler reads the k-th score from U_(k+1): the maximum is dropped");
  registry.add_mutant("weibull-scale-exponent",
                      "the Weibull hazard scale h_n computed with (log n)^{1/p} in place of (log n)^{1-1/p}");
  registry.add_mutant("log2-scale-exponent",
                      "the log2 family's hazard scale h_n computed with (log n)^{1/eta} in place of eta (log n)^{1+1/eta}");
  registry.add_mutant("sphere-exponent-2-over-d",
                      "the sphere family's accumulation exponent taken as 2/d in place of 2/(d-1)");
}

}  // namespace attnlaw::theory::unified_framework
