#include <memory>

#include "theory/multihead_dynamics/claims.hpp"

namespace attnlaw::theory::multihead_dynamics {

// The claims, in report order: one line each, naming the function of the claim's own file that
// builds it. Three groups: the single-head baseline (GLPR), the energy and its radial shadows,
// and the equiangular configurations of scalar heads.
#define ATTNLAW_MULTIHEAD_BASELINE_CLAIMS(CLAIM) \
  CLAIM(baseline_usa_ascent)                     \
  CLAIM(baseline_sa_dissipation)                 \
  CLAIM(baseline_qkv_condition)                  \
  CLAIM(baseline_clustering)                     \
  CLAIM(baseline_equiangular_ode)                \
  CLAIM(baseline_consensus_rate)

#define ATTNLAW_MULTIHEAD_ENERGY_CLAIMS(CLAIM)

#define ATTNLAW_MULTIHEAD_EQUIANGULAR_CLAIMS(CLAIM) \
  CLAIM(equiangular_ode)                            \
  CLAIM(equiangular_consensus_rate)                 \
  CLAIM(equiangular_clustering_time)

#define ATTNLAW_MULTIHEAD_DYNAMICS_CLAIMS(CLAIM) \
  ATTNLAW_MULTIHEAD_BASELINE_CLAIMS(CLAIM)       \
  ATTNLAW_MULTIHEAD_ENERGY_CLAIMS(CLAIM)         \
  ATTNLAW_MULTIHEAD_EQUIANGULAR_CLAIMS(CLAIM)

#define ATTNLAW_DECLARE_CLAIM(name) std::unique_ptr<harness::Claim> name();
ATTNLAW_MULTIHEAD_DYNAMICS_CLAIMS(ATTNLAW_DECLARE_CLAIM)
#undef ATTNLAW_DECLARE_CLAIM

void register_claims(harness::Registry& registry) {
  registry.add_paper("MH",
                     "Pendharkar: Gradient Flow Structure and Quantitative Dynamics of Multi-Head Self-Attention "
                     "(arXiv:2605.04279); statements reconstructed from the abstract");
#define ATTNLAW_ADD_CLAIM(name) registry.add(name());
  ATTNLAW_MULTIHEAD_DYNAMICS_CLAIMS(ATTNLAW_ADD_CLAIM)
#undef ATTNLAW_ADD_CLAIM

  // The planted bugs of the mutant audit: each is an alternative model registered beside the
  // claims that carry it (attnlaw audit mutants). Baseline group:
  registry.add_mutant("usa-speedup-missing-n",
                      "USA read as X' = grad E_beta without the speed-up n: dE/dt = sum_i |x_i'|^2 instead of "
                      "(1/n) sum_i |x_i'|^2");
  registry.add_mutant("sa-dissipation-unweighted",
                      "the SA dissipation identity without the partition functions: (1/n^2) sum_i |x_i'|^2 instead of "
                      "(1/n^2) sum_i Z_i |x_i'|^2");
  registry.add_mutant("qkv-value-identity",
                      "the QKV condition read as Q^T K symmetric alone, with the value matrix V = I instead of "
                      "V = Q^T K");
  registry.add_mutant("cone-collapse-value-score",
                      "cone collapse run with the QKV condition's value matrix V = Q^T K instead of the theorem's "
                      "V = I");

  // Energy group:

  // Equiangular group:
  registry.add_mutant("u-rate-missing-exponential",
                      "the U-type equiangular rate and linear rate at consensus without the factor e^{beta m_h rho} "
                      "(resp. e^{beta m_h}): the unnormalised weights taken as 1/n");
  registry.add_mutant("integrator-error-estimate-unused",
                      "the equiangular runs stepped by fixed-step RK4 at dt = 0.05 while the tolerance is taken as if "
                      "the steps were error-controlled at the requested tolerance");
  registry.add_mutant("clustering-time-ei-argument",
                      "the clustering time's second exponential integral taken at -beta(1 + (n-1) rho)/n, the "
                      "partial fraction's n - 1 written as n");
}

}  // namespace attnlaw::theory::multihead_dynamics
