#include <memory>

#include "theory/unified_framework/claims.hpp"

namespace attnlaw::theory::unified_framework {

// The claims, in report order: one line each, naming the function of the claim's own file that
// builds it.
#define ATTNLAW_UNIFIED_FRAMEWORK_CLAIMS(CLAIM) \
  CLAIM(gap_laplace_identity)                   \
  CLAIM(gap_lambda)                             \
  CLAIM(gap_bounds)                             \
  CLAIM(gap_envelope)                           \
  CLAIM(gap_ties)                               \
  CLAIM(gap_rank_collapse)                      \
  CLAIM(gap_criterion)                          \
  CLAIM(gumbel_point_process)                   \
  CLAIM(gumbel_lambda_law)                      \
  CLAIM(pd_limit)                               \
  CLAIM(family_exponential)                     \
  CLAIM(family_gaussian)                        \
  CLAIM(family_weibull)                         \
  CLAIM(family_log2)                            \
  CLAIM(family_equicorrelated)                  \
  CLAIM(family_sphere)                          \
  CLAIM(exponent_fit)

#define ATTNLAW_DECLARE_CLAIM(name) std::unique_ptr<harness::Claim> name();
ATTNLAW_UNIFIED_FRAMEWORK_CLAIMS(ATTNLAW_DECLARE_CLAIM)
#undef ATTNLAW_DECLARE_CLAIM

void register_claims(harness::Registry& registry) {
  registry.add_paper(
      "UF",
      "Hayase, Karakida: A Unified Framework for Critical Scaling of Inverse Temperature in Self-Attention "
      "(arXiv:2605.12697)",
      "theory/unified_framework/THEORY.md");
#define ATTNLAW_ADD_CLAIM(name) registry.add(name());
  ATTNLAW_UNIFIED_FRAMEWORK_CLAIMS(ATTNLAW_ADD_CLAIM)
#undef ATTNLAW_ADD_CLAIM

  // The planted bugs of the mutant audit: each is an alternative model registered beside the
  // claims that carry it (attnlaw audit mutants).
  registry.add_mutant("pd-alpha-plus-0.05", "every Poisson–Dirichlet reference evaluated at alpha + 0.05");
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
  registry.add_mutant(
      "log2-scale-exponent",
      "the log2 family's hazard scale h_n computed with (log n)^{1/eta} in place of eta (log n)^{1+1/eta}");
  registry.add_mutant("sphere-exponent-2-over-d",
                      "the sphere family's accumulation exponent taken as 2/d in place of 2/(d-1)");
  registry.add_mutant("sphere-exponent-half-codimension",
                      "the sphere family's accumulation exponent taken as (d-1)/2, the gap law's exponent, in place of "
                      "2/(d-1) (equal at d = 3)");
}

}  // namespace attnlaw::theory::unified_framework
