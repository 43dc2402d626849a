#include <memory>

#include "theory/scaling_limits/claims.hpp"

namespace attnlaw::theory::scaling_limits {

// The claims, in report order: one line each, naming the function of the claim's own file that
// builds it.
#define ATTNLAW_SCALING_LIMITS_CLAIMS(CLAIM) \
  CLAIM(global_average)                      \
  CLAIM(subcritical_bias)                    \
  CLAIM(subcritical_gaussian)                \
  CLAIM(scale_exponent)                      \
  CLAIM(critical_top_weight)                 \
  CLAIM(critical_spacings)                   \
  CLAIM(critical_finite_mass)                \
  CLAIM(critical_output_energy)              \
  CLAIM(critical_output_tangential)          \
  CLAIM(local_exponent)                      \
  CLAIM(subcritical_top_weight)              \
  CLAIM(supercritical_collapse)              \
  CLAIM(supercritical_gap_law)               \
  CLAIM(supercritical_output)                \
  CLAIM(heat_equation)

#define ATTNLAW_DECLARE_CLAIM(name) std::unique_ptr<harness::Claim> name();
ATTNLAW_SCALING_LIMITS_CLAIMS(ATTNLAW_DECLARE_CLAIM)
#undef ATTNLAW_DECLARE_CLAIM

void register_claims(harness::Registry& registry) {
  registry.add_paper(
      "SL", "Bruno, Rigollet, Chen, Polyanskiy, Lin: Scaling Limits of Long-Context Transformers (arXiv:2605.08505)",
      "theory/scaling_limits/THEORY.md");
#define ATTNLAW_ADD_CLAIM(name) registry.add(name());
  ATTNLAW_SCALING_LIMITS_CLAIMS(ATTNLAW_ADD_CLAIM)
#undef ATTNLAW_ADD_CLAIM

  // The planted bugs of the mutant audit: each is an alternative model registered beside the
  // claims that carry it (attnlaw audit mutants).
  registry.add_mutant("bessel-orders-swapped", "A_d(beta) computed as I_{d/2-1}/I_{d/2} instead of I_{d/2}/I_{d/2-1}");
  registry.add_mutant(
      "variance-at-beta",
      "the second vMF moment taken at beta in place of 2 beta (A_d(beta)/beta for A_d(2 beta)/(2 beta))");
  registry.add_mutant("tangential-variance-x1.05", "the tangential variance of the output off by 5% (times 1.05)");
  registry.add_mutant("keys-not-normalised",
                      "Gaussian keys used without normalising them onto the sphere (naive sampler)");
  registry.add_mutant("softmax-without-max-subtraction",
                      "weights e^{-beta t_i} normalised without taking out the largest term (underflow at large beta)");
  registry.add_mutant("truncation-radius-too-small",
                      "truncated sampler keeping keys within t_(1) + 1/beta instead of t_(1) + ln(n/eps)/beta");
  registry.add_mutant("subcritical-two-term-centring",
                      "the output centred at the expansion 1 - (d-1)/(2 beta) instead of the exact A_d(beta)");
  registry.add_mutant("spacing-mean-gamma", "the mean 2 gamma of the critical log-weight spacings written as gamma");
  registry.add_mutant(
      "critical-constant-x1.03",
      "the critical constant c = gamma A_d^{-2/(d-1)} off by 3% in the reference (evaluated at 1.03 gamma)");
  registry.add_mutant("critical-exponent-2-over-d", "the critical exponent 2/d in place of 2/(d-1)");
  registry.add_mutant("local-exponent-wrong-a",
                      "the limit law of keys with gap exponent a taken with the sphere's p = 2/(d-1) in place of 1/a");
  registry.add_mutant("mixture-density-ignored",
                      "the density at q of a mixture key law ignored: uniform keys at n instead of n' = rho(q) n");
  registry.add_mutant("subcritical-theta-without-finite-beta",
                      "the limit variance of sqrt(2 theta)(1 - theta w_(1)) taken as 1 instead of 1 - 1/beta");
  registry.add_mutant(
      "supercritical-gap-rate",
      "the supercritical scale beta = lambda n^{2/(d-1)} without A_d^{2/(d-1)} (d = 3: lambda used as 2 lambda)");
  registry.add_mutant(
      "supercritical-gap-exp-for-all-d",
      "the supercritical gap law G = Gamma_2^p - Gamma_1^p taken as Exp(1) (the d = 3 law) for every d");
  registry.add_mutant("supercritical-nearest-key-radius",
                      "the ball constant kappa_d of the nearest-key radius replaced by the gap constant A_d");
  registry.add_mutant(
      "heat-drift-sign",
      "the key density of the heat-equation reference taken as e^{-kappa0 <mu0,k>}: drift of the opposite sign");
  registry.add_mutant("supercritical-fG0-times-p",
                      "the supercritical constant f_G(0) = Gamma(2-p)/p written Gamma(2-p) p (equal at p = 1, d = 3)");
  registry.add_mutant("tangential-directions-from-cube",
                      "the truncated sampler's tangential directions drawn as a normalised uniform point of the cube "
                      "[-1,1]^{d-1} instead of uniformly on S^{d-2}");
  registry.add_mutant("critical-finite-n-rate-1-over-n",
                      "the finite-n rate of the critical functionals taken as 1/n at every d, not n^{-min(1, 2/(d-1))} "
                      "(equal at d = 3)");
  registry.add_mutant("replicates-share-streams-pairwise",
                      "replicate r of the critical experiment drawn from counter r with its low bit cleared: pairs of "
                      "replicates are the same draw");
  registry.add_mutant("output-variance-next-order-sign",
                      "the 1/n terms of the output variances subtracted: var - next/n in place of var + next/n");
  registry.add_mutant("gap-exponent-integer-division",
                      "the exponent m = (d-1)/2 of the gap law computed in integer arithmetic (exact at odd d only)");
}

}  // namespace attnlaw::theory::scaling_limits
